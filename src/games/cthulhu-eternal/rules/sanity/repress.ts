import type { RuleOptions } from "../options.js";
import type { Rng } from "../../../../core/rng.js";
import type { SanityState } from "../types.js";
import { rolledSanTest } from "./san-test.js";
import {
  assertSanityState,
  bondScoreOf,
  copyState,
  lowerBond,
  rollBondSpend,
  usableBond,
} from "./state.js";
import type { RepressionResult, SanityEvent } from "./types.js";

export interface RepressInput {
  bondId: string;
  /** What is being repressed ("temporary insanity", a disorder's name); echoed back. */
  episode?: string | null | undefined;
}

/**
 * Repress insanity through a Bond (seed 000 names it; rules notes give the procedure): spend 1D4
 * WP and reduce the Bond by the same, then roll a SAN test; success represses the episode.
 * The WP cost follows the campaign's projection WP-shortfall option: it is the same question
 * (1D4 rolled, less WP than that). The test always rolls: adaptation covers SAN tests against a
 * threat, not repression. The cost is paid whatever the test's outcome.
 */
export function repressInsanity(
  before: SanityState,
  input: RepressInput,
  options: RuleOptions,
  rng: Rng,
): RepressionResult {
  assertSanityState(before);
  const after = copyState(before);
  const bond = usableBond(after, input.bondId, "repress");
  const spend = rollBondSpend(after.wp, options.projectionWpShortfall, "repression", rng);

  const wpBefore = after.wp;
  const bondBefore = bond.score;
  after.wp = wpBefore - spend.wpSpent;
  const bondEvents: SanityEvent[] = [];
  lowerBond(after, bond.id, spend.reduction, "repression", { code: "repressed" }, bondEvents);
  const events: SanityEvent[] = [
    {
      type: "repression-cost",
      bondId: bond.id,
      bondName: bond.name,
      roll: spend.roll,
      wpSpent: spend.wpSpent,
      reduction: spend.reduction,
      shortfall: spend.shortfall,
      wp: { before: wpBefore, after: after.wp },
      bondScore: { before: bondBefore, after: bondScoreOf(after, bond.id) },
    },
    ...bondEvents,
  ];

  const test = rolledSanTest(after.san, null, rng);
  return {
    kind: "repression",
    episode: input.episode ?? null,
    bondId: bond.id,
    roll: spend.roll,
    wpSpent: spend.wpSpent,
    reduction: spend.reduction,
    test,
    repressed: test.success,
    events,
    after,
  };
}
