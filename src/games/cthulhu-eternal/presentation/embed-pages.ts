import { embedLength, type EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate } from "../../../core/discord/format.js";

/** One embed field, before it is fitted to Discord's limits. */
export interface EmbedField {
  readonly name: string;
  readonly value: string;
  readonly inline?: boolean;
}

/** Room kept free in each embed for the title, description, footer and author. */
const DEFAULT_RESERVED = 1_000;

/** A field cut to Discord's limits (an empty value would be refused, so it becomes "—"). */
export function fitField(field: EmbedField): EmbedField {
  return {
    name: truncate(field.name.trim() === "" ? "—" : field.name, EMBED_LIMITS.fieldName),
    value: truncate(field.value.trim() === "" ? "—" : field.value, EMBED_LIMITS.fieldValue),
    ...(field.inline === undefined ? {} : { inline: field.inline }),
  };
}

/**
 * Splits fields into pages, each fitting one embed: at most `maxFields` fields and at most the
 * embed's 6,000 characters less `reserved` for the rest of the embed. Order is kept; there is
 * always at least one (possibly empty) page.
 */
export function pageFields(
  fields: readonly EmbedField[],
  options: { reserved?: number; maxFields?: number } = {},
): EmbedField[][] {
  const budget = EMBED_LIMITS.total - (options.reserved ?? DEFAULT_RESERVED);
  const maxFields = Math.min(options.maxFields ?? EMBED_LIMITS.fields, EMBED_LIMITS.fields);
  const pages: EmbedField[][] = [[]];
  let used = 0;
  for (const field of fields.map(fitField)) {
    const size = field.name.length + field.value.length;
    const page = pages[pages.length - 1] ?? [];
    if (page.length > 0 && (page.length >= maxFields || used + size > budget)) {
      pages.push([field]);
      used = size;
    } else {
      page.push(field);
      used += size;
    }
  }
  return pages;
}

/** "Page 2 of 3", or nothing for a single page. */
export function pageLabel(index: number, count: number): string | null {
  return count > 1 ? `Page ${index + 1} of ${count}` : null;
}

/** Discord allows at most 10 embeds in one message, 6,000 characters across them all. */
const MAX_EMBEDS_PER_MESSAGE = 10;

/** Groups embeds (each within the limits already) into as few messages as the limits allow. */
export function embedsPerMessage(embeds: readonly EmbedBuilder[]): EmbedBuilder[][] {
  const messages: EmbedBuilder[][] = [];
  let current: EmbedBuilder[] = [];
  let used = 0;
  for (const embed of embeds) {
    const size = embedLength(embed.data);
    if (
      current.length > 0 &&
      (current.length >= MAX_EMBEDS_PER_MESSAGE || used + size > EMBED_LIMITS.total)
    ) {
      messages.push(current);
      current = [];
      used = 0;
    }
    current.push(embed);
    used += size;
  }
  if (current.length) messages.push(current);
  return messages;
}
