import {
  SKILL_MAX,
  type FailureMarkReason,
  type ImprovementResult,
  type PerSkillReason,
  type PerSkillVariant,
  type SkillImprovement,
} from "../rules/advancement.js";
import { percent } from "./percentile-format.js";

/**
 * Skill advancement in the players' words: what a test did to a failure mark, and how each marked
 * skill improved at the end of the session. Skill names are as given (callers escape them).
 */

const FAILURE_MARK_TEXT: Readonly<Record<FailureMarkReason, (skill: string) => string>> = {
  succeeded: (skill) => `${skill} succeeded: no failure mark.`,
  "marks-not-used": () => "This campaign does not use failure marks.",
  unnatural: () => "The Unnatural skill never takes failure marks.",
  "already-marked": (skill) => `${skill} failed; it is already marked.`,
  ticked: (skill) => `${skill} failed: failure mark ticked (it may improve after the session).`,
};

/** What a skill test did to the skill's failure mark. */
export function failureMarkText(result: {
  skill: { name: string };
  reason: FailureMarkReason;
}): string {
  return FAILURE_MARK_TEXT[result.reason](result.skill.name);
}

/** What each per-skill variant adds, as the table writes it. */
const GAIN: Readonly<Record<PerSkillVariant, string>> = {
  "1": "1",
  "1d3": "1D3",
  "1d4": "1D4",
  "1d4-1": "1D4−1",
};

/** "+1", "1D4 = 3", "1D4−1 = 1−1 = 0". */
function perSkillGainText(reason: PerSkillReason): string {
  if (reason.variant === "1") return `+${reason.gain}`;
  const less = reason.variant === "1d4-1" ? `−1 = ${reason.gain}` : "";
  return `${GAIN[reason.variant]} = ${reason.face}${less}`;
}

/** One marked skill's improvement (or why it did not improve), e.g. "Occult 1D4 = 3: 50 → 53; mark cleared.". */
export function skillImprovementText(change: SkillImprovement): string {
  const { name, before, after, reason } = change;
  switch (reason.code) {
    case "unnatural-mark-cleared":
      return `${name} never improves through failure marks: mark cleared.`;
    case "already-at-max":
      return `${name} is already at ${SKILL_MAX}: no die rolled; mark cleared.`;
    case "check": {
      const shown = percent(reason.check);
      if (before > reason.check) {
        return `${name} ${before} is above the check ${shown}: no gain, still marked.`;
      }
      const cap = after === before ? ` (already at ${SKILL_MAX})` : "";
      return `${name} ${before} is at or below the check ${shown}: +1, ${before} → ${after}${cap}; mark cleared.`;
    }
    case "per-skill": {
      const nothing = reason.gain === 0 ? ", no improvement" : "";
      const cap = after < before + reason.gain ? ` (capped at ${SKILL_MAX})` : "";
      return `${name} ${perSkillGainText(reason)}${nothing}: ${before} → ${after}${cap}; mark cleared.`;
    }
  }
}

/** The session's improvement for one Protagonist: the variant, the check, and how many improved. */
export function improvementText(result: ImprovementResult): string {
  const marked = result.changes.length;
  if (marked === 0) return "No skill is marked: nothing to improve.";
  const variant =
    result.variant === "check"
      ? "one d100 improvement check: each marked skill at or below it gains 1"
      : `each marked skill gains ${GAIN[result.variant]}`;
  const check = result.check === undefined ? "" : ` (rolled ${percent(result.check.value)})`;
  const raised = result.changes.filter((change) => change.gained > 0).length;
  return `Improvement: ${variant}${check}; ${raised} of ${marked} marked skill${marked === 1 ? "" : "s"} improved.`;
}
