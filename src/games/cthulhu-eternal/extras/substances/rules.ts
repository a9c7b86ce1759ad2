import type { Rng } from "../../../../core/rng.js";
import {
  DIFFICULTY_MODIFIER,
  percentileTest,
  statTestRating,
  type PercentileTestResult,
  type TestCondition,
} from "../../rules/percentile.js";
import type { SubstanceState } from "./state.js";

/**
 * Substances (seed 002, extras.md's reading): taking one is a CON × 5 test, easy when current HP
 * is above the potency. Success: only its beneficial effects; failure: beneficial and harmful; a
 * fumble: only the harmful ones. A dependent Protagonist's action checks (skill and stat tests)
 * are hard until a daily CON × 5 test at normal difficulty succeeds; taking the substance again
 * relieves it for now without clearing it. Pure; dice only through the Rng.
 */

export type Effects = "beneficial" | "both" | "harmful";

/** When taking an addictive substance makes the Protagonist dependent (the seed leaves it open). */
export const DEPENDENCE_TRIGGERS = ["failure", "every-dose"] as const;
export type DependenceTrigger = (typeof DEPENDENCE_TRIGGERS)[number];

export interface TakeResult {
  test: PercentileTestResult;
  effects: Effects;
  becameDependent: boolean;
}

export function takeSubstance(
  input: {
    con: number;
    hp: number;
    potency: number;
    addictive: boolean;
    alreadyDependent: boolean;
    trigger: DependenceTrigger;
    conditions: readonly TestCondition[];
  },
  rng: Rng,
): TakeResult {
  const test = percentileTest(
    {
      rating: statTestRating(input.con),
      modifier: input.hp > input.potency ? DIFFICULTY_MODIFIER.easy : 0,
      conditions: input.conditions,
      label: "CON × 5",
      rawStat: input.con,
    },
    rng,
  );
  const effects: Effects =
    test.outcome === "fumble" ? "harmful" : test.success ? "beneficial" : "both";
  const hooked = input.trigger === "every-dose" || !test.success;
  return { test, effects, becameDependent: input.addictive && hooked && !input.alreadyDependent };
}

/** The state after taking `substance`: a new dependency, and relief for one already held. */
export function afterTaking(
  state: SubstanceState,
  substance: string,
  becameDependent: boolean,
): SubstanceState {
  const held = state.dependencies.map((d) =>
    d.substance.toLowerCase() === substance.toLowerCase() ? { ...d, relieved: true } : d,
  );
  return {
    dependencies: becameDependent ? [...held, { substance, relieved: false }] : held,
  };
}

/** The daily test: CON × 5 at normal difficulty; a success clears every dependency. */
export function dailyTest(
  input: { con: number; conditions: readonly TestCondition[] },
  state: SubstanceState,
  rng: Rng,
): { test: PercentileTestResult; stateAfter: SubstanceState } {
  const test = percentileTest(
    {
      rating: statTestRating(input.con),
      conditions: input.conditions,
      label: "CON × 5",
      rawStat: input.con,
    },
    rng,
  );
  // A new day: relief from the last dose is over either way.
  const stateAfter = test.success
    ? { dependencies: [] }
    : { dependencies: state.dependencies.map((d) => ({ ...d, relieved: false })) };
  return { test, stateAfter };
}

/** What dependence does to an action check: hard, once, however many dependencies. */
export function dependencePenalty(state: SubstanceState): number {
  return state.dependencies.some((d) => !d.relieved) ? DIFFICULTY_MODIFIER.hard : 0;
}
