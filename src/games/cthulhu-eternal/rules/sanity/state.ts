import { assertBondActive, bondStatus, damageBond, type BondDamageCause } from "../bonds.js";
import { maxSanity, recoverySanity } from "../derived.js";
import { RulesError } from "../errors.js";
import type { BondAction, BondSpending, NumberField } from "../refusals.js";
import { assertWhole } from "../validate.js";
import type { RuleOptions } from "../options.js";
import type { Rng } from "../../../../core/rng.js";
import {
  THREAT_TYPES,
  type AdaptableThreat,
  type Bond,
  type SanityState,
  type ThreatType,
} from "../types.js";
import type { BondChangeCause, ProjectionSummary, SanityEvent } from "./types.js";

/** Adaptation needs three ticked boxes (rules notes, Sanity). */
export const ADAPTATION_BOXES = 3;

const THREAT_LABEL: Readonly<Record<ThreatType, string>> = {
  unnatural: "Unnatural",
  violence: "Violence",
  helplessness: "Helplessness",
};

export function threatLabel(threat: ThreatType): string {
  return THREAT_LABEL[threat];
}

export function isAdaptableThreat(threat: ThreatType): threat is AdaptableThreat {
  return threat !== "unnatural";
}

export function assertThreat(threat: unknown): asserts threat is ThreatType {
  if (!(THREAT_TYPES as readonly unknown[]).includes(threat)) {
    throw new RulesError({ code: "invalid-threat", threat: String(threat) });
  }
}

/**
 * The name of the disorder a breaking point adds to `disorders`: none yet. The rules do not pick
 * the disorder (the GM does, from what broke the Protagonist, and names it on the sheet).
 */
export const UNNAMED_DISORDER = "";

/** Max SAN = 99 − Unnatural (seed 000). */
export function maxSan(state: Pick<SanityState, "unnatural" | "maxSanCorrupted">): number {
  return maxSanity(state.unnatural, state.maxSanCorrupted);
}

/** Recovery SAN = POW × 5, capped at Max SAN (seed 000). */
export function recoverySan(
  state: Pick<SanityState, "pow" | "unnatural" | "maxSanCorrupted">,
): number {
  return recoverySanity(state.pow, state.unnatural, state.maxSanCorrupted);
}

function assertWholeAtLeastZero(value: number, field: NumberField, of?: string): void {
  assertWhole(value, field, "invalid-sanity-state", 0, undefined, of);
}

/** Catch corrupt sheets early, with a message that names the bad field. */
export function assertSanityState(state: SanityState): void {
  assertWholeAtLeastZero(state.san, "san");
  assertWholeAtLeastZero(state.pow, "pow");
  assertWholeAtLeastZero(state.cha, "cha");
  assertWholeAtLeastZero(state.wp, "wp");
  assertWholeAtLeastZero(state.breakingPoint, "breaking-point");
  assertWholeAtLeastZero(state.unnatural, "unnatural");
  for (const threat of ["violence", "helplessness"] as const) {
    const { boxes } = state.adaptation[threat];
    assertWhole(boxes, "adaptation-boxes", "invalid-sanity-state", 0, ADAPTATION_BOXES, threat);
  }
  for (const bond of state.bonds) assertWholeAtLeastZero(bond.score, "bond-score", bond.name);
}

/** A deep copy, so results never share arrays or objects with the caller's before-state. */
export function copyState(state: SanityState): SanityState {
  return {
    ...state,
    adaptation: {
      violence: { ...state.adaptation.violence },
      helplessness: { ...state.adaptation.helplessness },
    },
    disorders: [...state.disorders],
    bonds: state.bonds.map((bond) => ({ ...bond })),
  };
}

/** Bonds that can still be drawn on: not broken, not destroyed. */
export function intactBonds(state: SanityState): Bond[] {
  return state.bonds.filter((bond) => bondStatus(bond) === "active");
}

/** The Bond a player chose to spend, or a RulesError saying why it cannot be. */
export function usableBond(state: SanityState, bondId: string, action: BondAction): Bond {
  const bond = state.bonds.find((candidate) => candidate.id === bondId);
  if (bond === undefined) {
    throw new RulesError({ code: "bond-not-found" });
  }
  assertBondActive(bond, action);
  return bond;
}

export function bondScoreOf(state: SanityState, bondId: string): number {
  return state.bonds.find((bond) => bond.id === bondId)?.score ?? 0;
}

/**
 * Lower a Bond of a copied state in place through bonds.ts's damageBond (at 0 it breaks: crossed
 * off, kept; seed 000 "Broken Bonds") and tell the story as Sanity events.
 */
export function lowerBond(
  state: SanityState,
  bondId: string,
  amount: number,
  cause: BondChangeCause,
  why: BondDamageCause,
  events: SanityEvent[],
): void {
  const index = state.bonds.findIndex((bond) => bond.id === bondId);
  const bond = state.bonds[index];
  if (bond === undefined || amount <= 0) return;
  const { bond: updated, change } = damageBond(bond, amount, undefined, why);
  state.bonds[index] = updated;
  events.push({
    type: "bond-lowered",
    bondId: change.bondId,
    bondName: change.name,
    cause,
    score: { before: change.before, after: change.after },
    reason: change.reason,
  });
  if (change.broke) {
    events.push({
      type: "bond-broken",
      bondId: change.bondId,
      bondName: change.name,
      cause,
    });
  }
}

/** What spending 1D4 WP through a Bond costs, before it is applied. */
export interface BondSpend {
  roll: number;
  wpSpent: number;
  reduction: number;
  shortfall: ProjectionSummary["shortfall"];
}

/**
 * Roll 1D4 and work out the WP spent and the reduction under the campaign's WP-shortfall option
 * (rules notes: implementations disagree when WP is short, so it is a setting).
 * - cap (default): spend only the WP there is, and reduce by that much.
 * - allow-zero: the whole roll counts; WP falls to 0.
 * - refuse: the roll must be covered by WP, else a RulesError.
 * With 0 WP there is nothing to spend in any mode: refused before rolling.
 */
export function rollBondSpend(
  wp: number,
  mode: RuleOptions["projectionWpShortfall"],
  spending: BondSpending,
  rng: Rng,
): BondSpend {
  if (wp <= 0) {
    throw new RulesError({ code: "no-willpower", spending });
  }
  const roll = rng.die(4);
  if (roll <= wp) return { roll, wpSpent: roll, reduction: roll, shortfall: "none" };
  switch (mode) {
    case "cap":
      return { roll, wpSpent: wp, reduction: wp, shortfall: "capped" };
    case "allow-zero":
      return { roll, wpSpent: wp, reduction: roll, shortfall: "allowed-zero" };
    case "refuse":
      throw new RulesError({ code: "wp-shortfall", spending, roll, wp });
  }
}
