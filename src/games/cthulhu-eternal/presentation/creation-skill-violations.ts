import type { CreationViolation } from "../rules/creation/index.js";
import { ERA_LABEL, HARSHNESS_LABEL, plural } from "./creation-words.js";

/** The creation violations about skills; `creation-violations.ts` holds the rest. */
type SkillCode =
  | "archetype-specialisation-missing"
  | "archetype-specialisation-unexpected"
  | "archetype-specialisation-duplicate"
  | "optional-count"
  | "optional-not-on-list"
  | "optional-duplicate"
  | "optional-already-held"
  | "adversity-count"
  | "adversity-not-on-list"
  | "skill-unknown"
  | "specialisation-missing"
  | "specialisation-unexpected"
  | "unnatural-at-creation"
  | "skill-above-cap";

type SkillTexts = {
  readonly [K in SkillCode]: (violation: Extract<CreationViolation, { code: K }>) => string;
};

/** A kind to show in "write it like …" for each typed skill; "Kind" for the rest. */
const SPECIALISATION_EXAMPLES: Readonly<Record<string, string>> = {
  art: "Painting",
  craft: "Carpentry",
  "foreign language": "French",
  law: "Criminal",
  "military training": "Infantry",
  pilot: "Helicopter",
  "regional lore": "New England",
  "planet/station lore": "Mars",
  science: "Biology",
  survival: "Desert",
};

function exampleFor(skill: string): string {
  const example = SPECIALISATION_EXAMPLES[skill.toLowerCase()] ?? "Kind";
  return `${skill} (${example})`;
}

export const SKILL_VIOLATION_TEXT: SkillTexts = {
  "archetype-specialisation-missing": (v) =>
    `${v.archetype} has ${v.skill} (Type) at ${v.rating}%: name the kind of ${v.skill}, e.g. ${exampleFor(v.skill)}.`,
  "archetype-specialisation-unexpected": (v) =>
    `${v.archetype} has no "(Type)" skill called ${v.skill} to specialise; remove it.`,
  "archetype-specialisation-duplicate": (v) =>
    `${v.archetype} already gives ${v.held}; name a different kind of ${v.skill}.`,
  "optional-count": (v) => {
    const difference = v.chosen - v.wanted;
    return `${v.archetype} chooses ${v.wanted} skills from its list; you chose ${v.chosen} (${
      difference > 0 ? `${difference} too many` : `${-difference} more to choose`
    }).`;
  },
  "optional-not-on-list": (v) =>
    `${v.skill} is not on the ${v.archetype} list; choose from: ${v.list
      .map((o) => `${o.skill} ${o.rating}%`)
      .join(", ")}.`,
  "optional-duplicate": (v) =>
    `${v.skill} is on the ${v.archetype} list once, so it can be chosen only once.`,
  "optional-already-held": (v) =>
    v.by === "pick"
      ? `You already chose ${v.skill}; choose a skill you don't have yet.`
      : `${v.archetype} already gives you ${v.skill}; the list is for skills you don't have yet.`,
  "adversity-count": (v) => {
    const upbringing = `A ${HARSHNESS_LABEL[v.harshness]} upbringing`;
    return v.allowed === 0
      ? `${upbringing} gives no adversity picks; remove ${plural(v.picks, "pick")}.`
      : `${upbringing} gives ${plural(v.allowed, "adversity pick")}; you made ${v.picks}.`;
  },
  "adversity-not-on-list": (v) =>
    `${v.skill} is not an adversity skill; adversity picks go to ${v.list.join(", ")}.`,
  "skill-unknown": (v) =>
    `There is no ${ERA_LABEL[v.era]} skill called "${v.skill}"; check the spelling.`,
  "specialisation-missing": (v) =>
    `${v.skill} needs a specialisation: write it like ${exampleFor(v.skill)}.`,
  "specialisation-unexpected": (v) =>
    `${v.skill} does not take a specialisation; write just "${v.skill}".`,
  "unnatural-at-creation": () =>
    "This campaign does not let bonus picks raise Unnatural at creation; it grows only through encounters with the unnatural.",
  "skill-above-cap": (v) =>
    `${v.skill} would reach ${v.rating}%, above the creation limit of ${v.cap}%; move ${plural(v.excess, "pick")} to other skills.`,
};
