import { RulesError } from "../errors.js";
import type { RuleOptions } from "../options.js";
import type { Rng } from "../../../../core/rng.js";
import type { SanityState } from "../types.js";
import { resolveWithContext } from "./loss.js";
import {
  assertSanityState,
  bondScoreOf,
  copyState,
  intactBonds,
  lowerBond,
  rollBondSpend,
  usableBond,
} from "./state.js";
import type { ProjectionSummary, SanityEvent, SanityTestResult, SanLossResult } from "./types.js";

/**
 * Whether a resolved loss may still be projected onto a Bond: something was lost to the dice,
 * it has not been projected yet, and the Protagonist still has SAN to protect, WP, and an intact
 * Bond to draw on.
 */
export function canProject(before: SanityState, result: SanLossResult): boolean {
  return (
    result.rolledLoss > 0 &&
    before.san > 0 &&
    result.projection === null &&
    before.wp > 0 &&
    intactBonds(before).length > 0
  );
}

/**
 * Project a SAN loss onto a Bond (seed 000 names it; rules notes give the procedure): roll 1D4,
 * spend that much WP, reduce the SAN loss (not below 0) and the chosen Bond by the same amount.
 *
 * The bot shows the SAN result first and offers projection afterwards, so this re-resolves the
 * loss from the same `before` state that produced `previous`: temporary insanity, the breaking
 * point and adaptation are decided anew on the reduced loss. Dice already rolled in `previous`
 * (the adaptation 1D6) are reused, so only the projection's 1D4 (and an adaptation 1D6 that the
 * first resolution never needed) come from `rng`.
 *
 * One projection per loss: the bot offers the button once.
 */
export function projectOntoBond(
  before: SanityState,
  previous: SanLossResult,
  bondId: string,
  options: RuleOptions,
  rng: Rng,
): SanLossResult {
  assertSanityState(before);
  if (previous.projection !== null) {
    throw new RulesError({ code: "already-projected" });
  }
  if (previous.rolledLoss <= 0) {
    throw new RulesError({ code: "nothing-to-project" });
  }

  const state = copyState(before);
  const bond = usableBond(state, bondId, "project");
  const spend = rollBondSpend(state.wp, options.projectionWpShortfall, "projection", rng);

  const wpBefore = state.wp;
  const bondBefore = bond.score;
  state.wp = wpBefore - spend.wpSpent;
  const bondEvents: SanityEvent[] = [];
  lowerBond(state, bond.id, spend.reduction, "projection", { code: "projected" }, bondEvents);
  const bondAfter = bondScoreOf(state, bond.id);
  const reducedLoss = Math.max(0, previous.rolledLoss - spend.reduction);
  const projection: ProjectionSummary = {
    bondId: bond.id,
    bondName: bond.name,
    roll: spend.roll,
    wpSpent: spend.wpSpent,
    reduction: spend.reduction,
    shortfall: spend.shortfall,
    wp: { before: wpBefore, after: state.wp },
    bondScore: { before: bondBefore, after: bondAfter },
    loss: { before: previous.rolledLoss, after: reducedLoss },
  };
  // The projection comes first in the story, then what it did to the Bond, then the loss.
  const priorEvents: SanityEvent[] = [{ type: "projection", ...projection }, ...bondEvents];

  return resolveWithContext(
    state,
    { threat: previous.threat, loss: reducedLoss, source: previous.source },
    options,
    rng,
    {
      rolledLoss: previous.rolledLoss,
      projection,
      priorEvents,
      adaptationCostRoll: adaptationCostRollOf(previous),
    },
  );
}

/** A whole SAN test with its loss projected: the test and loss dice stay, the resolution changes. */
export function projectSanityTest(
  before: SanityState,
  previous: SanityTestResult,
  bondId: string,
  options: RuleOptions,
  rng: Rng,
): SanityTestResult {
  const resolution = projectOntoBond(before, previous, bondId, options, rng);
  return { ...previous, ...resolution, projectable: false };
}

function adaptationCostRollOf(previous: SanLossResult): number | null {
  for (const event of previous.events) {
    if (event.type === "adapted") return event.costRoll;
  }
  return null;
}
