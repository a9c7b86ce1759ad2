import { RulesError } from "./errors.js";
import type { RuleOptions } from "./options.js";
import { formatPercentile, rollPercentile, type PercentileRoll } from "./percentile.js";
import type { Rng } from "../../../core/rng.js";

/**
 * Skill advancement: failure marks during play and improvement after the session. The rules notes
 * ("Tests": skill failure marks) give the 1D4 default and the Foundry DG variants; seed 002
 * ("Advancement") gives the single d100 improvement check. Pure; dice only through the Rng.
 */

export type ImprovementVariant = RuleOptions["improvement"];

/** A skill as advancement sees it. */
export interface AdvancementSkill {
  name: string;
  rating: number;
  /** Failure mark ticked since the last improvement. */
  marked: boolean;
}

/** "A skill rating can never exceed its related attribute's maximum" (seed 002): 99% for skills. */
export const SKILL_MAX = 99;

/** The Unnatural skill never takes failure marks (rules notes); it grows only through the GM. */
export function isUnnaturalSkill(name: string): boolean {
  return name.trim().toLowerCase() === "unnatural";
}

function assertSkill(skill: AdvancementSkill): void {
  if (skill.name.trim() === "") {
    throw new RulesError({ code: "skill-name-empty" });
  }
  if (!Number.isSafeInteger(skill.rating) || skill.rating < 0 || skill.rating > SKILL_MAX) {
    throw new RulesError(
      {
        code: "not-a-whole-number",
        field: "skill-rating",
        of: skill.name,
        value: String(skill.rating),
        min: 0,
        max: SKILL_MAX,
      },
      "invalid-skill-rating",
    );
  }
}

export interface FailureMarkResult {
  skill: AdvancementSkill;
  /** True when this test ticked a mark that was not there before. */
  newlyMarked: boolean;
  reason: string;
}

/**
 * After a skill test: a failure (fumbles included) ticks the skill's failure mark when the campaign
 * uses failure marks, except on the Unnatural skill. A success leaves the mark as it was.
 */
export function recordSkillTest(
  skill: AdvancementSkill,
  test: { success: boolean },
  options: Pick<RuleOptions, "failureMarks">,
): FailureMarkResult {
  assertSkill(skill);
  const unchanged = (reason: string): FailureMarkResult => ({ skill, newlyMarked: false, reason });
  if (test.success) return unchanged(`${skill.name} succeeded: no failure mark.`);
  if (!options.failureMarks) return unchanged("This campaign does not use failure marks.");
  if (isUnnaturalSkill(skill.name)) {
    return unchanged("The Unnatural skill never takes failure marks.");
  }
  if (skill.marked) return unchanged(`${skill.name} failed; it is already marked.`);
  return {
    skill: { ...skill, marked: true },
    newlyMarked: true,
    reason: `${skill.name} failed: failure mark ticked (it may improve after the session).`,
  };
}

export interface SkillImprovement {
  name: string;
  before: number;
  after: number;
  gained: number;
  /** The die rolled for this skill (1D4, 1D3, 1D4−1 variants); absent when none was needed. */
  die?: { sides: number; face: number };
  /** Whether the skill ends unmarked. */
  unmarked: boolean;
  reason: string;
}

export interface ImprovementResult {
  variant: ImprovementVariant;
  /** The single d100 improvement check of the "check" variant. */
  check?: PercentileRoll;
  /** Every skill in the order given, changed or not. */
  skills: AdvancementSkill[];
  /** One entry per marked skill (and per stray Unnatural mark cleared). */
  changes: SkillImprovement[];
  reason: string;
}

const VARIANT_TEXT: Readonly<Record<ImprovementVariant, string>> = {
  "1d4": "each marked skill gains 1D4",
  "1": "each marked skill gains 1",
  "1d3": "each marked skill gains 1D3",
  "1d4-1": "each marked skill gains 1D4−1",
  check: "one d100 improvement check: each marked skill at or below it gains 1",
};

/** The die a per-skill variant rolls and how a face becomes a gain; null for fixed gains. */
function perSkillGain(
  variant: Exclude<ImprovementVariant, "check">,
  rng: Rng,
): { gain: number; die?: { sides: number; face: number }; text: string } {
  switch (variant) {
    case "1":
      return { gain: 1, text: "+1" };
    case "1d3": {
      const face = rng.die(3);
      return { gain: face, die: { sides: 3, face }, text: `1D3 = ${face}` };
    }
    case "1d4": {
      const face = rng.die(4);
      return { gain: face, die: { sides: 4, face }, text: `1D4 = ${face}` };
    }
    case "1d4-1": {
      const face = rng.die(4);
      return { gain: face - 1, die: { sides: 4, face }, text: `1D4−1 = ${face}−1 = ${face - 1}` };
    }
  }
}

type SkillStep = (skill: AdvancementSkill) => {
  skill: AdvancementSkill;
  change: SkillImprovement;
};

/** A mark on Unnatural should never exist; clear it rather than improve the skill. */
function clearUnnaturalMark(skill: AdvancementSkill): ReturnType<SkillStep> {
  return {
    skill: { ...skill, marked: false },
    change: {
      name: skill.name,
      before: skill.rating,
      after: skill.rating,
      gained: 0,
      unmarked: true,
      reason: `${skill.name} never improves through failure marks: mark cleared.`,
    },
  };
}

/** Seed 002: +1 for each marked skill at or below the check; the others keep their marks. */
function checkStep(check: PercentileRoll): SkillStep {
  const shown = formatPercentile(check.value);
  return (skill) => {
    const base = { name: skill.name, before: skill.rating };
    if (skill.rating > check.value) {
      return {
        skill,
        change: {
          ...base,
          after: skill.rating,
          gained: 0,
          unmarked: false,
          reason: `${skill.name} ${skill.rating} is above the check ${shown}: no gain, still marked.`,
        },
      };
    }
    const after = Math.min(SKILL_MAX, skill.rating + 1);
    const capText = after === skill.rating ? ` (already at ${SKILL_MAX})` : "";
    return {
      skill: { ...skill, rating: after, marked: false },
      change: {
        ...base,
        after,
        gained: after - skill.rating,
        unmarked: true,
        reason: `${skill.name} ${skill.rating} is at or below the check ${shown}: +1, ${skill.rating} → ${after}${capText}; mark cleared.`,
      },
    };
  };
}

/** Per-skill variants: roll (or add) for each marked skill, cap at 99, clear the mark. */
function perSkillStep(variant: Exclude<ImprovementVariant, "check">, rng: Rng): SkillStep {
  return (skill) => {
    const base = { name: skill.name, before: skill.rating };
    if (skill.rating >= SKILL_MAX) {
      return {
        skill: { ...skill, marked: false },
        change: {
          ...base,
          after: skill.rating,
          gained: 0,
          unmarked: true,
          reason: `${skill.name} is already at ${SKILL_MAX}: no die rolled; mark cleared.`,
        },
      };
    }
    const roll = perSkillGain(variant, rng);
    const after = Math.min(SKILL_MAX, skill.rating + roll.gain);
    const capText = after < skill.rating + roll.gain ? ` (capped at ${SKILL_MAX})` : "";
    const nothing = roll.gain === 0 ? ", no improvement" : "";
    return {
      skill: { ...skill, rating: after, marked: false },
      change: {
        ...base,
        after,
        gained: after - skill.rating,
        ...(roll.die === undefined ? {} : { die: roll.die }),
        unmarked: true,
        reason: `${skill.name} ${roll.text}${nothing}: ${skill.rating} → ${after}${capText}; mark cleared.`,
      },
    };
  };
}

/**
 * End-of-session improvement of marked skills, by `options.improvement`:
 * - "1d4" (default, Roll20 CE sheet), "1", "1d3", "1d4-1" (Foundry DG variants): each marked skill
 *   gains that much (a 1D4−1 of 0 improves nothing) and its mark is cleared;
 * - "check" (seed 002): ONE d100 for the Protagonist; every marked skill rated at or below the
 *   result gains 1 and is unmarked. Our reading of "unmark the skills' failures and increase the
 *   ratings": only the skills that increase are unmarked; marked skills above the check keep their
 *   marks for the next chance.
 * Skills never go above 99; a marked skill already at 99 rolls no die and just loses its mark.
 * Dice are rolled in the order the skills are given. A stray mark on Unnatural (which never takes
 * marks) is cleared without improvement.
 */
export function improveSkills(
  skills: readonly AdvancementSkill[],
  options: Pick<RuleOptions, "improvement">,
  rng: Rng,
): ImprovementResult {
  skills.forEach(assertSkill);
  const variant = options.improvement;
  const markedCount = skills.filter((skill) => skill.marked).length;
  if (markedCount === 0) {
    return {
      variant,
      skills: [...skills],
      changes: [],
      reason: "No skill is marked: nothing to improve.",
    };
  }
  // The check variant rolls once for the whole Protagonist, before any skill is looked at.
  let check: PercentileRoll | undefined;
  let improve: SkillStep;
  if (variant === "check") {
    check = rollPercentile(rng);
    improve = checkStep(check);
  } else {
    improve = perSkillStep(variant, rng);
  }

  const changes: SkillImprovement[] = [];
  const improved = skills.map((skill): AdvancementSkill => {
    if (!skill.marked) return skill;
    const done = isUnnaturalSkill(skill.name) ? clearUnnaturalMark(skill) : improve(skill);
    changes.push(done.change);
    return done.skill;
  });

  const checkText = check === undefined ? "" : ` (rolled ${formatPercentile(check.value)})`;
  const raised = changes.filter((change) => change.gained > 0).length;
  return {
    variant,
    ...(check === undefined ? {} : { check }),
    skills: improved,
    changes,
    reason: `Improvement: ${VARIANT_TEXT[variant]}${checkText}; ${raised} of ${markedCount} marked skill${markedCount === 1 ? "" : "s"} improved.`,
  };
}
