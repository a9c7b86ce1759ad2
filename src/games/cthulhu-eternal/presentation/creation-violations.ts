import { inputNoteText } from "./input-problems.js";
import type {
  ArchetypeProblem,
  BondLabel,
  CreationAdvice,
  CreationViolation,
  CreationViolationCode,
  PickBudget,
} from "../rules/creation/index.js";
import { SKILL_VIOLATION_TEXT } from "./creation-skill-violations.js";
import { ERA_LABEL, plural } from "./creation-words.js";

/**
 * The creation rules' violations in the players' words: what is wrong with the choices and what
 * to do. One entry per code; a code added to the rules without its sentence here fails the type
 * check. Names appear as given, unescaped: the preview shows each whole sentence as user text.
 */
export type ViolationTexts<C extends CreationViolationCode> = {
  readonly [K in C]: (violation: Extract<CreationViolation, { code: K }>) => string;
};

type SkillCode = keyof typeof SKILL_VIOLATION_TEXT;

const listOf = (values: readonly number[]): string => values.join(", ");

const sortedDescending = (values: readonly number[]): number[] => [...values].sort((a, b) => b - a);

/** A Bond by its name, or by its place while it has none. */
const bondLabel = (bond: BondLabel): string => bond.name ?? `Bond ${bond.number}`;

type StatTotal = Extract<CreationViolation, { code: "stat-total" }>;

function statTotalText(v: StatTotal): string {
  switch (v.kind) {
    case "exact": {
      const difference = v.required - v.total;
      return `Your stats add up to ${v.total}; they must add up to exactly ${v.required} (${
        difference > 0 ? `${difference} more to place` : `${-difference} too many`
      }).`;
    }
    case "would-pass":
      return `Your stats so far add up to ${v.total}; with ${v.unset} still to set at ${v.min} or more, the total would pass ${v.required}.`;
    case "cannot-reach":
      return `Your stats so far add up to ${v.total}; even at ${v.max} each, the ${v.unset} still to set cannot bring the total to ${v.required}.`;
  }
}

/** "You have 10 bonus picks and have used 12 (…): 2 too many." */
function bonusCountText(budget: PickBudget): string {
  const extras: string[] = [];
  if (budget.extraForZeroResources > 0) extras.push("1 for Resources 0");
  if (budget.extraForBondsAtOne > 0) {
    extras.push(`${budget.extraForBondsAtOne} for Community Bonds at 1`);
  }
  const allowance =
    extras.length === 0
      ? `${budget.allowance} bonus picks`
      : `${budget.allowance} bonus picks (${budget.standard} + ${extras.join(" + ")})`;
  const tradedIn = budget.resourcesTradeIns + budget.communityBondTradeIns;
  const spent = `${budget.skillPicks} on skills, ${tradedIn} traded in`;
  return budget.remaining > 0
    ? `You have ${allowance} and have used ${budget.used} (${spent}): ${budget.remaining} still to spend on skills or trade in before play.`
    : `You have ${allowance} but have used ${budget.used} (${spent}): ${-budget.remaining} too many.`;
}

const OTHER_VIOLATION_TEXT: ViolationTexts<Exclude<CreationViolationCode, SkillCode>> = {
  "name-missing": () => "Give your Protagonist a name.",
  "era-missing": () => "Choose the era of your campaign: Modern or Future.",
  "harshness-missing": () =>
    "Agree with your GM how harsh your upbringing was: Normal, Harsh or Very Harsh.",
  "stats-missing": () =>
    "Choose how to make your stats: roll 4D6 (drop the lowest) six times, divide 72 points, or use an assignable set.",
  "stat-missing": (v) => `${v.stat} has no value yet.`,
  "stat-out-of-range": (v) =>
    `${v.stat} is ${v.value}; each stat must be a whole number from ${v.min} to ${v.max} (before any harsh-upbringing bonus).`,
  "stat-total": statTotalText,
  "stat-set-unknown": (v) =>
    `There is no assignable set "${v.set}"; choose Well-Rounded, Focused or Highly Focused.`,
  "stat-not-from-set": (v) =>
    `With the ${v.setName} set, your stats must use ${listOf(v.setValues)}, each once; you have ${listOf(sortedDescending(v.values))}.`,
  "stat-rolls-invalid": (v) =>
    `Rolled stats need six totals of 4D6 (drop the lowest), each from ${v.min} to ${v.max}; got ${listOf(v.rolls)}.`,
  "stat-not-from-rolls": (v) =>
    `Your stats must use your rolls (${listOf(sortedDescending(v.rolls))}), each once; you have ${listOf(sortedDescending(v.values))}.`,
  "harsh-pick-missing": () => "A Harsh upbringing adds 1 to STR or CON: choose which.",
  "harsh-pick-not-applicable": (v) =>
    v.harshness === "very-harsh"
      ? "A Very Harsh upbringing adds 1 to both STR and CON; there is nothing to choose."
      : "A Normal upbringing gives no STR or CON bonus; remove that choice.",
  "archetype-missing": () => "Choose an archetype.",
  "archetype-unknown": (v) =>
    `There is no "${v.archetypeId}" archetype in the ${ERA_LABEL[v.era]} era; choose one of: ${v.archetypes.join(", ")}.`,
  "bonus-count": (v) => bonusCountText(v.budget),
  "resources-trade-in-invalid": (v) =>
    `Trade in a whole number of picks (0 or more) for Resources, not ${v.picks}.`,
  "resources-conflict": () =>
    "Resources cannot be both set to 0 (for an extra pick) and raised with traded picks; choose one.",
  "bond-count": (v) =>
    `${v.archetype} has ${plural(v.wanted, "Bond")}; you have described ${v.described}.`,
  "bond-name-missing": (v) =>
    `Give Bond ${v.number} a name, such as "My sister Ana" or "St. Mary's congregation".`,
  "bond-trade-in-invalid": (v) =>
    `Trade in a whole number of picks (0 or more) for ${bondLabel(v.bond)}, not ${v.picks}.`,
  "bond-trade-in-individual": (v) =>
    `${bondLabel(v.bond)} is an Individual Bond: it starts at your CHA, and only Community Bonds take trade-ins or start at 1.`,
  "bond-conflict": (v) =>
    `${bondLabel(v.bond)} cannot both start at 1 (for an extra pick) and be raised with traded picks; choose one.`,
  "bond-above-max": (v) =>
    `${bondLabel(v.bond)} would reach ${v.score}, but a Community Bond can be at most ${v.max}; trade in ${plural(v.over, "pick")} fewer.`,
};

export const CREATION_VIOLATION_TEXT: ViolationTexts<CreationViolationCode> = {
  ...OTHER_VIOLATION_TEXT,
  ...SKILL_VIOLATION_TEXT,
};

/** One violation as the player reads it (not yet escaped: names are as given). */
export function creationViolationText(violation: CreationViolation): string {
  const render = CREATION_VIOLATION_TEXT[violation.code] as (v: CreationViolation) => string;
  return render(violation);
}

export function creationAdviceText(advice: CreationAdvice): string {
  return `${advice.archetype} recommends ${advice.stat} ${advice.recommended} or higher; yours is ${advice.value}.`;
}

type ProblemTexts = {
  readonly [C in ArchetypeProblem["code"]]: (
    problem: Extract<ArchetypeProblem, { code: C }>,
  ) => string;
};

/** An archetype's skill entry as a GM writes one in the JSON. */
const SKILL_ENTRY = '{"skill": "Search", "rating": 40}';

/** What a list entry or list of an archetype looks like, for a value of the wrong type. */
const SHAPE_EXAMPLE: Readonly<Record<string, string>> = {
  skills: `[${SKILL_ENTRY}]`,
  "skills.#": SKILL_ENTRY,
  optionalSkills: `[${SKILL_ENTRY}]`,
  "optionalSkills.#": SKILL_ENTRY,
  recommendedStats: '["DEX", "INT"]',
};

/** Where in an archetype: "skills.0.rating" → the `rating` of `skills` entry 1. */
function archetypeFieldText(path: string): string {
  const [top, entry, part] = path.split(".");
  const list =
    entry !== undefined && /^\d+$/.test(entry) ? `\`${top}\` entry ${Number(entry) + 1}` : null;
  if (list === null) return `\`${path}\``;
  return part === undefined ? list : `the \`${part}\` of ${list}`;
}

/** A value of the wrong shape: the field, what it must be, and an example of a right one. */
function shapeText(p: Extract<ArchetypeProblem, { code: "shape" }>): string {
  const where = p.path === null ? "The archetype" : archetypeFieldText(p.path);
  const key = p.path?.replace(/\.\d+$/, ".#") ?? "";
  const example = p.note.code === "wrong-type" ? SHAPE_EXAMPLE[key] : undefined;
  return `${where} ${inputNoteText(p.note)}${example === undefined ? "" : `, such as ${example}`}`;
}

/** What is wrong with a GM's archetype, after where in it when that is known. */
const ARCHETYPE_PROBLEM_TEXT: ProblemTexts = {
  shape: shapeText,
  "id-format": () => "use lower-case words joined by hyphens, e.g. sea-captain",
  "skill-name-empty": () => "a skill needs a name",
  "skill-listed-twice": (p) => `${p.skill} is listed twice among the archetypal skills`,
  "too-few-optional-skills": (p) =>
    `asks for ${p.count} optional skills but lists only ${p.listed}`,
  "skill-unknown": (p) => `${p.skill} is not a ${p.era} skill`,
  "specialisation-unexpected": (p) => `${p.skill} does not take a specialisation`,
};

/** "`skills` entry 1 must be an object, such as …"; a check's words after its place. */
export function archetypeProblemText(problem: ArchetypeProblem): string {
  const render = ARCHETYPE_PROBLEM_TEXT[problem.code] as (p: ArchetypeProblem) => string;
  const text = render(problem);
  if (problem.code === "shape") return text;
  const path = "path" in problem ? problem.path : null;
  return path === null ? text : `${archetypeFieldText(path)}: ${text}`;
}
