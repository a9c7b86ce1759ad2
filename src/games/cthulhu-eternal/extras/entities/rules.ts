/**
 * Entities (seed 002): NPCs, creatures, relics and tomes with tags, HP, and skills noted as
 * strengths (tests against them hard) or weaknesses (easy). Tags are typed as a GM writes them,
 * "Weird 2, Scary 1, Flying, Vulnerable fire", and read here. Pure.
 */

export const ENTITY_KINDS = ["npc", "creature", "relic", "tome"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** Tags with a rating X (Armored X: X HP of protection; Eldritch, Scary, Weird X: Xd10). */
export const RATED_TAGS = ["armored", "eldritch", "scary", "weird"] as const;
export const PLAIN_TAGS = ["flying", "immortal", "spectral", "uncanny", "undead"] as const;
export const MAX_TAG_RATING = 10;

export type RatedTag = (typeof RATED_TAGS)[number];
export type PlainTag = (typeof PLAIN_TAGS)[number];

export type EntityTag =
  { tag: RatedTag; rating: number } | { tag: PlainTag } | { tag: "vulnerable"; type: string };

export type TagProblem =
  | { code: "unknown-tag"; typed: string }
  | { code: "tag-needs-rating"; tag: RatedTag }
  | { code: "tag-rating-out-of-range"; tag: RatedTag; typed: string }
  | { code: "tag-takes-no-value"; tag: PlainTag }
  | { code: "vulnerable-needs-type" }
  | { code: "tag-twice"; tag: EntityTag["tag"] };

const isRated = (word: string): word is RatedTag =>
  (RATED_TAGS as readonly string[]).includes(word);
const isPlain = (word: string): word is PlainTag =>
  (PLAIN_TAGS as readonly string[]).includes(word);

/** One tag as typed: "Weird 2", "Weird (2)", "flying", "Vulnerable fire". */
function parseTag(typed: string): EntityTag | TagProblem {
  const [first = "", ...rest] = typed.trim().split(/\s+/);
  const word = first.toLowerCase();
  const value = rest
    .join(" ")
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  if (isRated(word)) {
    if (value === "") return { code: "tag-needs-rating", tag: word };
    const rating = Number(value);
    if (!Number.isInteger(rating) || rating < 1 || rating > MAX_TAG_RATING) {
      return { code: "tag-rating-out-of-range", tag: word, typed: value };
    }
    return { tag: word, rating };
  }
  if (isPlain(word))
    return value === "" ? { tag: word } : { code: "tag-takes-no-value", tag: word };
  if (word === "vulnerable") {
    return value === "" ? { code: "vulnerable-needs-type" } : { tag: "vulnerable", type: value };
  }
  return { code: "unknown-tag", typed: typed.trim() };
}

/** Every tag of a comma-separated list, or every problem found in it. */
export function parseTags(
  typed: string,
): { ok: true; tags: EntityTag[] } | { ok: false; problems: TagProblem[] } {
  const parts = typed
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const tags: EntityTag[] = [];
  const problems: TagProblem[] = [];
  for (const part of parts) {
    const parsed = parseTag(part);
    if ("code" in parsed) problems.push(parsed);
    else if (tags.some((tag) => tag.tag === parsed.tag)) {
      problems.push({ code: "tag-twice", tag: parsed.tag });
    } else tags.push(parsed);
  }
  return problems.length ? { ok: false, problems } : { ok: true, tags };
}

/** "Strengths: Athletics, Unnatural" as a list of skill names. */
export function parseSkillList(typed: string): string[] {
  return typed
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

export function hasTag(tags: readonly EntityTag[], tag: PlainTag): boolean {
  return tags.some((t) => t.tag === tag);
}

/** What an entity does to a test made against it, as data the module's words name. */
export type OpponentEffect = "strength" | "weakness" | "uncanny" | "spectral" | "flying";

/** Extras.md's reading: Will tests are POW × 5, Sense rolls Alertness and Search. */
const SENSE_SKILLS = ["alertness", "search"];
/** Close-range actions against a flyer: hand to hand. */
const CLOSE_RANGE_SKILLS = ["melee weapons", "unarmed combat"];

export const EFFECT_MODIFIER: Readonly<Record<OpponentEffect, number>> = {
  strength: -20,
  weakness: 20,
  uncanny: -20,
  spectral: -20,
  flying: -20,
};

/**
 * A test against an entity (seed 002): hard against a strength, easy against a weakness; Will
 * tests near an Uncanny one, Sense tests against a Spectral one and close-range actions on a
 * Flying one are hard.
 */
export function opponentEffects(
  entity: {
    tags: readonly EntityTag[];
    strengths: readonly string[];
    weaknesses: readonly string[];
  },
  test: { skill?: string; stat?: string },
): OpponentEffect[] {
  const skill = test.skill?.trim().toLowerCase();
  const listed = (skills: readonly string[]) =>
    skill !== undefined && skills.some((s) => s.trim().toLowerCase() === skill);
  const effects: OpponentEffect[] = [];
  if (listed(entity.strengths)) effects.push("strength");
  if (listed(entity.weaknesses)) effects.push("weakness");
  if (hasTag(entity.tags, "uncanny") && test.stat === "POW") effects.push("uncanny");
  if (hasTag(entity.tags, "spectral") && listed(SENSE_SKILLS)) effects.push("spectral");
  if (hasTag(entity.tags, "flying") && listed(CLOSE_RANGE_SKILLS)) effects.push("flying");
  return effects;
}
