import { rollPercentile, type PercentileRoll } from "../../rules/percentile.js";
import type { Rng } from "../../../../core/rng.js";

/**
 * Training and Talents (seed 002, "Training" and "Learning Talents"): a training session (about
 * 8 hours) on one skill adds 1 to it, never above 99, and counts toward that skill's sessions;
 * after enough sessions (20) the player may make a talent check, d100 at or under the skill's
 * current rating. Success gains a talent and resets the count; failure may be retried after the
 * next session. Pure; dice only through the Rng.
 */

/** "A skill rating can never exceed its related attribute's maximum": 99 for skills. */
export const SKILL_CEILING = 99;
/** Sessions on one skill before a talent check (seed 002). */
export const DEFAULT_TALENT_SESSIONS = 20;
/** Sessions one command may log at once (a training week is about 5–7). */
export const MAX_SESSIONS_AT_ONCE = 20;

/** One skill's training since its last talent. */
export interface SkillTraining {
  readonly sessions: number;
  /** The session count at the last failed talent check: the next try needs one more session. */
  readonly failedAt: number | null;
}

export const UNTRAINED: SkillTraining = { sessions: 0, failedAt: null };

export interface TrainingResult {
  readonly ratingBefore: number;
  readonly ratingAfter: number;
  /** Points gained: fewer than the sessions at the ceiling. */
  readonly gained: number;
  readonly trainingBefore: SkillTraining;
  readonly trainingAfter: SkillTraining;
  /** Whether a talent check may be made now. */
  readonly talentCheckOpen: boolean;
}

/** Whether a talent check may be made with this training. */
export function talentCheckOpen(training: SkillTraining, sessionsNeeded: number): boolean {
  return (
    training.sessions >= sessionsNeeded &&
    (training.failedAt === null || training.sessions > training.failedAt)
  );
}

/** `sessions` training sessions on one skill: +1 each up to 99; every one counts. */
export function train(input: {
  rating: number;
  training: SkillTraining;
  sessions: number;
  sessionsNeeded: number;
}): TrainingResult {
  const { rating, training, sessions, sessionsNeeded } = input;
  const ratingAfter = Math.max(rating, Math.min(SKILL_CEILING, rating + sessions));
  const trainingAfter = { ...training, sessions: training.sessions + sessions };
  return {
    ratingBefore: rating,
    ratingAfter,
    gained: ratingAfter - rating,
    trainingBefore: training,
    trainingAfter,
    talentCheckOpen: talentCheckOpen(trainingAfter, sessionsNeeded),
  };
}

/** Why a talent check cannot be made yet. */
export type TalentCheckRefusal =
  | { readonly code: "too-few-sessions"; readonly sessions: number; readonly needed: number }
  | { readonly code: "train-again-first"; readonly sessions: number };

export type TalentCheckResult =
  | { readonly kind: "refused"; readonly refusal: TalentCheckRefusal }
  | {
      readonly kind: "rolled";
      readonly roll: PercentileRoll;
      /** The skill's current rating: success at or under it. */
      readonly target: number;
      readonly success: boolean;
      readonly trainingAfter: SkillTraining;
    };

/** The talent check: d100 at or under the skill's current rating, once the sessions are in. */
export function talentCheck(
  input: { rating: number; training: SkillTraining; sessionsNeeded: number },
  rng: Rng,
): TalentCheckResult {
  const { rating, training, sessionsNeeded } = input;
  if (training.sessions < sessionsNeeded) {
    return {
      kind: "refused",
      refusal: { code: "too-few-sessions", sessions: training.sessions, needed: sessionsNeeded },
    };
  }
  if (!talentCheckOpen(training, sessionsNeeded)) {
    return { kind: "refused", refusal: { code: "train-again-first", sessions: training.sessions } };
  }
  const roll = rollPercentile(rng);
  const success = roll.value <= rating;
  return {
    kind: "rolled",
    roll,
    target: rating,
    success,
    trainingAfter: success
      ? UNTRAINED
      : { sessions: training.sessions, failedAt: training.sessions },
  };
}
