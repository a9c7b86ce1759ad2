import { RulesError } from "./errors.js";
import { assertWhole } from "./validate.js";
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from "./options.js";
import { rollPercentile, type PercentileRoll, type TestCondition } from "./percentile.js";
import type { Rng } from "../../../core/rng.js";

/**
 * Hit points, Willpower points, damage, lethality and exhaustion.
 * Sources: seed 000 (thresholds, damage bonus) and the rules notes "Willpower, hit points, harm".
 */

// ---------------------------------------------------------------------------------------------
// Thresholds

/** HP at or below which a Protagonist falls unconscious (seed 000: "At 2 HP"). */
export const HP_UNCONSCIOUS_AT = 2;
/** HP at or below which a Protagonist dies (seed 000: "At 0 HP"). */
export const HP_DEAD_AT = 0;
/**
 * WP at or below which a Protagonist has a temporary emotional collapse. Seed 000 says "At 2 WP";
 * we read it as 2 or less, since WP can drop past 2 in one loss and the collapse must still happen.
 */
export const WP_COLLAPSE_AT = 2;
/** WP at or below which a Protagonist falls unconscious (seed 000: "At 0 WP"). */
export const WP_UNCONSCIOUS_AT = 0;

export type HpThreshold = "unconscious" | "dead";
export type WpThreshold = "emotional-collapse" | "unconscious";
export type HpState = "active" | HpThreshold;
export type WpState = "steady" | WpThreshold;

interface Threshold<Name> {
  name: Name;
  /** Reached when the points are at or below this. */
  at: number;
}

/** Mildest first, so a fall through several reports them in the order they happen. */
const HP_THRESHOLDS: readonly Threshold<HpThreshold>[] = [
  { name: "unconscious", at: HP_UNCONSCIOUS_AT },
  { name: "dead", at: HP_DEAD_AT },
];
const WP_THRESHOLDS: readonly Threshold<WpThreshold>[] = [
  { name: "emotional-collapse", at: WP_COLLAPSE_AT },
  { name: "unconscious", at: WP_UNCONSCIOUS_AT },
];

/** The worst threshold reached, or `fine` when none is. */
function stateFor<Name, Fine>(
  points: number,
  thresholds: readonly Threshold<Name>[],
  fine: Fine,
): Name | Fine {
  let state: Name | Fine = fine;
  for (const threshold of thresholds) if (points <= threshold.at) state = threshold.name;
  return state;
}

export function hpState(hp: number): HpState {
  assertWhole(hp, "hp", "invalid-hp", 0);
  return stateFor(hp, HP_THRESHOLDS, "active" as const);
}

export function wpState(wp: number): WpState {
  assertWhole(wp, "wp", "invalid-wp", 0);
  return stateFor(wp, WP_THRESHOLDS, "steady" as const);
}

export type PointsUnit = "HP" | "WP";

export interface PointsChange<State, ThresholdName> {
  unit: PointsUnit;
  before: number;
  after: number;
  max: number;
  /** The change actually applied after capping at 0 and at max (may differ from the delta asked). */
  applied: number;
  state: State;
  /** Thresholds reached by this change that were not already reached before it, mildest first. */
  crossed: ThresholdName[];
  /** Where the change asked for was cut short: at 0, at max, or not at all. */
  capped: "zero" | "max" | null;
}

export type HpChange = PointsChange<HpState, HpThreshold>;
export type WpChange = PointsChange<WpState, WpThreshold>;

/**
 * Change current HP by `delta` (negative for damage, positive for healing), never below 0 nor above
 * max. Healing from 0 is allowed so a GM can correct a mistake; the rules layer does not resurrect.
 */
export function applyHpChange(current: number, max: number, delta: number): HpChange {
  return applyPointsChange("HP", current, max, delta, HP_THRESHOLDS, "active" as const);
}

/** Change current WP by `delta`, never below 0 nor above max (WP = POW). */
export function applyWpChange(current: number, max: number, delta: number): WpChange {
  return applyPointsChange("WP", current, max, delta, WP_THRESHOLDS, "steady" as const);
}

function assertPoints(unit: PointsUnit, current: number, max: number): void {
  const lower = unit === "HP" ? "hp" : "wp";
  assertWhole(max, `max-${lower}`, `invalid-max-${lower}`, 1);
  assertWhole(current, `current-${lower}`, `invalid-${lower}`, 0, max);
}

function applyPointsChange<Name extends string, Fine extends string>(
  unit: PointsUnit,
  current: number,
  max: number,
  delta: number,
  thresholds: readonly Threshold<Name>[],
  fine: Fine,
): PointsChange<Name | Fine, Name> {
  assertPoints(unit, current, max);
  assertWhole(delta, unit === "HP" ? "hp-change" : "wp-change", "invalid-delta");

  const after = Math.min(max, Math.max(0, current + delta));
  const applied = after - current;
  const crossed = thresholds
    .filter((threshold) => after <= threshold.at && current > threshold.at)
    .map((threshold) => threshold.name);

  return {
    unit,
    before: current,
    after,
    max,
    applied,
    state: stateFor(after, thresholds, fine),
    crossed,
    capped: applied === delta ? null : current + delta < 0 ? "zero" : "max",
  };
}

// ---------------------------------------------------------------------------------------------
// Damage

/**
 * Where damage comes from. The damage bonus applies only to unarmed and hand-to-hand attacks
 * (seed 000); "other" covers firearms, explosives, falls and the rest.
 */
export type DamageSource = "unarmed" | "hand-to-hand" | "other";

export interface DamageInput {
  /** The damage dice total already rolled (or a failed lethality roll's damage). 0 or more. */
  rolled: number;
  source: DamageSource;
  /** The attacker's recorded damage bonus (derived.ts `damageBonus(STR)`: −2 … +2). */
  damageBonus?: number;
  /** The target's armour rating. 0 or more. */
  armour?: number;
  /** Called shots ignore armour (rules notes). */
  calledShot?: boolean;
  /**
   * A critical hit doubles the damage (rules notes). Leave it unset for a lethality roll's damage:
   * lethalityTest has already doubled it.
   */
  critical?: boolean;
}

/** One rule applied to a hit's damage; `total` is the damage after it. */
export type DamageStep =
  | { readonly code: "rolled"; readonly total: number }
  | {
      readonly code: "bonus";
      readonly bonus: number;
      readonly source: DamageSource;
      readonly total: number;
    }
  /** A damage bonus given for a source that does not get one. */
  | { readonly code: "bonus-ignored" }
  | { readonly code: "critical"; readonly total: number }
  | { readonly code: "armour"; readonly armour: number; readonly total: number }
  | { readonly code: "armour-ignored"; readonly armour: number };

export interface DamageResult {
  rolled: number;
  /** The bonus actually added (0 when the source is not unarmed or hand-to-hand). */
  bonusApplied: number;
  doubled: boolean;
  /** Armour actually subtracted (0 for called shots). */
  armourApplied: number;
  total: number;
  /** One per rule applied, in order. */
  steps: DamageStep[];
}

/**
 * Final damage of one hit. Order (our default): dice + damage bonus (never below 0, so a weak
 * punch cannot heal), ×2 on a critical, − armour (unless a called shot), never below 0.
 */
export function resolveDamage(input: DamageInput): DamageResult {
  const {
    rolled,
    source,
    damageBonus = 0,
    armour = 0,
    calledShot = false,
    critical = false,
  } = input;
  assertWhole(rolled, "damage", "invalid-damage", 0);
  assertWhole(damageBonus, "damage-bonus", "invalid-damage-bonus");
  assertWhole(armour, "armour", "invalid-armour", 0);

  const steps: DamageStep[] = [{ code: "rolled", total: rolled }];
  let total = rolled;

  const bonusApplies = source === "unarmed" || source === "hand-to-hand";
  const bonusApplied = bonusApplies ? damageBonus : 0;
  if (bonusApplied !== 0) {
    total = Math.max(0, total + bonusApplied);
    steps.push({ code: "bonus", bonus: bonusApplied, source, total });
  } else if (!bonusApplies && damageBonus !== 0) {
    steps.push({ code: "bonus-ignored" });
  }

  if (critical) {
    total *= 2;
    steps.push({ code: "critical", total });
  }

  let armourApplied = 0;
  if (armour > 0 && calledShot) {
    steps.push({ code: "armour-ignored", armour });
  } else if (armour > 0) {
    armourApplied = Math.min(armour, total);
    total -= armourApplied;
    steps.push({ code: "armour", armour, total });
  }

  return {
    rolled,
    bonusApplied,
    doubled: critical,
    armourApplied,
    total,
    steps,
  };
}

// ---------------------------------------------------------------------------------------------
// Lethality

export interface LethalityInput {
  /** The weapon's lethality %, a whole number from 0 to 100. */
  rating: number;
  /** The attack roll was a critical: the rating and the damage are doubled (rules notes). */
  critical?: boolean;
}

interface LethalityCommon {
  roll: PercentileRoll;
  rating: number;
  critical: boolean;
  /** The rating rolled against: doubled on a critical. 100 or more means certain death. */
  effectiveRating: number;
}

export type LethalityResult = LethalityCommon &
  (
    | { lethal: true }
    | {
        lethal: false;
        /** The tens digit read as damage (0 counts as 10). */
        tensDamage: number;
        /** The ones digit read as damage (0 counts as 10). */
        onesDamage: number;
        /** tensDamage + onesDamage, before any critical doubling. */
        baseDamage: number;
        /** The damage the target takes (before armour: pass it through resolveDamage). */
        damage: number;
      }
  );

/** A digit read as lethality damage: 0 counts as 10. */
function digitDamage(digit: number): number {
  return digit === 0 ? 10 : digit;
}

/**
 * Lethality roll (rules notes, Roll20 CE sheet): 1D100 at or under the (doubled on a critical)
 * rating kills. Otherwise the same roll's digits are added, each 0 counting as 10, and doubled on a
 * critical. Unlike a test, 100 is not an automatic failure here: it only matters when the doubled
 * rating reaches 100, and then the roll is at or under it.
 */
export function lethalityTest(input: LethalityInput, rng: Rng): LethalityResult {
  const { rating, critical = false } = input;
  assertWhole(rating, "lethality", "invalid-lethality", 0, 100);

  const effectiveRating = critical ? rating * 2 : rating;
  const roll = rollPercentile(rng);
  const common = { roll, rating, critical, effectiveRating };

  if (roll.value <= effectiveRating) {
    return { ...common, lethal: true };
  }
  const tensDamage = digitDamage(roll.tens);
  const onesDamage = digitDamage(roll.ones);
  const baseDamage = tensDamage + onesDamage;
  const damage = critical ? baseDamage * 2 : baseDamage;
  return {
    ...common,
    lethal: false,
    tensDamage,
    onesDamage,
    baseDamage,
    damage,
  };
}

// ---------------------------------------------------------------------------------------------
// Exhaustion (Foundry DG reading)

export interface ExhaustionState {
  wp: number;
  maxWp: number;
  exhausted: boolean;
}

export interface ExhaustionResult {
  /** The 1D6 rolled. */
  wpRoll: number;
  wp: WpChange;
  exhausted: boolean;
  /** Modifier to add to every test while exhausted: −penalty, or 0 once rested. */
  testModifier: number;
  /** Whether the Protagonist was exhausted before (resting then clears it). */
  wasExhausted: boolean;
}

/** The test modifier exhaustion imposes: −options.exhaustionPenalty while exhausted, else 0. */
export function exhaustionModifier(
  exhausted: boolean,
  options: Pick<RuleOptions, "exhaustionPenalty"> = DEFAULT_RULE_OPTIONS,
): number {
  return exhausted && options.exhaustionPenalty > 0 ? -options.exhaustionPenalty : 0;
}

/**
 * What exhaustion does to a test, as a condition the percentile test adds to its target: the
 * penalty while exhausted (none with a penalty of 0, or once rested).
 */
export function exhaustionConditions(
  exhausted: boolean,
  options: Pick<RuleOptions, "exhaustionPenalty"> = DEFAULT_RULE_OPTIONS,
): TestCondition[] {
  const modifier = exhaustionModifier(exhausted, options);
  return modifier === 0 ? [] : [{ kind: "exhausted", modifier }];
}

/** Becoming exhausted: lose 1D6 WP and take the exhaustion penalty to tests until rested. */
export function becomeExhausted(
  state: ExhaustionState,
  rng: Rng,
  options: Pick<RuleOptions, "exhaustionPenalty"> = DEFAULT_RULE_OPTIONS,
): ExhaustionResult {
  if (state.exhausted) {
    throw new RulesError({ code: "already-exhausted" });
  }
  assertPoints("WP", state.wp, state.maxWp);
  const wpRoll = rng.die(6);
  const wp = applyWpChange(state.wp, state.maxWp, -wpRoll);
  const testModifier = exhaustionModifier(true, options);
  return {
    wpRoll,
    wp,
    exhausted: true,
    testModifier,
    wasExhausted: false,
  };
}

/** Resting: regain 1D6 WP (never above max) and clear exhaustion. */
export function restFromExhaustion(state: ExhaustionState, rng: Rng): ExhaustionResult {
  assertPoints("WP", state.wp, state.maxWp);
  const wpRoll = rng.die(6);
  const wp = applyWpChange(state.wp, state.maxWp, wpRoll);
  return {
    wpRoll,
    wp,
    exhausted: false,
    testModifier: 0,
    wasExhausted: state.exhausted,
  };
}
