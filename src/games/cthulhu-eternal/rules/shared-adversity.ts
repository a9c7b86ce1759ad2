import { assertCha, bondStatus, sameSubject, subjectKey } from "./bonds.js";
import { RulesError } from "./errors.js";
import type { SharedAdversityNoChange } from "./refusals.js";
import { assertRoomOnSheet } from "./sheet-limits.js";
import type { Bond } from "./types.js";

/**
 * Bonds forged through shared adversity (seed 000): after a harrowing adventure each survivor
 * tests SAN, and one who fails forms or deepens an individual Bond with each fellow survivor (up
 * to five), weakening another Bond for each; never a Bond to someone who was on the adventure.
 * Pure: new Bonds are returned, the ones given are never changed. This module plans (who, and
 * which Bonds may pay); shared-adversity-apply.ts rolls and applies.
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
    throw new RulesError({ code: "invalid-fellow-choice" });
  }
  if (chosen.length !== count) {
    throw new RulesError({
      code: "fellows-not-chosen",
      fellows: fellows.length,
      count,
      chosen: chosen.length,
    });
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

/**
 * What the plan means, as facts: nothing changes (and why), or Bonds form or deepen with these
 * fellows, each paid for by another Bond when `canWeaken` (there is one left to weaken).
 */
export type SharedAdversityPlanReason =
  | SharedAdversityNoChange
  | {
      readonly code: "bonds-form";
      readonly fellows: readonly string[];
      readonly canWeaken: boolean;
    };

export interface SharedAdversityPlan {
  /** False when the SAN test succeeded or there are no fellows: nothing changes. */
  applies: boolean;
  steps: PlannedSharedAdversityStep[];
  reason: SharedAdversityPlanReason;
}

/** For each fellow that needs one, the id of the Bond the player chose to weaken. */
export type SharedAdversityChoices = Readonly<Record<string, string>>;

function validateFellows(fellows: readonly Fellow[]): void {
  if (mustChooseFellows(fellows)) {
    throw new RulesError({
      code: "too-many-fellows",
      fellows: fellows.length,
      maximum: MAX_SHARED_ADVERSITY_FELLOWS,
    });
  }
  validateFellowList(fellows);
}

function validateFellowList(fellows: readonly Fellow[]): void {
  const seen = new Set<string>();
  for (const fellow of fellows) {
    if (fellow.id.trim() === "" || fellow.name.trim() === "") {
      throw new RulesError({ code: "invalid-fellow" });
    }
    if (seen.has(fellow.id)) {
      throw new RulesError({ code: "duplicate-fellow", fellow: fellow.name });
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
export function eligibleToWeaken(state: SharedAdversityState, fellows: readonly Fellow[]): Bond[] {
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
    return { applies: false, steps: [], reason: { code: "san-test-succeeded" } };
  }
  validateFellows(fellows);
  if (fellows.length === 0) {
    return { applies: false, steps: [], reason: { code: "no-fellows" } };
  }
  const eligible = eligibleToWeaken(state, fellows);
  const newBonds = fellows.filter(
    (fellow) => activeFellowBond(state.bonds, fellow) === undefined,
  ).length;
  if (newBonds > 0 && state.cha < 1) {
    throw new RulesError({ code: "cha-too-low", forming: true });
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
  return {
    applies: true,
    steps,
    reason: {
      code: "bonds-form",
      fellows: fellows.map((fellow) => fellow.name),
      canWeaken: eligible.length > 0,
    },
  };
}
