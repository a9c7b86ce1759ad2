import { breakingPointFor } from "../derived.js";
import { RulesError } from "../errors.js";
import type { RuleOptions } from "../options.js";
import type { Rng } from "../../../../core/rng.js";
import type { AdaptableThreat, SanityState, ThreatType } from "../types.js";
import {
  ADAPTATION_BOXES,
  assertSanityState,
  assertThreat,
  copyState,
  intactBonds,
  isAdaptableThreat,
  lowerBond,
  maxSan,
  UNNAMED_DISORDER,
  recoverySan,
} from "./state.js";
import type { ProjectionSummary, SanityEvent, SanLossResult } from "./types.js";

export interface SanLossInput {
  threat: ThreatType;
  /** SAN to lose: a whole number, 0 or more. */
  loss: number;
  /** What caused it ("the thing in the cellar"), echoed back. */
  source?: string | null | undefined;
}

/**
 * What a re-resolution (projection) carries over from the first resolution, so nothing is
 * rolled twice and the result still tells the whole story.
 */
export interface ResolutionContext {
  rolledLoss: number;
  projection: ProjectionSummary | null;
  /** Events that came before the loss (the projection and what it did to the Bond). */
  priorEvents: SanityEvent[];
  /** The adaptation 1D6 already rolled for this threat, if the first resolution rolled one. */
  adaptationCostRoll: number | null;
}

/**
 * Apply a SAN loss to a before-state and report everything it set off (rules notes, Sanity;
 * seed 000 for the breaking point, Max SAN and SAN 0):
 * 1. SAN drops by the loss, never below 0 nor above Max SAN (a stale SAN above it is capped
 *    first and reported as its own event).
 * 2. SAN 0: permanently insane. This supersedes temporary insanity and the breaking point (the
 *    Protagonist leaves play as an NPC, so no disorder is recorded).
 * 3. Temporary insanity: `temporaryInsanityThreshold` (default 5) or more SAN lost in this test.
 * 4. Breaking point: SAN at or below it → a pending disorder (if the sheet has room for one),
 *    breaking point = SAN − POW.
 * 5. Violence/Helplessness: any of 2–4 clears the track's boxes (option
 *    `adaptationResetOnInsanity`); otherwise a loss ticks a box, and the third box adapts, at a
 *    cost of 1D6 CHA and every Bond (Violence) or 1D6 POW (Helplessness).
 */
export function resolveSanLoss(
  before: SanityState,
  input: SanLossInput,
  options: RuleOptions,
  rng: Rng,
): SanLossResult {
  return resolveWithContext(before, input, options, rng, {
    rolledLoss: input.loss,
    projection: null,
    priorEvents: [],
    adaptationCostRoll: null,
  });
}

export function resolveWithContext(
  before: SanityState,
  input: SanLossInput,
  options: RuleOptions,
  rng: Rng,
  context: ResolutionContext,
): SanLossResult {
  assertSanityState(before);
  assertThreat(input.threat);
  const { threat, loss } = input;
  if (!Number.isSafeInteger(loss) || loss < 0) {
    throw new RulesError(
      { code: "not-a-whole-number", field: "san-loss", value: String(loss), min: 0 },
      "invalid-san-loss",
    );
  }

  const after = copyState(before);
  const events: SanityEvent[] = [...context.priorEvents];

  // A sheet whose SAN is above Max SAN (Unnatural rose since) is corrected first, separately, so
  // the correction never counts towards temporary insanity or adaptation.
  const ceiling = maxSan(before);
  const startingSan = Math.min(before.san, ceiling);
  if (startingSan < before.san) {
    events.push({
      type: "san-capped",
      maxSan: ceiling,
      san: { before: before.san, after: startingSan },
    });
  }
  after.san = Math.max(0, startingSan - loss);
  const lostToLoss = startingSan - after.san;
  events.push({
    type: "san-lost",
    amount: lostToLoss,
    loss,
    san: { before: startingSan, after: after.san },
  });

  const permanentInsanity = lostToLoss > 0 && after.san === 0;
  const temporaryInsanity = !permanentInsanity && lostToLoss >= options.temporaryInsanityThreshold;
  const breakingPointReached =
    !permanentInsanity && lostToLoss > 0 && after.san <= before.breakingPoint;

  if (permanentInsanity) {
    events.push({
      type: "permanent-insanity",
    });
  }
  if (temporaryInsanity) {
    events.push({
      type: "temporary-insanity",
      lost: lostToLoss,
      threshold: options.temporaryInsanityThreshold,
    });
  }
  if (breakingPointReached) {
    const disorderRecorded = (before.disorderRoom ?? Infinity) > 0;
    if (disorderRecorded) after.disorders.push(UNNAMED_DISORDER);
    after.breakingPoint = breakingPointFor(after.san, after.pow);
    events.push({
      type: "breaking-point",
      threat,
      disorderRecorded,
      breakingPoint: { before: before.breakingPoint, after: after.breakingPoint },
    });
  }

  if (isAdaptableThreat(threat)) {
    const wentInsane = permanentInsanity || temporaryInsanity || breakingPointReached;
    applyAdaptation(after, threat, lostToLoss, wentInsane, options, rng, context, events);
  }

  return {
    threat,
    source: input.source ?? null,
    rolledLoss: context.rolledLoss,
    loss,
    lost: before.san - after.san,
    temporaryInsanity,
    breakingPointReached,
    permanentInsanity,
    projection: context.projection,
    events,
    after,
  };
}

function applyAdaptation(
  state: SanityState,
  threat: AdaptableThreat,
  lost: number,
  wentInsane: boolean,
  options: RuleOptions,
  rng: Rng,
  context: ResolutionContext,
  events: SanityEvent[],
): void {
  const track = state.adaptation[threat];
  if (track.adapted) return;
  if (wentInsane) {
    if (options.adaptationResetOnInsanity && track.boxes > 0) {
      events.push({
        type: "adaptation-reset",
        threat,
        boxes: { before: track.boxes, after: 0 },
      });
      track.boxes = 0;
    }
    return;
  }
  if (lost <= 0) return;

  const boxesBefore = track.boxes;
  track.boxes = Math.min(ADAPTATION_BOXES, boxesBefore + 1);
  events.push({
    type: "adaptation-box",
    threat,
    boxes: { before: boxesBefore, after: track.boxes },
  });
  if (track.boxes < ADAPTATION_BOXES) return;

  track.adapted = true;
  const reusedRoll = context.adaptationCostRoll !== null;
  const costRoll = context.adaptationCostRoll ?? rng.die(6);
  events.push({
    type: "adapted",
    threat,
    costRoll,
    reusedRoll,
  });
  if (threat === "violence") payViolenceAdaptation(state, costRoll, events);
  else payHelplessnessAdaptation(state, costRoll, events);
}

/**
 * Adapting to Violence costs 1D6 CHA and the same from each Bond (rules notes). Individual Bonds
 * also never exceed CHA (seed 000), which the lower CHA may cap further.
 */
function payViolenceAdaptation(state: SanityState, amount: number, events: SanityEvent[]): void {
  const chaBefore = state.cha;
  state.cha = Math.max(0, chaBefore - amount);
  events.push({ type: "cha-lowered", amount, cha: { before: chaBefore, after: state.cha } });
  for (const bond of intactBonds(state)) {
    // An individual Bond can never exceed CHA (seed 000); normally the equal drop keeps it there,
    // but CHA stopping at 0 (or a Bond already above CHA) needs the extra.
    const overCha = bond.kind === "individual" ? Math.max(0, bond.score - amount - state.cha) : 0;
    lowerBond(
      state,
      bond.id,
      amount + overCha,
      "adaptation",
      { code: "adapting-to-violence", cost: amount, cappedAtCha: overCha > 0 ? state.cha : null },
      events,
    );
  }
}

/** Adapting to Helplessness costs 1D6 POW; WP max and Recovery SAN follow POW (seed 000). */
function payHelplessnessAdaptation(
  state: SanityState,
  amount: number,
  events: SanityEvent[],
): void {
  const powBefore = state.pow;
  const wpBefore = state.wp;
  const recoveryBefore = recoverySan(state);
  state.pow = Math.max(0, powBefore - amount);
  state.wp = Math.min(wpBefore, state.pow);
  events.push({
    type: "pow-lowered",
    amount,
    pow: { before: powBefore, after: state.pow },
    wpMax: { before: powBefore, after: state.pow },
    wp: { before: wpBefore, after: state.wp },
    recoverySan: { before: recoveryBefore, after: recoverySan(state) },
  });
}
