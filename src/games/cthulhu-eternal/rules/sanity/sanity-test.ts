import type { RuleOptions } from "../options.js";
import type { Rng } from "../../../../core/rng.js";
import type { SanityState, ThreatType } from "../types.js";
import { resolveSanLoss } from "./loss.js";
import { parseSanLoss, rollLossSide } from "./notation.js";
import { canProject } from "./projection.js";
import { rollSanTest } from "./san-test.js";
import { assertSanityState } from "./state.js";
import type { SanityTestResult, SanLoss } from "./types.js";

export interface SanityTestInput {
  /** Notation ("0/1D6") or an already parsed loss. */
  loss: string | SanLoss;
  threat: ThreatType;
  /** What the Protagonist faced, echoed back for the log. */
  source?: string | null | undefined;
}

/**
 * A whole SAN test: roll 1D100 against current SAN (or succeed automatically when adapted), roll
 * the loss from the matching side, and resolve it. Dice come from `rng` in that order: the
 * percentile dice (tens, ones), the loss dice, then any adaptation 1D6.
 * The result is plain data; `projectSanityTest` can later re-resolve it with a projection.
 */
export function sanityTest(
  before: SanityState,
  input: SanityTestInput,
  options: RuleOptions,
  rng: Rng,
): SanityTestResult {
  assertSanityState(before);
  const sanLoss = typeof input.loss === "string" ? parseSanLoss(input.loss) : input.loss;
  const test = rollSanTest(before, input.threat, rng);
  const lossRoll = rollLossSide(sanLoss, test.success, rng);
  const resolution = resolveSanLoss(
    before,
    { threat: input.threat, loss: lossRoll.total, source: input.source ?? null },
    options,
    rng,
  );
  return {
    kind: "sanity-test",
    sanLoss,
    test,
    lossRoll,
    ...resolution,
    projectable: canProject(before, resolution),
  };
}
