import {
  assertCha,
  bondStatus,
  damageBond,
  improveBond,
  nextBondId,
  sameSubject,
  subjectKey,
  type BondChange,
} from "./bonds.js";
import { RulesError } from "./errors.js";
import type { Rng } from "./rng.js";
import { assertRoomOnSheet } from "./sheet-limits.js";
import type { Bond } from "./types.js";

/**
 * Bonds forged through shared adversity (seed 000): after a harrowing adventure each survivor
 * tests SAN, and one who fails forms or deepens an individual Bond with each fellow survivor (up
 * to five), weakening another Bond for each; never a Bond to someone who was on the adventure.
 * Pure: new Bonds are returned, the ones given are never changed.
 */

/** Shared adversity forms or deepens Bonds with "up to a maximum of five fellow Protagonists". */
export const MAX_SHARED_ADVERSITY_FELLOWS = 5;

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
   * Everyone else who was on the adventure: survivors this Protagonist does not bond with this
   * time (beyond the five), a fellow who died, the NPCs the GM names. Bonds to them cannot be
   * weakened either (the fellows' are excluded anyway).
   */
  othersOnAdventure?: readonly OnAdventure[];
  /**
   * Bonds, by id, that cannot be weakened because their subject was on the adventure: those formed
   * with the fellows already handled when an application stopped for a new choice.
   */
  bondsToOthersOnAdventure?: readonly string[];
}

/** Someone on the adventure besides the fellows: a Protagonist (with its id) or an NPC (a name). */
export interface OnAdventure {
  id?: string;
  name: string;
}

/** Whether the player must first pick which five fellows to bond with. */
export function mustChooseFellows(fellows: readonly Fellow[]): boolean {
  return fellows.length > MAX_SHARED_ADVERSITY_FELLOWS;
}

export interface FellowChoice {
  /** The fellows to bond with, in the order given. */
  chosen: Fellow[];
  /** The fellows left out: they were on the adventure all the same. */
  others: OnAdventure[];
}

/**
 * Which fellows a survivor bonds with. Up to five: all of them, and `chosenIds` must be absent or
 * name them all. More than five: the player names exactly five ("up to a maximum of five fellow
 * Protagonists", seed 000), and the rest count as others on the adventure.
 */
export function chooseFellows(
  fellows: readonly Fellow[],
  chosenIds?: readonly string[],
): FellowChoice {
  validateFellowList(fellows);
  if (chosenIds === undefined && !mustChooseFellows(fellows)) {
    return { chosen: [...fellows], others: [] };
  }
  const wanted = new Set(chosenIds ?? []);
  const count = Math.min(fellows.length, MAX_SHARED_ADVERSITY_FELLOWS);
  const chosen = fellows.filter((fellow) => wanted.has(fellow.id));
  if (wanted.size !== (chosenIds ?? []).length || chosen.length !== wanted.size) {
    throw new RulesError(
      "invalid-fellow-choice",
      "Choose among the fellows who made it back, each once.",
    );
  }
  if (chosen.length !== count) {
    throw new RulesError(
      "fellows-not-chosen",
      `${fellows.length} fellows made it back: choose the ${count} to bond with, not ${chosen.length}.`,
    );
  }
  return {
    chosen,
    others: fellows.filter((fellow) => !wanted.has(fellow.id)),
  };
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
  if (mustChooseFellows(fellows)) {
    throw new RulesError(
      "too-many-fellows",
      `Shared adversity forms Bonds with at most ${MAX_SHARED_ADVERSITY_FELLOWS} fellow Protagonists, not ${fellows.length}: pick five.`,
    );
  }
  validateFellowList(fellows);
}

function validateFellowList(fellows: readonly Fellow[]): void {
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
    usable.find((bond) => bond.fellowId === undefined && sameSubject(bond.name, fellow.name))
  );
}

/**
 * Bonds the player may weaken: active, and not a Bond to an individual who was on the adventure
 * (seed 000). Such a Bond is the one being formed or deepened with a fellow, one listed in
 * `bondsToOthersOnAdventure`, or an individual Bond whose subject is there: linked to the
 * Protagonist's id, or of the same name (letter case and spaces aside). Community Bonds and earlier
 * shared-adversity Bonds to people who were not on this adventure are allowed.
 */
function eligibleToWeaken(state: SharedAdversityState, fellows: readonly Fellow[]): Bond[] {
  const there = [...fellows, ...(state.othersOnAdventure ?? [])];
  const ids = new Set(there.flatMap((someone) => (someone.id === undefined ? [] : [someone.id])));
  const names = new Set(there.map((someone) => subjectKey(someone.name)));
  const excluded = new Set(state.bondsToOthersOnAdventure ?? []);
  for (const fellow of fellows) {
    const bond = activeFellowBond(state.bonds, fellow);
    if (bond !== undefined) excluded.add(bond.id);
  }
  const toSomeoneThere = (bond: Bond) =>
    bond.kind === "individual" &&
    ((bond.fellowId !== undefined && ids.has(bond.fellowId)) || names.has(subjectKey(bond.name)));
  return state.bonds.filter(
    (bond) => bondStatus(bond) === "active" && !excluded.has(bond.id) && !toSomeoneThere(bond),
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
  if (state.sanTest.success) {
    return {
      applies: false,
      steps: [],
      reason: "The SAN test succeeded: shared adversity changes nothing.",
    };
  }
  validateFellows(fellows);
  if (fellows.length === 0) {
    return {
      applies: false,
      steps: [],
      reason: "No fellow Protagonist made it back: there is no one to bond with.",
    };
  }
  const eligible = eligibleToWeaken(state, fellows);
  const newBonds = fellows.filter(
    (fellow) => activeFellowBond(state.bonds, fellow) === undefined,
  ).length;
  if (newBonds > 0 && state.cha < 1) {
    throw new RulesError(
      "cha-too-low",
      "With CHA 0 the Protagonist cannot form a new individual Bond.",
    );
  }
  assertRoomOnSheet("bonds", state.bonds.length, newBonds);
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
   * For "needs-choice": the state to resume from. The fellows already handled join
   * `othersOnAdventure`, and their Bonds `bondsToOthersOnAdventure`: they were on the adventure
   * too, so those Bonds still cannot be weakened.
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

  let bonds = [...state.bonds];
  const steps: SharedAdversityStep[] = [];
  for (const [index, planned] of plan.steps.entries()) {
    const { fellow } = planned;
    const chosenId = choices[fellow.id];
    const chosen = bonds.find((bond) => bond.id === chosenId);
    const chosenUsable = chosen !== undefined && bondStatus(chosen) === "active";
    if (chosen !== undefined && !chosenUsable) {
      const stillEligible = eligibleToWeaken({ ...state, bonds }, fellows);
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
            othersOnAdventure: [
              ...(state.othersOnAdventure ?? []),
              ...steps.map((step) => step.fellow),
            ],
            bondsToOthersOnAdventure: [
              ...(state.bondsToOthersOnAdventure ?? []),
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
