import { escapeUserText } from "./escape.js";
import { cut } from "./limits.js";

/** Small helpers every renderer shares: user text in its two forms, bold, counts. */

/** How long a name typed by a user may get in a sentence before it is cut. */
export const NAME_MAX = 60;
/** How long a card text typed by the host may get where a whole card is shown. */
export const CARD_TEXT_MAX = 600;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A name typed by a user, on one line, for markdown (content, embed text). */
export function userName(raw: string, max: number = NAME_MAX): string {
  return escapeUserText(cut(oneLine(raw), max));
}

/** A name typed by a user, on one line, for places that show text as it is (labels, footers). */
export function plainName(raw: string, max: number = NAME_MAX): string {
  return cut(oneLine(raw), max);
}

/** Longer user text (card texts), line breaks kept, for markdown. */
export function userParagraph(raw: string, max: number = CARD_TEXT_MAX): string {
  const lines = raw
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return escapeUserText(cut(lines.join("\n"), max));
}

export function bold(text: string): string {
  return text === "" ? text : `**${text}**`;
}

/** "1 Wound", "3 Wounds". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[], last = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1] ?? ""}`;
}

/** A signed number as players write it: "+1", "−2". */
export function signed(n: number): string {
  return n < 0 ? `−${Math.abs(n)}` : `+${n}`;
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
