import type { Rng } from "../../../../core/rng.js";
import {
  improveSkills,
  type AdvancementSkill,
  type ImprovementResult,
} from "../../rules/advancement.js";
import type { AdvancementState } from "./state.js";

/** Why a downtime check can't be made now, as data. */
export type DowntimeCheckRefusal =
  | { readonly code: "no-marked-skill" }
  | { readonly code: "checks-used"; readonly made: number; readonly allowed: number };

/** The checks already made in the downtime before `session`. */
export function checksMadeBefore(state: AdvancementState | null, session: number): number {
  return state?.beforeSession === session ? state.checks : 0;
}

/**
 * Seed 002's improvement check, made in downtime at the player's choice: one d100 for the
 * Protagonist; each marked skill at or below it gains 1 (never above 99) and is unmarked. It is
 * the end-of-session "check" variant itself (rules/advancement.ts), whatever variant the campaign
 * uses at session end. Refused without a marked skill (a check would change nothing) and once the
 * downtime's checks are made.
 */
export function downtimeCheck(
  input: {
    skills: readonly AdvancementSkill[];
    state: AdvancementState | null;
    session: number;
    allowed: number;
  },
  rng: Rng,
):
  | { kind: "refused"; refusal: DowntimeCheckRefusal }
  | { kind: "rolled"; result: ImprovementResult; stateAfter: AdvancementState } {
  const made = checksMadeBefore(input.state, input.session);
  if (made >= input.allowed) {
    return { kind: "refused", refusal: { code: "checks-used", made, allowed: input.allowed } };
  }
  if (!input.skills.some((skill) => skill.marked)) {
    return { kind: "refused", refusal: { code: "no-marked-skill" } };
  }
  return {
    kind: "rolled",
    result: improveSkills(input.skills, { improvement: "check" }, rng),
    stateAfter: { beforeSession: input.session, checks: made + 1 },
  };
}
