import { EmbedBuilder, type APIEmbed } from "discord.js";
import { distinguishingFeature } from "../rules/creation/index.js";
import { STAT_NAMES } from "../rules/types.js";
import type { ProtagonistView } from "../services/protagonist-queries.js";
import type { ProtagonistSnapshot } from "../services/snapshot.js";
import { EMBED_LIMITS, truncate, userParagraph, userText } from "../../../core/discord/format.js";
import { boxes } from "./percentile-format.js";
import { conditionBadges } from "./conditions.js";
import { fieldLines } from "./creation-preview.js";
import { disorderText } from "./disorders.js";

const SHEET_COLOUR = 0x2f4f6f;
const OUT_OF_PLAY_COLOUR = 0x7f8c8d;
/** Skills are shown in this many side-by-side columns (inline fields). */
const SKILL_COLUMNS = 3;
/** Discord allows 10 embeds per message. */
const EMBEDS_PER_MESSAGE = 10;
/** Skill fields per embed, leaving room under Discord's 25. */
const SKILL_FIELDS_PER_EMBED = 24;
/** Characters of skills per embed, under the 6,000 Discord allows per message. */
const SKILL_TEXT_PER_EMBED = 5_000;
const ADAPTATION_BOXES = 3;

export function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
}

export function statLines(p: ProtagonistSnapshot): string {
  return STAT_NAMES.map((stat) => {
    const value = p.stats[stat];
    const feature = distinguishingFeature(stat, value);
    return `**${stat}** ${value} · ${value * 5}%${feature.exceptional ? ` · *${feature.word}*` : ""}`;
  }).join("\n");
}

export function bondLines(p: ProtagonistSnapshot): string[] {
  return p.bonds.map((b) => {
    const name = userText(b.name);
    return b.crossedOff
      ? `~~${name}~~ — ${b.score} (${b.kind}, broken)`
      : `${name} — **${b.score}** (${b.kind})`;
  });
}

export function disorderLines(p: ProtagonistSnapshot): string[] {
  return p.disorders.map((d) => {
    const text = disorderText(d);
    return d.cured ? `~~${text}~~ — cured` : text;
  });
}

export function adaptation(p: ProtagonistSnapshot): string {
  const track = (label: string, t: { boxes: number; adapted: boolean }) =>
    `${label} ${boxes(t.boxes, ADAPTATION_BOXES)}${t.adapted ? " adapted" : ""}`;
  return `${track("Violence", p.adaptation.violence)} · ${track("Helplessness", p.adaptation.helplessness)}`;
}

/** A field an Extras module adds to the main embed while it is on. */
export interface SheetExtraField {
  readonly name: string;
  readonly value: string;
}

/** The main sheet: who, stats, HP/WP/SAN, Bonds, Resources, disorders, the Extras, notes. */
function mainEmbed(view: ProtagonistView, extras: readonly SheetExtraField[]): EmbedBuilder {
  const p = view.protagonist;
  const d = view.derived;
  const embed = new EmbedBuilder()
    .setColor(p.status === "active" ? SHEET_COLOUR : OUT_OF_PLAY_COLOUR)
    .setTitle(truncate(userText(p.name), EMBED_LIMITS.title))
    .setDescription(
      `${userText(p.archetype)} · played by <@${p.ownerId}>\n${conditionBadges(view.conditions)}`,
    )
    .addFields(
      { name: "Stats", value: statLines(p) },
      { name: "HP", value: `**${p.hp}** / ${p.hpMax}`, inline: true },
      { name: "WP", value: `**${p.wp}** / ${p.wpMax}`, inline: true },
      { name: "SAN", value: `**${p.san}** / ${d.maxSan} max`, inline: true },
      { name: "Breaking point", value: String(p.breakingPoint), inline: true },
      { name: "Recovery SAN", value: String(d.recoverySan), inline: true },
      { name: "Damage bonus", value: signed(d.damageBonus), inline: true },
      { name: "Bonds", value: fieldLines(bondLines(p), "None.") },
      {
        name: "Resources",
        value: `**${p.resources.rating}** — ${p.resources.atHand} at hand · ${p.resources.stowed} stowed · ${p.resources.storage} in storage\nChecks ${boxes(p.resources.checked, d.resourceCheckBoxes)}`,
      },
      { name: "Adaptation", value: adaptation(p) },
      { name: "Disorders", value: fieldLines(disorderLines(p), "None.") },
    )
    .setFooter({ text: truncate(`Campaign: ${view.campaign.name}`, EMBED_LIMITS.footer) });
  if (extras.length > 0) embed.addFields(...extras);
  if (p.notes.trim() !== "") {
    embed.addFields({ name: "Notes", value: userParagraph(p.notes, EMBED_LIMITS.fieldValue) });
  }
  return embed;
}

/** Lines split into chunks that each fit a field. */
function chunkLines(lines: readonly string[], perChunk: number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) chunks.push(current.join("\n"));
    current = [];
  };
  for (const line of lines) {
    const length = current.join("\n").length + line.length + 1;
    if (current.length >= perChunk || length > EMBED_LIMITS.fieldValue) flush();
    current.push(line);
  }
  flush();
  return chunks;
}

/** Skills in side-by-side columns, ☒ marking a failure (it may improve at session end). */
function skillEmbeds(p: ProtagonistSnapshot): EmbedBuilder[] {
  const colour = p.status === "active" ? SHEET_COLOUR : OUT_OF_PLAY_COLOUR;
  const lines = p.skills.map(
    (s) => `${userText(s.name)} **${s.rating}**${s.failureMarked ? " ☒" : ""}`,
  );
  if (lines.length === 0)
    return [new EmbedBuilder().setColor(colour).setTitle("Skills").setDescription("None.")];
  const columns = chunkLines(lines, Math.ceil(lines.length / SKILL_COLUMNS));
  const embeds: EmbedBuilder[] = [];
  let embed: EmbedBuilder | undefined;
  let length = 0;
  for (const column of columns) {
    const fields = embed?.data.fields?.length ?? 0;
    if (
      embed === undefined ||
      fields >= SKILL_FIELDS_PER_EMBED ||
      length + column.length > SKILL_TEXT_PER_EMBED
    ) {
      embed = new EmbedBuilder()
        .setColor(colour)
        .setTitle(embeds.length === 0 ? "Skills" : "Skills (continued)");
      embeds.push(embed);
      length = 0;
    }
    embed.addFields({ name: "\u200b", value: column, inline: true });
    length += column.length + 1;
  }
  return embeds;
}

/** Characters Discord counts towards a message's 6,000 across its embeds. */
export function embedTextLength(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0)
  );
}

/** Embeds grouped into messages that each respect Discord's per-message limits. */
export function groupEmbeds(embeds: readonly EmbedBuilder[]): EmbedBuilder[][] {
  const messages: EmbedBuilder[][] = [];
  let current: EmbedBuilder[] = [];
  let length = 0;
  for (const embed of embeds) {
    const size = embedTextLength(embed.toJSON());
    if (
      current.length > 0 &&
      (length + size > EMBED_LIMITS.total || current.length >= EMBEDS_PER_MESSAGE)
    ) {
      messages.push(current);
      current = [];
      length = 0;
    }
    current.push(embed);
    length += size;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}

/**
 * A Protagonist's sheet, readable at a glance: the main embed and the skills. Usually one
 * message; a very long sheet (many skills, long notes) continues in further messages.
 */
export function sheetMessages(
  view: ProtagonistView,
  extras: readonly SheetExtraField[] = [],
): EmbedBuilder[][] {
  return groupEmbeds([mainEmbed(view, extras), ...skillEmbeds(view.protagonist)]);
}

/**
 * For the player and the GMs only, beside a sheet posted for the table: the failure marks of
 * secret rolls, which the posted sheet leaves out. Null when there are none they may see.
 */
export function hiddenMarksNotice(view: ProtagonistView): string | null {
  if (!view.hiddenMarks.length) return null;
  const marks = view.hiddenMarks.map((name) => `${userText(name)} ☒`).join(" · ");
  return truncate(
    `🔒 Failure marks from secret rolls, seen only by their roller and the GMs: ${marks}. They improve at session end like the others.`,
    2000,
  );
}
