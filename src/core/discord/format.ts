import { isJSONEncodable, type APIEmbed, type JSONEncodable } from "discord.js";
import { truncate } from "../text.js";

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

// User text is escaped in one place, the presentation layer; these names are kept for callers.
export { defuseMentions, userParagraph, userText } from "./user-text.js";

// Every cut the bot makes, in services and presentation alike.
export { truncate };

/** Discord's limits on autocomplete: 25 choices, names 1–100, string values up to 100. */
const AUTOCOMPLETE = { choices: 25, name: 100, value: 100 } as const;

/**
 * Choices Discord takes: names cut to 100, and a choice whose value is too long left out (cut,
 * it would name something else; sent, Discord refuses the whole list).
 */
export function fitAutocompleteChoices<T extends { name: string; value: string | number }>(
  choices: readonly T[],
): T[] {
  return choices
    .filter(
      (choice) => typeof choice.value !== "string" || choice.value.length <= AUTOCOMPLETE.value,
    )
    .slice(0, AUTOCOMPLETE.choices)
    .map((choice) =>
      choice.name.length > AUTOCOMPLETE.name
        ? { ...choice, name: truncate(choice.name, AUTOCOMPLETE.name) }
        : choice,
    );
}

/** Discord's limit on a message's content. */
export const MESSAGE_CONTENT_MAX = 2000;

export function fitMessageContent(text: string): string {
  return truncate(text, MESSAGE_CONTENT_MAX);
}

type AnyEmbed = APIEmbed | JSONEncodable<APIEmbed>;

/** Discord's limit on embeds in one message. */
const EMBEDS_MAX = 10;

/**
 * Embeds within Discord's limits, whatever went into them: each text cut to its limit, at most 25
 * fields and 10 embeds, and the 6,000 characters of all of them together (last fields dropped,
 * then descriptions cut). Embeds already within the limits are passed on as they are.
 */
export function fitEmbeds(embeds: readonly AnyEmbed[]): AnyEmbed[] {
  let budget = EMBED_LIMITS.total;
  return embeds.slice(0, EMBEDS_MAX).map((embed) => {
    const data = isJSONEncodable(embed) ? embed.toJSON() : embed;
    const fitted = fitEmbed(data, budget);
    budget -= embedLength(fitted);
    return fitted === data ? embed : fitted;
  });
}

function fitEmbed(data: APIEmbed, budget: number): APIEmbed {
  const fields = data.fields ?? [];
  const fits =
    embedLength(data) <= budget &&
    fields.length <= EMBED_LIMITS.fields &&
    within(data.title, EMBED_LIMITS.title) &&
    within(data.description, EMBED_LIMITS.description) &&
    within(data.footer?.text, EMBED_LIMITS.footer) &&
    within(data.author?.name, EMBED_LIMITS.fieldName) &&
    fields.every(
      (field) =>
        within(field.name, EMBED_LIMITS.fieldName) && within(field.value, EMBED_LIMITS.fieldValue),
    );
  if (fits) return data;
  const fitted: APIEmbed = {
    ...data,
    ...(data.title === undefined ? {} : { title: truncate(data.title, EMBED_LIMITS.title) }),
    ...(data.footer === undefined
      ? {}
      : { footer: { ...data.footer, text: truncate(data.footer.text, EMBED_LIMITS.footer) } }),
    ...(data.author === undefined
      ? {}
      : { author: { ...data.author, name: truncate(data.author.name, EMBED_LIMITS.fieldName) } }),
    fields: fields.slice(0, EMBED_LIMITS.fields).map((field) => ({
      ...field,
      name: truncate(field.name, EMBED_LIMITS.fieldName),
      value: truncate(field.value, EMBED_LIMITS.fieldValue),
    })),
  };
  if (data.fields === undefined) delete fitted.fields;
  const kept = fitted.fields ?? [];
  while (kept.length > 0 && embedLength({ ...fitted, description: undefined }) > budget) kept.pop();
  if (data.description !== undefined) {
    const room = budget - embedLength({ ...fitted, description: undefined });
    fitted.description = truncate(data.description, Math.min(EMBED_LIMITS.description, room));
  }
  return fitted;
}

/** The characters Discord counts against an embed's 6,000. */
function embedLength(data: APIEmbed): number {
  return (
    (data.title?.length ?? 0) +
    (data.description?.length ?? 0) +
    (data.footer?.text.length ?? 0) +
    (data.author?.name.length ?? 0) +
    (data.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}

function within(text: string | undefined, max: number): boolean {
  return text === undefined || text.length <= max;
}
