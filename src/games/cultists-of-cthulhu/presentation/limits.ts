import type { APIEmbed } from "discord.js";

/**
 * Discord's limits on what a message may hold, and the one helper that cuts text to fit. Lengths
 * are counted in UTF-16 units (JavaScript's `length`), which is never fewer than Discord counts.
 */
export const DISCORD_LIMITS = {
  content: 2000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  /** Title, description, field names and values, footer and author of every embed together. */
  embedsTotal: 6000,
  embeds: 10,
  actionRows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  customId: 100,
} as const;

const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` cut to at most `max` characters on a grapheme boundary (an emoji, a flag or a letter
 * with its accents is never split), with an ellipsis when anything was cut.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  let out = "";
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > max - ELLIPSIS.length) break;
    out += segment;
  }
  // A backslash left last would escape the ellipsis (or show up in plain text).
  return `${out.replace(/(?<!\\)(\\\\)*\\$/, "$1")}${ELLIPSIS}`;
}

/** Lines joined into one text of at most `max`, ending "…and N more" when some did not fit. */
export function joinLines(lines: readonly string[], max: number, more = moreLine): string {
  const out: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index - 1;
    const tail = left > 0 ? more(left).length + 1 : 0;
    if (length + line.length + 1 + tail > max) {
      const rest = lines.length - index;
      out.push(more(rest));
      return cut(out.join("\n"), max);
    }
    out.push(line);
    length += line.length + 1;
  }
  return cut(out.join("\n"), max);
}

function moreLine(count: number): string {
  return `…and ${count} more`;
}

function embedLength(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}

export function embedsLength(embeds: readonly APIEmbed[]): number {
  return embeds.reduce((sum, embed) => sum + embedLength(embed), 0);
}

/** Each part of an embed cut to its own limit; at most 25 fields. */
function fitEach(embed: APIEmbed): APIEmbed {
  const out: APIEmbed = { ...embed };
  if (embed.title !== undefined) out.title = cut(embed.title, DISCORD_LIMITS.embedTitle);
  if (embed.description !== undefined) {
    out.description = cut(embed.description, DISCORD_LIMITS.embedDescription);
  }
  if (embed.footer)
    out.footer = { ...embed.footer, text: cut(embed.footer.text, DISCORD_LIMITS.footer) };
  if (embed.author) {
    out.author = { ...embed.author, name: cut(embed.author.name, DISCORD_LIMITS.authorName) };
  }
  if (embed.fields) {
    out.fields = embed.fields.slice(0, DISCORD_LIMITS.embedFields).map((field) => ({
      ...field,
      name: cut(field.name, DISCORD_LIMITS.fieldName),
      value: cut(field.value, DISCORD_LIMITS.fieldValue) || "—",
    }));
  }
  return out;
}

/** Where the longest text of some embeds is: a description or a field's value. */
function longestPart(embeds: APIEmbed[]): { embed: APIEmbed; field: number | null } | null {
  let best: { embed: APIEmbed; field: number | null; length: number } | null = null;
  for (const embed of embeds) {
    const description = embed.description?.length ?? 0;
    if (description > (best?.length ?? 0)) best = { embed, field: null, length: description };
    for (const [index, field] of (embed.fields ?? []).entries()) {
      if (field.value.length > (best?.length ?? 0)) {
        best = { embed, field: index, length: field.value.length };
      }
    }
  }
  return best && best.length > 1 ? best : null;
}

/**
 * A message's embeds within every embed limit: at most ten, each part within its own limit, and
 * together within 6,000 characters, taken off the longest texts first.
 */
export function fitEmbeds(embeds: readonly APIEmbed[]): APIEmbed[] {
  const out = embeds.slice(0, DISCORD_LIMITS.embeds).map(fitEach);
  let excess = embedsLength(out) - DISCORD_LIMITS.embedsTotal;
  while (excess > 0) {
    const part = longestPart(out);
    if (!part) break;
    const { embed, field } = part;
    if (field === null) {
      const text = embed.description ?? "";
      embed.description = cut(text, Math.max(1, text.length - excess));
    } else {
      const fields = embed.fields ?? [];
      const target = fields[field];
      if (!target) break;
      fields[field] = {
        ...target,
        value: cut(target.value, Math.max(1, target.value.length - excess)),
      };
    }
    excess = embedsLength(out) - DISCORD_LIMITS.embedsTotal;
  }
  return out;
}
