/**
 * What the bot sent Discord, read from the fake's recorded REST requests: every message body
 * (interaction callbacks, edits, follow-ups, channel posts) with its text and allowed mentions.
 */
import type { RecordedRequest } from "../../support/fake-discord/index.js";

/**
 * How Discord renders a piece of text: "rich" (content, embed description, field values) shows
 * markdown and mentions, "markdown" (embed and field titles) markdown only, "plain" (footer,
 * author) neither.
 */
export type Rendering = "rich" | "markdown" | "plain";

export interface ShownText {
  readonly text: string;
  readonly rendering: Rendering;
}

export interface OutgoingMessage {
  readonly request: RecordedRequest;
  /** Content, every embed text (title, description, fields, footer, author) and component text. */
  readonly texts: readonly ShownText[];
  readonly allowedMentions: unknown;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const textOf = (value: unknown, rendering: Rendering): ShownText[] =>
  typeof value === "string" ? [{ text: value, rendering }] : [];

function embedTexts(embed: unknown): ShownText[] {
  if (!isRecord(embed)) return [];
  const fields = Array.isArray(embed.fields) ? embed.fields : [];
  return [
    ...textOf(embed.title, "markdown"),
    ...textOf(embed.description, "rich"),
    ...(isRecord(embed.footer) ? textOf(embed.footer.text, "plain") : []),
    ...(isRecord(embed.author) ? textOf(embed.author.name, "plain") : []),
    ...fields.flatMap((field) =>
      isRecord(field) ? [...textOf(field.name, "markdown"), ...textOf(field.value, "rich")] : [],
    ),
  ];
}

/**
 * Components V2 text displays render like content; button labels and select options render
 * nothing. Nested components (containers, rows, section accessories) are read too.
 */
function componentTexts(component: unknown): ShownText[] {
  if (!isRecord(component)) return [];
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const children = [...list(component.components), component.accessory];
  const options = list(component.options);
  return [
    ...(component.type === 10 ? textOf(component.content, "rich") : []),
    ...textOf(component.label, "plain"),
    ...textOf(component.placeholder, "plain"),
    ...options.flatMap((option) =>
      isRecord(option)
        ? [...textOf(option.label, "plain"), ...textOf(option.description, "plain")]
        : [],
    ),
    ...children.flatMap(componentTexts),
  ];
}

/** The message inside a request body: a callback's `data`, or the body itself. */
function messageBody(request: RecordedRequest): Json | undefined {
  const body = request.body;
  if (!isRecord(body)) return undefined;
  if (/\/interactions\/\d+\/[^/]+\/callback$/.test(request.path)) {
    // A modal (type 9) is a form, not a message: its labels render nothing, it mentions no one.
    if (body.type === 9) return undefined;
    return isRecord(body.data) ? body.data : undefined;
  }
  return body;
}

/** Every message the bot sent with text in it, from `since` (a `fake.requestMark()`) on. */
export function outgoingMessages(
  requests: readonly RecordedRequest[],
  since = 0,
): OutgoingMessage[] {
  return requests.flatMap((request) => {
    if (request.seq <= since || !["POST", "PATCH"].includes(request.method)) return [];
    if (!/\/(interactions|webhooks|channels)\//.test(request.path)) return [];
    const body = messageBody(request);
    if (body === undefined) return [];
    const embeds = Array.isArray(body.embeds) ? body.embeds : [];
    const components = Array.isArray(body.components) ? body.components : [];
    const texts = [
      ...textOf(body.content, "rich"),
      ...embeds.flatMap(embedTexts),
      ...components.flatMap(componentTexts),
    ];
    if (texts.length === 0) return [];
    return [{ request, texts, allowedMentions: body.allowed_mentions }];
  });
}
