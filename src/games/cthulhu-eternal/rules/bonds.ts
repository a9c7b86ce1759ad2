import { RulesError } from "./errors.js";
import type { BondAction } from "./refusals.js";
import { assertWhole } from "./validate.js";
import type { Rng } from "../../../core/rng.js";
import { assertRoomOnSheet } from "./sheet-limits.js";
import type { Bond, BondKind } from "./types.js";

/**
 * Bonds (seed 000, "Detailed Description: Bonds"): individual Bonds capped at CHA, community Bonds
 * on a 1–20 scale, damage and breaking, improvement, and Bonds forged through shared adversity.
 * Every function is pure: it returns new Bonds and never changes the ones it was given.
 */

export const BOND_KINDS: readonly BondKind[] = ["individual", "community"];

/** Community Bonds are "measured on a scale of 1 to 20" (seed 000). */
export const COMMUNITY_BOND_MAX = 20;
export const COMMUNITY_BOND_MIN = 1;

/**
 * Active: usable. Broken: damage took it to 0. Destroyed: its subject died, went permanently
 * insane, or (for a community) was wiped out or left. Broken and destroyed Bonds are crossed off
 * but stay on the sheet ("there's no forgetting a vital relationship that went bad").
 */
export type BondStatus = "active" | "broken" | "destroyed";

/** A broken Bond sits at 0; a destroyed one keeps the score it had when its subject was lost. */
export function bondStatus(bond: Bond): BondStatus {
  if (!bond.crossedOff) return "active";
  return bond.score <= 0 ? "broken" : "destroyed";
}

/** The highest score a Bond may have: CHA for an individual Bond, 20 for a community Bond. */
export function maxBondScore(kind: BondKind, cha: number): number {
  return kind === "individual" ? cha : COMMUNITY_BOND_MAX;
}

/** What lowered a Bond: harm to its subject (the default), or what the Protagonist was doing. */
export type BondDamageCause =
  | { readonly code: "harm" }
  /** Shared adversity: neglected for a new Bond, or while a Bond deepened, with this fellow. */
  | { readonly code: "neglected-for-new-bond"; readonly fellow: string }
  | { readonly code: "neglected-while-deepening"; readonly fellow: string }
  | { readonly code: "projected" }
  | { readonly code: "repressed" }
  /** `cappedAtCha`: the CHA the Bond was also cut to, beyond the 1D6 `cost`; null when not. */
  | {
      readonly code: "adapting-to-violence";
      readonly cost: number;
      readonly cappedAtCha: number | null;
    };

/** What raised a Bond: downtime cultivation (the default) or shared adversity. */
export type BondImproveCause = "cultivated" | "deepened";

/** Why a Bond's score moved, as facts; presentation words it with the change's numbers. */
export type BondChangeReason =
  /** `rolled`: the 1D4 face when the harm was rolled; null for a given amount. */
  | {
      readonly code: "damaged";
      readonly cause: BondDamageCause;
      readonly amount: number;
      readonly rolled: number | null;
    }
  /**
   * `cap`: the limit that cut the gain (CHA for an individual Bond, 20 for a community one), null
   * when it did not. `rolled`: the 1D4 that set the amount, when it was rolled.
   */
  | {
      readonly code: "improved";
      readonly cause: BondImproveCause;
      readonly amount: number;
      readonly cap: { readonly kind: BondKind; readonly score: number } | null;
      readonly rolled: number | null;
    }
  | {
      readonly code: "cha-dropped";
      readonly drop: number;
      readonly from: number;
      readonly to: number;
    }
  /** A new Bond through shared adversity: half of this CHA, rounded up. */
  | { readonly code: "forged"; readonly cha: number }
  /** Shared adversity could not deepen a Bond already at CHA (no die rolled). */
  | { readonly code: "already-at-cha"; readonly cha: number };

export type BondChangeReasonCode = BondChangeReason["code"];

/** One Bond's score moving, with the reason, so the bot can show every change. */
export interface BondChange {
  bondId: string;
  name: string;
  before: number;
  after: number;
  /** True when this change took the Bond to 0 and broke it. */
  broke: boolean;
  reason: BondChangeReason;
}

export function assertCha(cha: number): void {
  assertWhole(cha, "cha", "invalid-cha", 0);
}

/**
 * Throw unless the Bond can still be used. Broken and destroyed Bonds cannot be damaged, improved
 * or projected onto; the only way back is a brand-new Bond (seed 000, "Broken Bonds").
 */
export function assertBondActive(bond: Bond, action: BondAction): void {
  const status = bondStatus(bond);
  if (status === "active") return;
  const code = status === "broken" ? "bond-broken" : "bond-destroyed";
  throw new RulesError({ code, bond: bond.name, action });
}

/** The harm a disaster does to a Bond's subject: 1D4 (seed 000) or an amount the GM names. */
export type BondHarm = number | "1D4";

export interface BondDamageResult {
  bond: Bond;
  change: BondChange;
  /** The 1D4 face when the harm was rolled. */
  rolled?: number;
  /** Points of damage dealt (the roll or the given amount). */
  amount: number;
}

/**
 * Reduce a Bond by 1D4 or a given amount. At 0 or less the Bond is broken: its score becomes 0 and
 * it is crossed off, but it is kept (seed 000, "Broken Bonds"). Sanity calls this when a
 * Protagonist projects onto a Bond or represses insanity.
 */
export function damageBond(
  bond: Bond,
  harm: BondHarm,
  rng?: Rng,
  cause: BondDamageCause = { code: "harm" },
): BondDamageResult {
  assertBondActive(bond, "damage");
  let amount: number;
  let rolled: number | undefined;
  if (harm === "1D4") {
    if (rng === undefined) {
      throw new RulesError({ code: "dice-unavailable" });
    }
    rolled = rng.die(4);
    amount = rolled;
  } else {
    assertWhole(harm, "bond-damage", "invalid-bond-damage", 0);
    amount = harm;
  }
  const remaining = bond.score - amount;
  const broke = remaining <= 0;
  const after = Math.max(0, remaining);
  const updated: Bond = { ...bond, score: after, crossedOff: broke };
  return {
    bond: updated,
    amount,
    ...(rolled === undefined ? {} : { rolled }),
    change: {
      bondId: bond.id,
      name: bond.name,
      before: bond.score,
      after,
      broke,
      reason: { code: "damaged", cause, amount, rolled: rolled ?? null },
    },
  };
}

/** A destroyed Bond, as facts: its name and why, as the GM gave it (null: its subject is gone). */
export interface BondDestroyReason {
  readonly code: "destroyed";
  readonly bond: string;
  readonly why: string | null;
}

export interface BondDestroyResult {
  bond: Bond;
  reason: BondDestroyReason;
}

/**
 * The subject died, went permanently insane, or left for good (or the community was wiped out or
 * the Protagonist left it): the Bond is destroyed, crossed off and kept with its last score.
 */
export function destroyBond(bond: Bond, why: string | null = null): BondDestroyResult {
  assertBondActive(bond, "destroy");
  return {
    bond: { ...bond, crossedOff: true },
    reason: { code: "destroyed", bond: bond.name, why },
  };
}

export interface BondImproveResult {
  bond: Bond;
  change: BondChange;
  /** What was asked for. */
  requested: number;
  /** What the Bond actually gained after the cap. */
  gained: number;
  /** True when the cap (CHA or 20) stopped part or all of the gain. */
  capped: boolean;
}

/**
 * Raise a Bond (downtime cultivation, or a GM award), never above CHA for an individual Bond or 20
 * for a community Bond (seed 000). The result says when the cap cut the gain.
 */
export function improveBond(
  bond: Bond,
  amount: number,
  cha: number,
  cause: BondImproveCause = "cultivated",
  rolled: number | null = null,
): BondImproveResult {
  assertBondActive(bond, "improve");
  assertWhole(amount, "bond-improvement", "invalid-bond-improvement", 1);
  assertCha(cha);
  const cap = maxBondScore(bond.kind, cha);
  const after = Math.max(bond.score, Math.min(cap, bond.score + amount));
  const gained = after - bond.score;
  const capped = gained < amount;
  return {
    bond: { ...bond, score: after },
    requested: amount,
    gained,
    capped,
    change: {
      bondId: bond.id,
      name: bond.name,
      before: bond.score,
      after,
      broke: false,
      reason: {
        code: "improved",
        cause,
        amount,
        cap: capped ? { kind: bond.kind, score: cap } : null,
        rolled,
      },
    },
  };
}

export interface ChaLossResult {
  bonds: Bond[];
  changes: BondChange[];
  /** How far CHA dropped; each active individual Bond dropped by the same amount. */
  drop: number;
}

/**
 * CHA dropped from `oldCha` to `newCha`: every active individual Bond drops by the same amount
 * (seed 000, "Changes to Individual Bonds During Play"), breaking at 0. Community Bonds do not
 * follow CHA. Bonds also end up no higher than the new CHA, the individual cap.
 */
export function lowerCha(bonds: readonly Bond[], newCha: number, oldCha: number): ChaLossResult {
  assertCha(newCha);
  assertCha(oldCha);
  if (newCha > oldCha) {
    throw new RulesError({ code: "cha-not-lowered", before: oldCha, after: newCha });
  }
  const drop = oldCha - newCha;
  const changes: BondChange[] = [];
  const updated = bonds.map((bond) => {
    if (drop === 0 || bond.kind !== "individual" || bondStatus(bond) !== "active") return bond;
    const remaining = Math.min(bond.score - drop, newCha);
    const broke = remaining <= 0;
    const after = Math.max(0, remaining);
    changes.push({
      bondId: bond.id,
      name: bond.name,
      before: bond.score,
      after,
      broke,
      reason: { code: "cha-dropped", drop, from: oldCha, to: newCha },
    });
    return { ...bond, score: after, crossedOff: broke };
  });
  return { bonds: updated, changes, drop };
}

export interface NewBondInput {
  /** Omit to get the first free "bond-N". */
  id?: string;
  name: string;
  kind: BondKind;
  /**
   * Individual: 1 to CHA, CHA when omitted (seed 000: "begins with a score equal to your
   * Protagonist's CHA"; shared adversity and downtime may start lower). Community: 1 to 20, required
   * (its default comes from Resources, which is Protagonist creation's business).
   */
  score?: number;
  /** For a Bond with a fellow Protagonist. */
  fellowId?: string;
}

export interface AddBondResult {
  bonds: Bond[];
  bond: Bond;
}

/** First "bond-N" not yet used, so generated ids never clash with kept, crossed-off Bonds. */
export function nextBondId(bonds: readonly Bond[]): string {
  const used = new Set(bonds.map((bond) => bond.id));
  let n = bonds.length + 1;
  while (used.has(`bond-${n}`)) n += 1;
  return `bond-${n}`;
}

/** A Bond's subject as names are compared: letter case and spaces do not matter. */
export function subjectKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");
}

export function sameSubject(a: string, b: string): boolean {
  return subjectKey(a) === subjectKey(b);
}

/**
 * Add a Bond after checking it: a non-empty name, a known kind, a starting score within the limits,
 * an unused id, no active Bond with the same name or fellow, and room on the sheet. A crossed-off
 * Bond does not block a new one to the same subject: rebuilding "from scratch" is exactly how a
 * broken Bond returns.
 */
export function addBond(bonds: readonly Bond[], input: NewBondInput, cha: number): AddBondResult {
  assertCha(cha);
  assertRoomOnSheet("bonds", bonds.length);
  const name = input.name.trim();
  if (name === "") {
    throw new RulesError({ code: "bond-name-empty" });
  }
  if (!BOND_KINDS.includes(input.kind)) {
    throw new RulesError({ code: "invalid-bond-kind", kind: input.kind, withFellow: false });
  }
  let score: number;
  if (input.kind === "individual") {
    if (cha < 1) {
      throw new RulesError({ code: "cha-too-low", forming: false });
    }
    score = input.score ?? cha;
    assertWhole(score, "individual-bond-score", "invalid-bond-score", 1, cha);
  } else {
    if (input.score === undefined) {
      throw new RulesError({ code: "bond-score-missing" });
    }
    score = input.score;
    assertWhole(
      score,
      "community-bond-score",
      "invalid-bond-score",
      COMMUNITY_BOND_MIN,
      COMMUNITY_BOND_MAX,
    );
  }
  const id = input.id?.trim() ?? nextBondId(bonds);
  if (id === "") throw new RulesError({ code: "bond-id-empty" });
  if (bonds.some((bond) => bond.id === id)) {
    throw new RulesError({ code: "bond-id-taken", id });
  }
  const active = bonds.filter((bond) => bondStatus(bond) === "active");
  const namesake = active.find((bond) => sameSubject(bond.name, name));
  if (namesake !== undefined) {
    throw new RulesError({ code: "bond-exists", bond: namesake.name, withFellow: false });
  }
  if (input.fellowId !== undefined) {
    if (input.kind !== "individual") {
      throw new RulesError({ code: "invalid-bond-kind", kind: input.kind, withFellow: true });
    }
    const fellowBond = active.find((bond) => bond.fellowId === input.fellowId);
    if (fellowBond !== undefined) {
      throw new RulesError({ code: "bond-exists", bond: fellowBond.name, withFellow: true });
    }
  }
  const bond: Bond = {
    id,
    name,
    kind: input.kind,
    score,
    crossedOff: false,
    ...(input.fellowId === undefined ? {} : { fellowId: input.fellowId }),
  };
  return { bonds: [...bonds, bond], bond };
}

/**
 * Strikes a crossed-off Bond from the sheet, to make room on a full one. Only broken and destroyed
 * Bonds: a standing Bond is destroyed first, so nothing the rules still use disappears.
 */
export function eraseBond(bonds: readonly Bond[], bondId: string): Bond[] {
  const bond = bonds.find((candidate) => candidate.id === bondId);
  if (bond === undefined) {
    throw new RulesError({ code: "bond-not-found" });
  }
  if (bondStatus(bond) === "active") {
    throw new RulesError({ code: "bond-active", bond: bond.name });
  }
  return bonds.filter((candidate) => candidate.id !== bondId);
}
