import { RulesError } from "./errors.js";
import type { Rng } from "./rng.js";
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

/** Shared adversity forms or deepens Bonds with "up to a maximum of five fellow Protagonists". */
export const MAX_SHARED_ADVERSITY_FELLOWS = 5;

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

/** One Bond's score moving, with the reason, so the bot can show every change. */
export interface BondChange {
  bondId: string;
  name: string;
  before: number;
  after: number;
  /** True when this change took the Bond to 0 and broke it. */
  broke: boolean;
  reason: string;
}

function assertWhole(value: number, what: string, code: string, min: number, max?: number): void {
  if (Number.isSafeInteger(value) && value >= min && (max === undefined || value <= max)) return;
  const range = max === undefined ? `${min} or more` : `from ${min} to ${max}`;
  throw new RulesError(code, `${what} must be a whole number ${range}, not ${String(value)}.`);
}

function assertCha(cha: number): void {
  assertWhole(cha, "CHA", "invalid-cha", 0);
}

/**
 * Throw unless the Bond can still be used. Broken and destroyed Bonds cannot be damaged, improved
 * or projected onto; the only way back is a brand-new Bond (seed 000, "Broken Bonds").
 */
export function assertBondActive(bond: Bond, action: string): void {
  const status = bondStatus(bond);
  if (status === "active") return;
  const why =
    status === "broken"
      ? "it is broken (its score reached 0)"
      : "it is destroyed (its subject is gone)";
  throw new RulesError(
    `bond-${status}`,
    `The Bond “${bond.name}” cannot be ${action}: ${why}. It stays crossed off on the sheet; only a new Bond can replace it.`,
  );
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
  reason = "harm to the Bond's subject",
): BondDamageResult {
  assertBondActive(bond, "damaged");
  let amount: number;
  let rolled: number | undefined;
  if (harm === "1D4") {
    if (rng === undefined) {
      throw new RulesError("dice-unavailable", "Rolling 1D4 of Bond damage needs dice.");
    }
    rolled = rng.die(4);
    amount = rolled;
  } else {
    assertWhole(harm, "Bond damage", "invalid-bond-damage", 0);
    amount = harm;
  }
  const remaining = bond.score - amount;
  const broke = remaining <= 0;
  const after = Math.max(0, remaining);
  const updated: Bond = { ...bond, score: after, crossedOff: broke };
  const rollText = rolled === undefined ? `${amount}` : `1D4 = ${rolled}`;
  const outcome = broke ? `; at 0 it breaks and is crossed off` : "";
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
      reason: `${reason}: −${rollText}, ${bond.score} → ${after}${outcome}`,
    },
  };
}

export interface BondDestroyResult {
  bond: Bond;
  reason: string;
}

/**
 * The subject died, went permanently insane, or left for good (or the community was wiped out or
 * the Protagonist left it): the Bond is destroyed, crossed off and kept with its last score.
 */
export function destroyBond(bond: Bond, why = "its subject is gone"): BondDestroyResult {
  assertBondActive(bond, "destroyed");
  return {
    bond: { ...bond, crossedOff: true },
    reason: `The Bond “${bond.name}” is destroyed (${why}) and crossed off; it stays on the sheet.`,
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
  reason = "cultivated",
): BondImproveResult {
  assertBondActive(bond, "improved");
  assertWhole(amount, "A Bond improvement", "invalid-bond-improvement", 1);
  assertCha(cha);
  const cap = maxBondScore(bond.kind, cha);
  const after = Math.max(bond.score, Math.min(cap, bond.score + amount));
  const gained = after - bond.score;
  const capped = gained < amount;
  const capName = bond.kind === "individual" ? `CHA ${cha}` : `${COMMUNITY_BOND_MAX}`;
  const capText = capped ? ` (capped at ${capName})` : "";
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
      reason: `${reason}: +${amount}, ${bond.score} → ${after}${capText}`,
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
    throw new RulesError(
      "cha-not-lowered",
      `CHA went up (${oldCha} → ${newCha}); Bonds only follow CHA down, so raise them separately.`,
    );
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
      reason: `CHA dropped by ${drop} (${oldCha} → ${newCha}): ${bond.score} → ${after}${broke ? "; at 0 it breaks and is crossed off" : ""}`,
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

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Add a Bond after checking it: a non-empty name, a known kind, a starting score within the limits,
 * an unused id, and no active Bond with the same name or fellow. A crossed-off Bond does not block
 * a new one to the same subject: rebuilding "from scratch" is exactly how a broken Bond returns.
 */
export function addBond(bonds: readonly Bond[], input: NewBondInput, cha: number): AddBondResult {
  assertCha(cha);
  const name = input.name.trim();
  if (name === "") {
    throw new RulesError("bond-name-empty", "A Bond needs a name (e.g. “My wife”, “The Guild”).");
  }
  if (!BOND_KINDS.includes(input.kind)) {
    throw new RulesError(
      "invalid-bond-kind",
      `A Bond is either individual or community, not “${input.kind}”.`,
    );
  }
  let score: number;
  if (input.kind === "individual") {
    if (cha < 1) {
      throw new RulesError(
        "cha-too-low",
        "With CHA 0 the Protagonist cannot hold an individual Bond (its cap is CHA).",
      );
    }
    score = input.score ?? cha;
    assertWhole(score, "An individual Bond's starting score", "invalid-bond-score", 1, cha);
  } else {
    if (input.score === undefined) {
      throw new RulesError("bond-score-missing", "A community Bond needs a starting score (1–20).");
    }
    score = input.score;
    assertWhole(
      score,
      "A community Bond's starting score",
      "invalid-bond-score",
      COMMUNITY_BOND_MIN,
      COMMUNITY_BOND_MAX,
    );
  }
  const id = input.id?.trim() ?? nextBondId(bonds);
  if (id === "") throw new RulesError("bond-id-empty", "A Bond id cannot be empty.");
  if (bonds.some((bond) => bond.id === id)) {
    throw new RulesError("bond-id-taken", `There is already a Bond with id “${id}”.`);
  }
  const active = bonds.filter((bond) => bondStatus(bond) === "active");
  const namesake = active.find((bond) => sameName(bond.name, name));
  if (namesake !== undefined) {
    throw new RulesError("bond-exists", `There is already an active Bond “${namesake.name}”.`);
  }
  if (input.fellowId !== undefined) {
    if (input.kind !== "individual") {
      throw new RulesError(
        "invalid-bond-kind",
        "A Bond with a fellow Protagonist is an individual Bond.",
      );
    }
    const fellowBond = active.find((bond) => bond.fellowId === input.fellowId);
    if (fellowBond !== undefined) {
      throw new RulesError(
        "bond-exists",
        `There is already an active Bond with that Protagonist (“${fellowBond.name}”).`,
      );
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

// ---------------------------------------------------------------------------------------------
// Bonds forged through shared adversity (seed 000)
// ---------------------------------------------------------------------------------------------

/** A fellow Protagonist who made it back from the same harrowing adventure. */
export interface Fellow {
  /** The fellow Protagonist's id, matched against `Bond.fellowId`. */
  id: string;
  name: string;
}

export interface SharedAdversityState {
  cha: number;
  bonds: readonly Bond[];
  /**
   * The downtime SAN test this survivor rolled (the sanity/percentile modules roll it; a
   * `percentileTest` result fits). Only a failure forms or deepens Bonds.
   */
  sanTest: { success: boolean };
  /**
   * Bonds to other individuals who were on the adventure but are not surviving fellows (a fellow
   * who died, an NPC companion). They cannot be weakened either; fellows' Bonds are excluded anyway.
   */
  bondsToOthersOnAdventure?: readonly string[];
}

/**
 * New Bonds from shared adversity start at "half your Protagonist's CHA". Our choice: rounded up,
 * like every rounding seed 000 spells out (HP, a community Bond's half-Resources start, pooling's
 * fifths); it also keeps CHA 1 from forming a Bond born broken at 0.
 */
export function sharedAdversityBondScore(cha: number): number {
  assertCha(cha);
  return Math.ceil(cha / 2);
}

export type SharedAdversityStepKind = "new-bond" | "strengthen";

export interface PlannedSharedAdversityStep {
  fellow: Fellow;
  kind: SharedAdversityStepKind;
  /** The active individual Bond with this fellow, for "strengthen". */
  existingBond?: Bond;
  /** Starting score of the new Bond, for "new-bond". */
  newBondScore?: number;
  /** What another Bond loses: 1D4 for a new Bond, 1 for a strengthened one. */
  cost: "1D4" | 1;
  /** Bonds the player may weaken for this fellow; empty when there is nothing left to weaken. */
  eligibleToWeaken: Bond[];
  /** Whether the player must name a Bond to weaken for this fellow. */
  choiceRequired: boolean;
}

export interface SharedAdversityPlan {
  /** False when the SAN test succeeded or there are no fellows: nothing changes. */
  applies: boolean;
  steps: PlannedSharedAdversityStep[];
  reason: string;
}

/** For each fellow that needs one, the id of the Bond the player chose to weaken. */
export type SharedAdversityChoices = Readonly<Record<string, string>>;

function validateFellows(fellows: readonly Fellow[]): void {
  if (fellows.length > MAX_SHARED_ADVERSITY_FELLOWS) {
    throw new RulesError(
      "too-many-fellows",
      `Shared adversity forms Bonds with at most ${MAX_SHARED_ADVERSITY_FELLOWS} fellow Protagonists, not ${fellows.length}: pick five.`,
    );
  }
  const seen = new Set<string>();
  for (const fellow of fellows) {
    if (fellow.id.trim() === "" || fellow.name.trim() === "") {
      throw new RulesError("invalid-fellow", "Each fellow Protagonist needs an id and a name.");
    }
    if (seen.has(fellow.id)) {
      throw new RulesError("duplicate-fellow", `${fellow.name} is listed twice.`);
    }
    seen.add(fellow.id);
  }
}

/**
 * The active individual Bond with this fellow: linked by `fellowId`, or else (for Bonds written
 * before the fellow had an id in the bot) an unlinked individual Bond with the fellow's name.
 */
function activeFellowBond(bonds: readonly Bond[], fellow: Fellow): Bond | undefined {
  const usable = bonds.filter(
    (bond) => bond.kind === "individual" && bondStatus(bond) === "active",
  );
  return (
    usable.find((bond) => bond.fellowId === fellow.id) ??
    usable.find((bond) => bond.fellowId === undefined && sameName(bond.name, fellow.name))
  );
}

/**
 * Bonds the player may weaken: active, and not a Bond to an individual who was on the adventure
 * (the fellows, and `bondsToOthersOnAdventure`). Community Bonds and earlier shared-adversity Bonds
 * to people who were not on this adventure are allowed (seed 000).
 */
function eligibleToWeaken(
  bonds: readonly Bond[],
  fellows: readonly Fellow[],
  othersOnAdventure: readonly string[],
): Bond[] {
  const fellowIds = new Set(fellows.map((fellow) => fellow.id));
  const excluded = new Set(othersOnAdventure);
  for (const fellow of fellows) {
    const bond = activeFellowBond(bonds, fellow);
    if (bond !== undefined) excluded.add(bond.id);
  }
  return bonds.filter(
    (bond) =>
      bondStatus(bond) === "active" &&
      !excluded.has(bond.id) &&
      !(bond.fellowId !== undefined && fellowIds.has(bond.fellowId)),
  );
}

function validateState(state: SharedAdversityState): void {
  assertCha(state.cha);
}

/**
 * What shared adversity will do and which choices the player must make: for each fellow, whether a
 * Bond is new or strengthened, and which Bonds may pay the cost. Nothing is rolled here.
 */
export function planSharedAdversity(
  state: SharedAdversityState,
  fellows: readonly Fellow[],
): SharedAdversityPlan {
  validateState(state);
  validateFellows(fellows);
  if (state.sanTest.success) {
    return {
      applies: false,
      steps: [],
      reason: "The SAN test succeeded: shared adversity changes nothing.",
    };
  }
  if (fellows.length === 0) {
    return {
      applies: false,
      steps: [],
      reason: "No fellow Protagonist made it back: there is no one to bond with.",
    };
  }
  const eligible = eligibleToWeaken(state.bonds, fellows, state.bondsToOthersOnAdventure ?? []);
  const needsNewBond = fellows.some(
    (fellow) => activeFellowBond(state.bonds, fellow) === undefined,
  );
  if (needsNewBond && state.cha < 1) {
    throw new RulesError(
      "cha-too-low",
      "With CHA 0 the Protagonist cannot form a new individual Bond.",
    );
  }
  const steps = fellows.map((fellow): PlannedSharedAdversityStep => {
    const existingBond = activeFellowBond(state.bonds, fellow);
    const common = {
      fellow,
      eligibleToWeaken: eligible,
      choiceRequired: eligible.length > 0,
    };
    return existingBond === undefined
      ? {
          ...common,
          kind: "new-bond",
          newBondScore: sharedAdversityBondScore(state.cha),
          cost: "1D4",
        }
      : { ...common, kind: "strengthen", existingBond, cost: 1 };
  });
  const choiceNote =
    eligible.length > 0
      ? "For each fellow, choose a Bond to weaken (not one to anyone who was on the adventure)."
      : "There is no other Bond to weaken, so no cost can be paid.";
  return {
    applies: true,
    steps,
    reason: `The SAN test failed: Bonds form or deepen with ${fellows.map((fellow) => fellow.name).join(", ")}. ${choiceNote}`,
  };
}

export interface SharedAdversityStep {
  fellow: Fellow;
  kind: SharedAdversityStepKind;
  /** The Bond with the fellow after this step (new or strengthened). */
  fellowBond: Bond;
  /** The fellow Bond's change: from 0 for a new Bond. */
  fellowChange: BondChange;
  /** The 1D4 rolled to strengthen an existing Bond (absent when it was already at CHA). */
  strengthenRoll?: number;
  /** The 1D4 rolled for the cost of a new Bond. */
  costRoll?: number;
  /** The other Bond's loss; absent when no Bond was left to weaken. */
  weakened?: BondChange;
}

export interface SharedAdversityResult {
  /**
   * "no-change": the SAN test succeeded or there were no fellows. "complete": every fellow was
   * handled. "needs-choice": a chosen Bond broke earlier in this same procedure; the finished steps
   * stand (their dice are spent) and the player chooses again for `pendingFellows`: plan and apply
   * again with `resumeState` and `pendingFellows`.
   */
  status: "no-change" | "complete" | "needs-choice";
  bonds: Bond[];
  steps: SharedAdversityStep[];
  pendingFellows: Fellow[];
  /**
   * For "needs-choice": the state to resume from. Its `bondsToOthersOnAdventure` adds the Bonds to
   * the fellows already handled, who were on the adventure too and so still cannot be weakened.
   */
  resumeState?: SharedAdversityState;
  reason: string;
}

function checkChoices(plan: SharedAdversityPlan, choices: SharedAdversityChoices): void {
  const planned = new Set(plan.steps.map((step) => step.fellow.id));
  for (const fellowId of Object.keys(choices)) {
    if (!planned.has(fellowId)) {
      throw new RulesError(
        "unexpected-choice",
        `A Bond to weaken was chosen for “${fellowId}”, who is not one of the fellows.`,
      );
    }
  }
  for (const step of plan.steps) {
    const chosen = choices[step.fellow.id];
    const names = step.eligibleToWeaken.map((bond) => bond.name).join(", ");
    if (!step.choiceRequired) {
      if (chosen !== undefined) {
        throw new RulesError(
          "unexpected-choice",
          `There is no Bond to weaken for ${step.fellow.name}, so none can be chosen.`,
        );
      }
      continue;
    }
    if (chosen === undefined) {
      throw new RulesError(
        "choice-missing",
        `Choose a Bond to weaken for ${step.fellow.name}: ${names}.`,
      );
    }
    if (!step.eligibleToWeaken.some((bond) => bond.id === chosen)) {
      throw new RulesError(
        "ineligible-choice",
        `That Bond cannot pay for ${step.fellow.name}: pick an active Bond to no one who was on the adventure (${names}).`,
      );
    }
  }
}

function replaceBond(bonds: readonly Bond[], updated: Bond): Bond[] {
  return bonds.map((bond) => (bond.id === updated.id ? updated : bond));
}

function forgeStep(
  bonds: Bond[],
  fellow: Fellow,
  cha: number,
): { bonds: Bond[]; step: SharedAdversityStep } {
  const score = sharedAdversityBondScore(cha);
  // Built directly rather than through addBond: an unrelated Bond sharing the fellow's name must
  // not stop the procedure halfway through its dice.
  const bond: Bond = {
    id: nextBondId(bonds),
    name: fellow.name.trim(),
    kind: "individual",
    score,
    crossedOff: false,
    fellowId: fellow.id,
  };
  return {
    bonds: [...bonds, bond],
    step: {
      fellow,
      kind: "new-bond",
      fellowBond: bond,
      fellowChange: {
        bondId: bond.id,
        name: bond.name,
        before: 0,
        after: score,
        broke: false,
        reason: `new Bond forged through shared adversity: half CHA ${cha}, rounded up = ${score}`,
      },
    },
  };
}

function strengthenStep(
  bonds: Bond[],
  fellow: Fellow,
  existing: Bond,
  cha: number,
  rng: Rng,
): { bonds: Bond[]; step: SharedAdversityStep } {
  if (existing.score >= cha) {
    return {
      bonds,
      step: {
        fellow,
        kind: "strengthen",
        fellowBond: existing,
        fellowChange: {
          bondId: existing.id,
          name: existing.name,
          before: existing.score,
          after: existing.score,
          broke: false,
          reason: `already at CHA ${cha}, so it cannot increase (no die rolled)`,
        },
      },
    };
  }
  const strengthenRoll = rng.die(4);
  const improved = improveBond(existing, strengthenRoll, cha, "deepened through shared adversity");
  return {
    bonds: replaceBond(bonds, improved.bond),
    step: {
      fellow,
      kind: "strengthen",
      fellowBond: improved.bond,
      fellowChange: {
        ...improved.change,
        reason: `1D4 = ${strengthenRoll}: ${improved.change.reason}`,
      },
      strengthenRoll,
    },
  };
}

/**
 * Apply shared adversity (seed 000, "Bonds Forged Through Shared Adversity"), fellow by fellow in
 * the order given:
 * - no active Bond with the fellow: a new individual Bond at half CHA (rounded up), then 1D4 off
 *   the chosen other Bond;
 * - an active Bond: +1D4 (never above CHA; no die when already at CHA), then 1 off the chosen other
 *   Bond, even if nothing could increase.
 * A Bond taken to 0 or less breaks. Choices are checked against the plan before any die is rolled.
 * When no other Bond is left to weaken, the cost cannot be paid and is skipped.
 */
export function applySharedAdversity(
  state: SharedAdversityState,
  fellows: readonly Fellow[],
  choices: SharedAdversityChoices,
  rng: Rng,
): SharedAdversityResult {
  const plan = planSharedAdversity(state, fellows);
  if (!plan.applies) {
    if (Object.keys(choices).length > 0) {
      throw new RulesError("unexpected-choice", `${plan.reason} No Bond needs to be chosen.`);
    }
    return {
      status: "no-change",
      bonds: [...state.bonds],
      steps: [],
      pendingFellows: [],
      reason: plan.reason,
    };
  }
  checkChoices(plan, choices);

  const othersOnAdventure = state.bondsToOthersOnAdventure ?? [];
  let bonds = [...state.bonds];
  const steps: SharedAdversityStep[] = [];
  for (const [index, planned] of plan.steps.entries()) {
    const { fellow } = planned;
    const chosenId = choices[fellow.id];
    const chosen = bonds.find((bond) => bond.id === chosenId);
    const chosenUsable = chosen !== undefined && bondStatus(chosen) === "active";
    if (chosen !== undefined && !chosenUsable) {
      const stillEligible = eligibleToWeaken(bonds, fellows, othersOnAdventure);
      if (stillEligible.length > 0) {
        // An earlier loss broke it; letting a broken Bond soak up more would dodge the cost.
        const pendingFellows = plan.steps.slice(index).map((step) => step.fellow);
        return {
          status: "needs-choice",
          bonds,
          steps,
          pendingFellows,
          resumeState: {
            cha: state.cha,
            bonds,
            sanTest: state.sanTest,
            bondsToOthersOnAdventure: [
              ...othersOnAdventure,
              ...steps.map((step) => step.fellowBond.id),
            ],
          },
          reason: `“${chosen.name}” broke earlier in this procedure and cannot be weakened again: choose another Bond for ${pendingFellows.map((pending) => pending.name).join(", ")}.`,
        };
      }
    }

    const current =
      planned.existingBond === undefined
        ? undefined
        : bonds.find((bond) => bond.id === planned.existingBond?.id);
    const made =
      current === undefined
        ? forgeStep(bonds, fellow, state.cha)
        : strengthenStep(bonds, fellow, current, state.cha, rng);
    bonds = made.bonds;
    let step = made.step;

    if (chosen !== undefined && chosenUsable) {
      const damage =
        planned.kind === "new-bond"
          ? damageBond(chosen, "1D4", rng, `neglected for the new Bond with ${fellow.name}`)
          : damageBond(
              chosen,
              1,
              undefined,
              `neglected while the Bond with ${fellow.name} deepened`,
            );
      bonds = replaceBond(bonds, damage.bond);
      step = {
        ...step,
        ...(damage.rolled === undefined ? {} : { costRoll: damage.rolled }),
        weakened: damage.change,
      };
    }
    steps.push(step);
  }
  const summary = steps
    .map(
      (step) => `${step.fellow.name} (${step.kind === "new-bond" ? "new Bond" : "strengthened"})`,
    )
    .join(", ");
  return {
    status: "complete",
    bonds,
    steps,
    pendingFellows: [],
    reason: `Shared adversity: ${summary}.`,
  };
}
