import { RulesError } from "./errors.js";
import type { RuleOptions } from "./options.js";
import { rollPercentile, type PercentileRoll } from "./percentile.js";
import type { Rng } from "../../../core/rng.js";

/**
 * Skill advancement: failure marks during play and improvement after the session. The rules notes
 * ("Tests": skill failure marks) give the 1D4 default and the Foundry DG variants; seed 002
 * ("Advancement") gives the single d100 improvement check. Pure; dice only through the Rng.
 */

export type ImprovementVariant = RuleOptions["improvement"];
/** The variants that improve each marked skill on its own (all but the single check). */
export type PerSkillVariant = Exclude<ImprovementVariant, "check">;

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

/** What a test did to the skill's failure mark, and why; presentation words it. */
export type FailureMarkReason =
  "succeeded" | "marks-not-used" | "unnatural" | "already-marked" | "ticked";

export interface FailureMarkResult {
  skill: AdvancementSkill;
  /** True when this test ticked a mark that was not there before. */
  newlyMarked: boolean;
  reason: FailureMarkReason;
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
  const unchanged = (reason: FailureMarkReason): FailureMarkResult => ({
    skill,
    newlyMarked: false,
    reason,
  });
  if (test.success) return unchanged("succeeded");
  if (!options.failureMarks) return unchanged("marks-not-used");
  if (isUnnaturalSkill(skill.name)) return unchanged("unnatural");
  if (skill.marked) return unchanged("already-marked");
  return { skill: { ...skill, marked: true }, newlyMarked: true, reason: "ticked" };
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
  reason: ImprovementReason;
}

/** Why a marked skill changed as it did; the gain itself is in `SkillImprovement`. */
export type ImprovementReason =
  /** A stray mark on Unnatural, cleared without improvement. */
  | { readonly code: "unnatural-mark-cleared" }
  /** The "check" variant's d100, which the skill was above (kept marked) or not (+1). */
  | { readonly code: "check"; readonly check: number }
  /** Already at SKILL_MAX: no die rolled. */
  | { readonly code: "already-at-max" }
  | PerSkillReason;

/** A per-skill variant's gain before the cap: the fixed +1, or a die's face (less 1 for 1D4−1). */
export type PerSkillReason =
  | { readonly code: "per-skill"; readonly variant: "1"; readonly gain: number }
  | {
      readonly code: "per-skill";
      readonly variant: Exclude<PerSkillVariant, "1">;
      readonly face: number;
      readonly gain: number;
    };

export interface ImprovementResult {
  variant: ImprovementVariant;
  /** The single d100 improvement check of the "check" variant. */
  check?: PercentileRoll;
  /** Every skill in the order given, changed or not. */
  skills: AdvancementSkill[];
  /** One entry per marked skill (and per stray Unnatural mark cleared). */
  changes: SkillImprovement[];
}

/** The die a per-skill variant rolls and how a face becomes a gain; null for fixed gains. */
function perSkillGain(
  variant: PerSkillVariant,
  rng: Rng,
): { gain: number; die?: { sides: number; face: number }; reason: PerSkillReason } {
  switch (variant) {
    case "1":
      return { gain: 1, reason: { code: "per-skill", variant, gain: 1 } };
    case "1d3": {
      const face = rng.die(3);
      return {
        gain: face,
        die: { sides: 3, face },
        reason: { code: "per-skill", variant, face, gain: face },
      };
    }
    case "1d4": {
      const face = rng.die(4);
      return {
        gain: face,
        die: { sides: 4, face },
        reason: { code: "per-skill", variant, face, gain: face },
      };
    }
    case "1d4-1": {
      const face = rng.die(4);
      return {
        gain: face - 1,
        die: { sides: 4, face },
        reason: { code: "per-skill", variant, face, gain: face - 1 },
      };
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
      reason: { code: "unnatural-mark-cleared" },
    },
  };
}

/** Seed 002: +1 for each marked skill at or below the check; the others keep their marks. */
function checkStep(check: PercentileRoll): SkillStep {
  const reason: ImprovementReason = { code: "check", check: check.value };
  return (skill) => {
    const base = { name: skill.name, before: skill.rating, reason };
    if (skill.rating > check.value) {
      return {
        skill,
        change: {
          ...base,
          after: skill.rating,
          gained: 0,
          unmarked: false,
        },
      };
    }
    const after = Math.min(SKILL_MAX, skill.rating + 1);
    return {
      skill: { ...skill, rating: after, marked: false },
      change: {
        ...base,
        after,
        gained: after - skill.rating,
        unmarked: true,
      },
    };
  };
}

/** Per-skill variants: roll (or add) for each marked skill, cap at 99, clear the mark. */
function perSkillStep(variant: PerSkillVariant, rng: Rng): SkillStep {
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
          reason: { code: "already-at-max" },
        },
      };
    }
    const roll = perSkillGain(variant, rng);
    const after = Math.min(SKILL_MAX, skill.rating + roll.gain);
    return {
      skill: { ...skill, rating: after, marked: false },
      change: {
        ...base,
        after,
        gained: after - skill.rating,
        ...(roll.die === undefined ? {} : { die: roll.die }),
        unmarked: true,
        reason: roll.reason,
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
    return { variant, skills: [...skills], changes: [] };
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

  return {
    variant,
    ...(check === undefined ? {} : { check }),
    skills: improved,
    changes,
  };
}
