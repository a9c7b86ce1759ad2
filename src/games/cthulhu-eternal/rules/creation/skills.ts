import { RulesError } from "../errors.js";
import type { Era } from "../types.js";

/**
 * One skill of an era's list. `typed` skills ("Art (Type)") need a specialisation; each
 * specialisation is its own skill with the same base rating.
 */
export interface SkillDefinition {
  readonly name: string;
  readonly base: number;
  readonly typed: boolean;
}

function skill(name: string, base: number): SkillDefinition {
  return { name, base, typed: false };
}

function typedSkill(name: string, base: number): SkillDefinition {
  return { name, base, typed: true };
}

/** Modern list and base ratings (skills notes, from the Roll20 Cthulhu Eternal sheet). */
export const MODERN_SKILLS: readonly SkillDefinition[] = [
  skill("Administration", 10),
  skill("Alertness", 20),
  skill("Anthropology", 0),
  skill("Appraise", 10),
  skill("Archeology", 0),
  typedSkill("Art", 0),
  skill("Athletics", 30),
  skill("Charm", 20),
  typedSkill("Craft", 0),
  skill("Disguise", 10),
  skill("Dodge", 30),
  skill("Drive", 20),
  skill("Firearms", 20),
  skill("First Aid", 10),
  typedSkill("Foreign Language", 0),
  skill("Forensics", 0),
  skill("Harangue", 10),
  skill("Heavy Machinery", 10),
  skill("History", 10),
  skill("Insight", 10),
  typedSkill("Law", 0),
  skill("Medicine", 0),
  skill("Melee Weapons", 30),
  typedSkill("Military Training", 0),
  skill("Natural World", 10),
  skill("Navigate", 10),
  skill("Occult", 10),
  skill("Persuade", 20),
  skill("Pharmacy", 0),
  typedSkill("Pilot", 0),
  skill("Psychoanalyze", 10),
  typedSkill("Regional Lore", 0),
  skill("Research", 10),
  skill("Ride", 10),
  typedSkill("Science", 0),
  skill("Search", 20),
  skill("Stealth", 10),
  skill("Surgery", 0),
  typedSkill("Survival", 10),
  skill("Swim", 20),
  skill("Technology Use", 0),
  skill("Track", 10),
  skill("Unarmed Combat", 20),
  skill("Unnatural", 0),
];

const NOT_IN_THE_FUTURE = new Set([
  "Anthropology",
  "Archeology",
  "Natural World",
  "Regional Lore",
  "Ride",
]);

/** Future list: Modern with the changes the skills notes list, kept in alphabetical order. */
export const FUTURE_SKILLS: readonly SkillDefinition[] = [
  ...MODERN_SKILLS.filter((s) => !NOT_IN_THE_FUTURE.has(s.name)).map((s) =>
    s.name === "Firearms" ? skill("Firearms/Beam Weapons", s.base) : s,
  ),
  skill("Artificial Intelligence", 0),
  skill("Cosmology", 10),
  skill("Hacking", 0),
  typedSkill("Planet/Station Lore", 0),
  skill("Xenoarcheology", 0),
  skill("Zero-G Maneuvering", 0),
].sort((a, b) => a.name.localeCompare(b.name, "en"));

const SKILLS_BY_ERA: Record<Era, readonly SkillDefinition[]> = {
  modern: MODERN_SKILLS,
  future: FUTURE_SKILLS,
};

export function skillsFor(era: Era): readonly SkillDefinition[] {
  return SKILLS_BY_ERA[era];
}

/** The skill whose rating lowers Max SAN; it starts at 0 and only grows in play (our default). */
export const UNNATURAL = "Unnatural";

/**
 * The longest skill name, specialisation included, wherever one is typed, stored or imported:
 * 100, what Discord allows a string option and an autocomplete choice's value, so every skill on
 * a sheet can be picked in `/roll skill`.
 */
export const SKILL_NAME_MAX = 100;

/**
 * Adversity skills per era. Modern is seed 000; Future is our documented default (seed 000 gives
 * none): the Modern list with Planet/Station Lore in place of Regional Lore.
 */
export const ADVERSITY_SKILLS: Record<Era, readonly string[]> = {
  modern: ["First Aid", "Military Training (Type)", "Regional Lore (Type)", "Survival (Type)"],
  future: [
    "First Aid",
    "Military Training (Type)",
    "Planet/Station Lore (Type)",
    "Survival (Type)",
  ],
};

/** A skill name split into the skill and its specialisation ("Art (Painting)" → Art, Painting). */
export interface ParsedSkillName {
  name: string;
  /** Null when none is given, or when the placeholder "(Type)" stands in for one. */
  specialisation: string | null;
}

const PLACEHOLDER_SPECIALISATION = "type";

function tidy(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

export function parseSkillName(text: string): ParsedSkillName {
  const cleaned = tidy(text);
  const match = /^([^(]*?)\s*\((.*)\)$/.exec(cleaned);
  if (match === null) return { name: cleaned, specialisation: null };
  return { name: match[1] ?? "", specialisation: normaliseSpecialisation(match[2] ?? "") };
}

/** A player's specialisation tidied; null when blank or the "Type" placeholder. */
export function normaliseSpecialisation(text: string): string | null {
  const tidied = tidy(text);
  return tidied === "" || tidied.toLowerCase() === PLACEHOLDER_SPECIALISATION ? null : tidied;
}

/** Words a title keeps in lower case unless they start it ("Isle of Man"). */
const MINOR_WORDS = new Set([
  "a",
  "an",
  "and",
  "at",
  "by",
  "for",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
]);

/**
 * A specialisation in title case: each word starts with a capital ("urban" → "Urban", "new
 * england" → "New England"), minor words after the first stay lower case, and other letters stay
 * as typed, so "FBI" or "McAllister" keep the capitals their writer gave them.
 */
export function titleCaseSpecialisation(text: string): string {
  return tidy(text)
    .split(" ")
    .map((word, index) =>
      index > 0 && MINOR_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(
            /(^|[-/])(\p{Ll})/gu,
            (_, before: string, letter: string) => before + letter.toUpperCase(),
          ),
    )
    .join(" ");
}

export function formatSkillName(name: string, specialisation: string | null): string {
  return specialisation === null ? name : `${name} (${specialisation})`;
}

/**
 * Identity of a skill on a sheet: case- and spacing-insensitive, so "art (painting)" and
 * "Art  (Painting)" are the same skill. A placeholder "(Type)" keys like no specialisation.
 */
export function skillKey(text: string): string {
  const { name, specialisation } = parseSkillName(text);
  return formatSkillName(name, specialisation).toLowerCase();
}

/** An era's skill list, optionally extended by GM-defined skills (same name replaces). */
export interface SkillCatalog {
  readonly era: Era;
  readonly skills: readonly SkillDefinition[];
  /** Case-insensitive lookup by skill name; a specialisation in the text is ignored. */
  find(text: string): SkillDefinition | undefined;
}

export function skillCatalog(
  era: Era,
  customSkills: readonly SkillDefinition[] = [],
): SkillCatalog {
  const byName = new Map<string, SkillDefinition>();
  for (const definition of [...skillsFor(era), ...customSkills]) {
    byName.set(definition.name.toLowerCase(), definition);
  }
  const skills = [...byName.values()];
  return {
    era,
    skills,
    find(text) {
      return byName.get(parseSkillName(text).name.toLowerCase());
    },
  };
}

/** Base rating of a skill (any specialisation of a typed skill has the skill's base). */
export function baseRating(
  era: Era,
  skillName: string,
  customSkills: readonly SkillDefinition[] = [],
): number {
  const definition = skillCatalog(era, customSkills).find(skillName);
  if (definition === undefined) {
    throw new RulesError({ code: "unknown-skill", skill: tidy(skillName) });
  }
  return definition.base;
}

/** A skill reference resolved against a catalog, ready to be keyed on a sheet. */
export interface ResolvedSkill {
  key: string;
  /** Display name: the catalog's spelling of the skill, the specialisation in title case. */
  name: string;
  definition: SkillDefinition;
  specialisation: string | null;
}

export type SkillResolution =
  | { ok: true; skill: ResolvedSkill }
  | {
      ok: false;
      problem: "skill-unknown" | "specialisation-missing" | "specialisation-unexpected";
    };

/** A typed skill split into its catalog definition (when known) and its title-cased specialisation. */
function canonicalParts(
  catalog: SkillCatalog,
  text: string,
): { name: string; definition: SkillDefinition | undefined; specialisation: string | null } {
  const parsed = parseSkillName(text);
  const definition = catalog.find(text);
  return {
    name: definition?.name ?? parsed.name,
    definition,
    specialisation:
      parsed.specialisation === null ? null : titleCaseSpecialisation(parsed.specialisation),
  };
}

/**
 * How a skill a player typed is written on sheets: the catalog's spelling of a known skill
 * ("survival (urban)" → "Survival (Urban)"), the specialisation in title case. An unknown skill
 * keeps its name as typed (tidied), so the player recognises it in the problem shown.
 */
export function canonicalSkillText(catalog: SkillCatalog, text: string): string {
  const { name, specialisation } = canonicalParts(catalog, text);
  return formatSkillName(name, specialisation);
}

/** Resolve "Art (Painting)" to a sheet skill, saying why when it cannot be one. */
export function resolveSkill(catalog: SkillCatalog, text: string): SkillResolution {
  const { definition, specialisation } = canonicalParts(catalog, text);
  if (definition === undefined) return { ok: false, problem: "skill-unknown" };
  if (definition.typed && specialisation === null) {
    return { ok: false, problem: "specialisation-missing" };
  }
  if (!definition.typed && specialisation !== null) {
    return { ok: false, problem: "specialisation-unexpected" };
  }
  const name = formatSkillName(definition.name, specialisation);
  return { ok: true, skill: { key: name.toLowerCase(), name, definition, specialisation } };
}
