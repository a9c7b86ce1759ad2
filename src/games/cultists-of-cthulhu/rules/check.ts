import { buildPool, rollDice, rollDie, type Die } from "./dice.js";
import { refuse } from "./refusals.js";
import type { Rng } from "./rng.js";
import type { Settings, Thresholds } from "./settings.js";
import type { Ability, Colour, CombatantId, DieResult } from "./types.js";

/** Counts of each result among a check's dice. */
export type Tally = Record<DieResult, number>;

/** The one reroll a check allows: every die showing `result`, plus up to `extra` single dice. */
export interface RerollChoice {
  result: DieResult | null;
  /** Indices of further single dice (an item's extra rerolls); none of them may show `result`. */
  dice: number[];
}

/** A five-die check, from its first roll to its final result. Plain JSON. */
export interface Check {
  roller: CombatantId;
  /** The ability rolled, or "attack" for a monster's (or transformed Cultist's) attack dice. */
  ability: Ability | "attack";
  difficulty: Colour;
  /** The dice as first rolled. */
  rolled: Die[];
  /** The dice now (equal to `rolled` until a reroll). */
  dice: Die[];
  /** Which dice the one reroll took again (indices into `dice`), or null if none was made. */
  rerolled: { result: DieResult | null; indices: number[] } | null;
  mayReroll: boolean;
  /** Single dice that may join the reroll (from items). */
  extraRerolls: number;
  thresholds: Thresholds;
  final: boolean;
  /**
   * Which roll of the game this is (1, 2, …): a press on an earlier roll's buttons names that
   * roll and is refused. Absent in checks stored before rolls were counted.
   */
  roll?: number;
}

export interface CheckSpec {
  roller: CombatantId;
  ability: Ability | "attack";
  abilityDice: readonly Colour[];
  difficulty: Colour;
  mayReroll: boolean;
  extraRerolls: number;
  /** Overrides of the default thresholds for this check (null turns an outcome off). */
  thresholds?: Partial<Thresholds> | undefined;
}

/** Builds the pool and rolls it. A check that may not be rerolled is final at once. */
export function rollCheck(spec: CheckSpec, rng: Rng, settings: Settings): Check {
  const dice = rollDice(rng, settings, buildPool(spec.abilityDice, spec.difficulty, settings));
  return {
    roller: spec.roller,
    ability: spec.ability,
    difficulty: spec.difficulty,
    rolled: dice,
    dice,
    rerolled: null,
    mayReroll: spec.mayReroll,
    extraRerolls: spec.mayReroll ? spec.extraRerolls : 0,
    thresholds: withOverrides(settings.thresholds, spec.thresholds),
    final: !spec.mayReroll,
  };
}

function withOverrides(base: Thresholds, overrides: Partial<Thresholds> | undefined): Thresholds {
  const out = { ...base };
  for (const result of ["good", "weird", "bad"] as const) {
    const value = overrides?.[result];
    if (value !== undefined) out[result] = value;
  }
  return out;
}

/** The single reroll; the check is final afterwards. Refuses anything the rules do not allow. */
export function rerollCheck(
  check: Check,
  choice: RerollChoice,
  rng: Rng,
  settings: Settings,
): Check {
  if (!check.mayReroll) refuse({ code: "may-not-reroll", roller: check.roller });
  if (check.final) refuse({ code: "no-roll-pending" });
  const indices = indicesToReroll(check, choice);
  const dice = check.dice.map((die, i) =>
    indices.includes(i) ? rollDie(rng, settings, die.colour) : die,
  );
  return { ...check, dice, rerolled: { result: choice.result, indices }, final: true };
}

export function keepCheck(check: Check): Check {
  if (check.final) refuse({ code: "no-roll-pending" });
  return { ...check, final: true };
}

function indicesToReroll(check: Check, choice: RerollChoice): number[] {
  if (choice.result === null && choice.dice.length === 0) refuse({ code: "nothing-chosen" });
  const ofResult: number[] = [];
  check.dice.forEach((die, i) => {
    if (die.result === choice.result) ofResult.push(i);
  });
  if (choice.result !== null && ofResult.length === 0) {
    refuse({ code: "no-die-shows", result: choice.result });
  }
  if (choice.dice.length > check.extraRerolls) {
    refuse({ code: "too-many-extra-dice", allowed: check.extraRerolls });
  }
  const extra: number[] = [];
  for (const index of choice.dice) {
    if (!Number.isInteger(index) || index < 0 || index >= check.dice.length) {
      refuse({ code: "invalid-die", index });
    }
    if (ofResult.includes(index) || extra.includes(index)) {
      refuse({ code: "die-already-chosen", index });
    }
    extra.push(index);
  }
  return [...ofResult, ...extra].sort((a, b) => a - b);
}

export function tally(dice: readonly Die[]): Tally {
  const counts: Tally = { good: 0, weird: 0, bad: 0 };
  for (const die of dice) counts[die.result] += 1;
  return counts;
}

/** The outcomes a result fires: each at most once, several at a time. */
export function firedOutcomes(counts: Tally, thresholds: Thresholds): DieResult[] {
  return (["good", "weird", "bad"] as const).filter((result) => {
    const needed = thresholds[result];
    return needed !== null && counts[result] >= needed;
  });
}
