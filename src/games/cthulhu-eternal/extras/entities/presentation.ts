import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../../core/discord/format.js";
import type { LoggedFact } from "../../services/event-facts.js";
import { kindLine } from "../event-line.js";
import type { ExtraRefusal, ExtraSheetField } from "../module.js";
import { ENTITY_EVENTS, type EncounterPayload, type EntityPayload } from "./events.js";
import {
  MAX_TAG_RATING,
  type EntityKind,
  type EntityTag,
  type OpponentEffect,
  type TagProblem,
} from "./rules.js";
import { EntityTagsRefused, type BestiaryView, type EntityOutcome } from "./service.js";
import type { Entity } from "./state.js";

/** Every sentence the bestiary shows, in one place. */

export const ENTITIES_NAME = "Bestiary and Encounters";
export const ENTITIES_SUMMARY =
  "A GM's bestiary of NPCs, creatures, relics and tomes with the seed's tags, private until a GM shows one.";

const BESTIARY_COLOUR = 0x4a235a;

const KIND_WORDS: Readonly<Record<EntityKind, string>> = {
  npc: "NPC",
  creature: "Creature",
  relic: "Relic",
  tome: "Tome",
};

const TAG_WORDS: Readonly<Record<EntityTag["tag"], string>> = {
  armored: "Armored",
  eldritch: "Eldritch",
  scary: "Scary",
  weird: "Weird",
  flying: "Flying",
  immortal: "Immortal",
  spectral: "Spectral",
  uncanny: "Uncanny",
  undead: "Undead",
  vulnerable: "Vulnerable",
};

export function tagText(tag: EntityTag): string {
  if ("rating" in tag) return `${TAG_WORDS[tag.tag]} (${tag.rating})`;
  if ("type" in tag) return `${TAG_WORDS[tag.tag]} (${tag.type})`;
  return TAG_WORDS[tag.tag];
}

const LOG_WORDS = {
  add: (p: EntityPayload) => `Bestiary: ${p.entity} added (hidden)`,
  remove: (p: EntityPayload) => `Bestiary: ${p.entity} removed`,
  show: (p: EntityPayload) => `Bestiary: a GM showed ${p.entity} to the table`,
  hide: (p: EntityPayload) => `Bestiary: ${p.entity} hidden again`,
};

export function entitiesEventLine(fact: LoggedFact): string | undefined {
  const { add, remove, show, hide, encounter } = ENTITY_EVENTS;
  return (
    kindLine(
      fact,
      encounter,
      (p: EncounterPayload) => `Encounter with ${p.entity}: ${p.protagonists.join(", ")}`,
    ) ??
    kindLine(fact, add, LOG_WORDS.add) ??
    kindLine(fact, remove, LOG_WORDS.remove) ??
    kindLine(fact, show, LOG_WORDS.show) ??
    kindLine(fact, hide, LOG_WORDS.hide)
  );
}

/** The stat block, for GMs only. */
function statBlock(entity: Entity): string {
  const lines = [
    `${KIND_WORDS[entity.kind]}${entity.hp === null ? "" : ` · HP ${entity.hp - entity.wounds}/${entity.hp}`}${entity.shown ? " · 👁️ shown" : " · 🔒 hidden"}`,
  ];
  if (entity.tags.length) lines.push(`Tags: ${entity.tags.map(tagText).join(", ")}`);
  if (entity.strengths.length)
    lines.push(`↑ ${entity.strengths.map((s) => userText(s, 60)).join(", ")}`);
  if (entity.weaknesses.length)
    lines.push(`↓ ${entity.weaknesses.map((s) => userText(s, 60)).join(", ")}`);
  return lines.join("\n");
}

export function addText(outcome: EntityOutcome): string {
  return `**${userText(outcome.entity.name, 100)}** is in the bestiary, hidden from the table: \`/entity show\` shows it.\n${statBlock(outcome.entity)}`;
}

export function removeText(outcome: EntityOutcome): string {
  return `**${userText(outcome.entity.name, 100)}** is out of the bestiary.`;
}

export function hideText(outcome: EntityOutcome): string {
  return `**${userText(outcome.entity.name, 100)}** is hidden from the table again.`;
}

/** What the table sees of a shown entity: its name, its kind and the GM's words. */
export function shownEmbed(outcome: EntityOutcome): EmbedBuilder {
  const { entity } = outcome;
  const embed = new EmbedBuilder()
    .setColor(BESTIARY_COLOUR)
    .setTitle(truncate(`👁️ ${userText(entity.name, 100)}`, EMBED_LIMITS.title))
    .setFooter({ text: KIND_WORDS[entity.kind] });
  const description = entity.shown?.description ?? "";
  if (description) embed.setDescription(userText(description, EMBED_LIMITS.description));
  return embed;
}

export function bestiaryEmbed(view: BestiaryView): EmbedBuilder {
  const lines = view.entities.map((entity) =>
    view.gm
      ? `**${userText(entity.name, 100)}**\n${statBlock(entity)}`
      : `**${userText(entity.name, 100)}** (${KIND_WORDS[entity.kind]})${entity.shown?.description ? `: ${userText(entity.shown.description, 200)}` : ""}`,
  );
  const none = view.gm
    ? "Empty: `/entity add` puts an entity in it."
    : "Nothing the GMs have shown yet.";
  return new EmbedBuilder()
    .setColor(BESTIARY_COLOUR)
    .setTitle(truncate(`📖 Bestiary of ${userText(view.campaign.name)}`, EMBED_LIMITS.title))
    .setDescription(truncate(lines.length ? lines.join("\n\n") : none, EMBED_LIMITS.description));
}

function problemText(problem: TagProblem): string {
  switch (problem.code) {
    case "unknown-tag":
      return `“${userText(problem.typed, 40)}” is no tag: the tags are Armored X, Eldritch X, Flying, Immortal, Scary X, Spectral, Uncanny, Undead, Vulnerable <type>, Weird X.`;
    case "tag-needs-rating":
      return `${TAG_WORDS[problem.tag]} needs its rating, e.g. “${TAG_WORDS[problem.tag]} 2”.`;
    case "tag-rating-out-of-range":
      return `${TAG_WORDS[problem.tag]}'s rating must be a whole number from 1 to ${MAX_TAG_RATING}, not “${userText(problem.typed, 20)}”.`;
    case "tag-takes-no-value":
      return `${TAG_WORDS[problem.tag]} takes no value.`;
    case "vulnerable-needs-type":
      return "Vulnerable needs the damage type, e.g. “Vulnerable fire”.";
    case "tag-twice":
      return `${TAG_WORDS[problem.tag]} is given twice.`;
  }
}

export function entitiesRefusalText(refusal: ExtraRefusal): string {
  if (refusal instanceof EntityTagsRefused) {
    return [
      "The tags could not all be read; nothing was added:",
      ...refusal.problems.map((p) => `• ${problemText(p)}`),
    ].join("\n");
  }
  const p = refusal.params;
  const entity = userText(String(p.entity ?? ""), 100);
  switch (refusal.code) {
    case "no-such-entity":
      return `The bestiary has no **${entity}**: pick one from the list (\`/entity list\`).`;
    case "entity-exists":
      return `The bestiary already has a **${entity}**: remove it first to change it.`;
    case "too-many-entities":
      return `The bestiary holds ${Number(p.max)} entities at most: remove one first.`;
    case "already-hidden":
      return `**${entity}** is already hidden from the table.`;
    case "not-in-campaign":
      return `**${userText(String(p.protagonist ?? ""), 100)}** plays in another campaign: an encounter meets this campaign's Protagonists.`;
    case "no-one-to-encounter":
      return "This campaign has no active Protagonist to meet it: name one with `protagonist`, or create one.";
    case "encounter-calls-for-no-test":
      return `**${entity}** has no Weird, Eldritch, Scary or Undead tag: meeting it calls for no test. Roll what the scene needs with \`/roll\` or \`/san\`.`;
    case "encounter-too-large":
      return `That encounter needs ${Number(p.tests)} tests and one summary holds ${Number(p.max)}: name the Protagonists one at a time with \`protagonist\`.`;
    default:
      return "That can't be done with the bestiary right now.";
  }
}

/** The opponent's effect beside a test's target; never its name (it may be hidden). */
export const EFFECT_LABEL: Readonly<Record<OpponentEffect, string>> = {
  strength: "Opponent's strength ↑",
  weakness: "Opponent's weakness ↓",
  uncanny: "Uncanny",
  spectral: "Spectral",
  flying: "Flying",
};

/** The bestiary has no part on a Protagonist's sheet. */
export function entitiesSheet(): ExtraSheetField[] {
  return [];
}
