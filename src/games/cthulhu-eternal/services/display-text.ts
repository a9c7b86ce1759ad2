import { userText } from "../../../core/discord/user-text.js";

/**
 * User text (a typed name, a stored name) quoted inside a service's message, which Discord shows
 * as markdown: the presentation layer's escaping (one way for all user text), on one line, uncut.
 */
export function displayText(text: string): string {
  return userText(text, Number.POSITIVE_INFINITY);
}
