import { bondStatus, damageBond, improveBond, nextBondId, type BondChange } from "./bonds.js";
import { RulesError } from "./errors.js";
import type { SharedAdversityNoChange } from "./refusals.js";
import type { Rng } from "../../../core/rng.js";
import {
  eligibleToWeaken,
  planSharedAdversity,
  sharedAdversityBondScore,
  type Fellow,
  type SharedAdversityChoices,
  type SharedAdversityPlan,
  type SharedAdversityState,
  type SharedAdversityStepKind,
} from "./shared-adversity.js";
import type { Bond } from "./types.js";

/** Applying shared adversity (seed 000) as planned by shared-adversity.ts: the dice and the Bonds. */

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
  reason: SharedAdversityResultReason;
}

/**
 * What applying did, as facts: nothing (and why); a chosen Bond `broken` earlier in the procedure,
 * so the `pending` fellows need another choice; or these steps, in order.
 */
export type SharedAdversityResultReason =
  | SharedAdversityNoChange
  | { readonly code: "broke-earlier"; readonly broken: string; readonly pending: readonly string[] }
  | {
      readonly code: "applied";
      readonly steps: readonly {
        readonly fellow: string;
        readonly kind: SharedAdversityStepKind;
      }[];
    };

function checkChoices(plan: SharedAdversityPlan, choices: SharedAdversityChoices): void {
  const planned = new Set(plan.steps.map((step) => step.fellow.id));
  for (const fellowId of Object.keys(choices)) {
    if (!planned.has(fellowId)) {
      throw new RulesError({ code: "unexpected-choice", fellow: fellowId, isFellow: false });
    }
  }
  for (const step of plan.steps) {
    const chosen = choices[step.fellow.id];
    const eligible = step.eligibleToWeaken.map((bond) => bond.name);
    if (!step.choiceRequired) {
      if (chosen !== undefined) {
        throw new RulesError({
          code: "unexpected-choice",
          fellow: step.fellow.name,
          isFellow: true,
        });
      }
      continue;
    }
    if (chosen === undefined) {
      throw new RulesError({ code: "choice-missing", fellow: step.fellow.name, eligible });
    }
    if (!step.eligibleToWeaken.some((bond) => bond.id === chosen)) {
      throw new RulesError({ code: "ineligible-choice", fellow: step.fellow.name, eligible });
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
        reason: { code: "forged", cha },
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
          reason: { code: "already-at-cha", cha },
        },
      },
    };
  }
  const strengthenRoll = rng.die(4);
  const improved = improveBond(existing, strengthenRoll, cha, "deepened", strengthenRoll);
  return {
    bonds: replaceBond(bonds, improved.bond),
    step: {
      fellow,
      kind: "strengthen",
      fellowBond: improved.bond,
      fellowChange: improved.change,
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
  const planReason = plan.reason;
  // Only a plan that forms Bonds applies; the other reasons say why nothing changes.
  if (planReason.code !== "bonds-form") {
    if (Object.keys(choices).length > 0) {
      throw new RulesError({ code: "no-choice-needed", reason: planReason }, "unexpected-choice");
    }
    return {
      status: "no-change",
      bonds: [...state.bonds],
      steps: [],
      pendingFellows: [],
      reason: planReason,
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
          reason: {
            code: "broke-earlier",
            broken: chosen.name,
            pending: pendingFellows.map((pending) => pending.name),
          },
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
          ? damageBond(chosen, "1D4", rng, { code: "neglected-for-new-bond", fellow: fellow.name })
          : damageBond(chosen, 1, undefined, {
              code: "neglected-while-deepening",
              fellow: fellow.name,
            });
      bonds = replaceBond(bonds, damage.bond);
      step = {
        ...step,
        ...(damage.rolled === undefined ? {} : { costRoll: damage.rolled }),
        weakened: damage.change,
      };
    }
    steps.push(step);
  }
  return {
    status: "complete",
    bonds,
    steps,
    pendingFellows: [],
    reason: {
      code: "applied",
      steps: steps.map((step) => ({ fellow: step.fellow.name, kind: step.kind })),
    },
  };
}
