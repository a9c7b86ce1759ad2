import { escapeMarkdown, type APIEmbed, type JSONEncodable } from "discord.js";
import type { PercentileOutcome } from "../rules/percentile.js";

/** Finished API data, readable like a builder (`data`, `toJSON()`) and sent as is. */
export interface Finished<T> extends JSONEncodable<T> {
  readonly data: T;
}

export function finished<T>(data: T): Finished<T> {
  return { data, toJSON: () => data };
}

/** An embed as finished data. */
export type BuiltEmbed = Finished<APIEmbed>;

/**
 * An embed from finished data. The builder's setters re-check each value through union
 * validators that build error objects even with validation off (~25 µs a setter), and
 * discord.js's EmbedBuilder copies its data through a camelCase → snake_case walk (~30 µs);
 * the hot answers (/roll, /san) are built as API data, within EMBED_LIMITS, and sent as is.
 */
export function builtEmbed(data: APIEmbed): BuiltEmbed {
  return finished(data);
}

/** Embed limits (Discord): keep every text within them. */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  fields: 25,
  footer: 2048,
  total: 6000,
} as const;

/** Text a user typed (names, notes), shown as text: no markdown, no mentions, no line breaks in names. */
export function userText(text: string, max = 100): string {
  const flat = text.replace(/[\r\n\t]+/g, " ").trim();
  return truncate(asPlainText(flat), max);
}

/** Longer user text (notes): keeps line breaks, escapes markdown and mentions. */
export function userParagraph(text: string, max: number = EMBED_LIMITS.fieldValue): string {
  return truncate(asPlainText(text), max);
}

/**
 * Every character discord.js's escapeMarkdown acts on with its default options, the ones used
 * here: headings, lists and masked links are off by default, so `#`, `-`, `.`, brackets and
 * parentheses (as in "Dr. Vance", "Agent 7-2") are left as they are.
 */
const MARKDOWN_SYNTAX = /[\\`*_~|]/;

/**
 * Markdown escaped and mentions defused. Most names have no markdown syntax at all, and
 * escapeMarkdown's dozen lookbehind regexes cost ~0.01 ms a name on an answer's cold path.
 */
function asPlainText(text: string): string {
  const escaped = MARKDOWN_SYNTAX.test(text) ? escapeMarkdown(text) : text;
  return escaped.replace(/@/g, "@\u200b");
}

/**
 * Defuses mentions in text that may quote a user (refusals from the services): `@everyone`,
 * `@here`, `<@id>`, `<@&id>` and `<#id>` are shown as typed instead of as pings or mention pills.
 */
export function defuseMentions(text: string): string {
  return text.replace(/@(everyone|here)/g, "@\u200b$1").replace(/<(@[!&]?|#)(?=\d)/g, "<$1\u200b");
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

export const OUTCOME_COLOUR: Readonly<Record<PercentileOutcome, number>> = {
  "critical-success": 0x2ecc71,
  success: 0x3498db,
  failure: 0xe67e22,
  fumble: 0xc0392b,
};

export const OUTCOME_ICON: Readonly<Record<PercentileOutcome, string>> = {
  "critical-success": "✨",
  success: "✅",
  failure: "❌",
  fumble: "💀",
};

/** Check boxes drawn as ☒ (checked) and ☐ (free). */
export function boxes(checked: number, total: number): string {
  if (total <= 0) return "—";
  const used = Math.min(checked, total);
  return "☒".repeat(used) + "☐".repeat(total - used);
}

/** A two-digit percentile as players read it: 01, 07, 42, 100. */
export function percent(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
