import { escapeMarkdown } from "discord.js";
import { EMBED_LIMITS, truncate } from "./format.js";

/**
 * The one way text a user typed (names, notes, Bond, skill, disorder and campaign names,
 * reasons, sources) is shown: as text, wherever Discord renders markdown. Every markdown form is
 * escaped (discord.js's escapeMarkdown with headings, lists and masked links too, plus quotes and
 * `-# ` subtext at a line's start), and whatever Discord draws from `<…>` (user, role and channel
 * mentions, slash-command mentions, timestamps, custom emoji) and `@everyone`/`@here` is broken
 * with a zero-width space. Footers and author names render nothing, so they take the raw text.
 */
const ALL_MARKDOWN = {
  heading: true,
  bulletedList: true,
  numberedList: true,
  maskedLink: true,
} as const;

/** Any character some markdown form starts with; text without one is left as it is. */
const MARKDOWN_SYNTAX = /[\\`*_~|#\-[>]|\d\./;

/** A quote (`>`, `>>>`) or subtext (`-# `) at a line's start, which escapeMarkdown leaves. */
const LINE_START_SYNTAX = /^( *)(>|-#(?= ))/gm;

function asPlainText(text: string): string {
  const escaped = MARKDOWN_SYNTAX.test(text)
    ? escapeMarkdown(text, ALL_MARKDOWN).replace(LINE_START_SYNTAX, "$1\\$2")
    : text;
  return escaped.replace(/@/g, "@\u200b").replace(/<(?=\S)/g, "<\u200b");
}

/** User text on one line (names): no line breaks, at most `max` characters. */
export function userText(text: string, max = 100): string {
  return truncate(asPlainText(text.replace(/\s+/g, " ").trim()), max);
}

/** Longer user text (notes): keeps its line breaks, each line shown as text. */
export function userParagraph(text: string, max: number = EMBED_LIMITS.fieldValue): string {
  return truncate(asPlainText(text), max);
}

/**
 * Text the bot wrote that may quote a user (refusals from the services, whose own markdown is
 * meant): only what would ping or draw a mention, a timestamp or an emoji is broken.
 */
export function defuseMentions(text: string): string {
  return text.replace(/@(everyone|here)/g, "@\u200b$1").replace(/<(?=[@#/:]|a:|t:)/g, "<\u200b");
}
