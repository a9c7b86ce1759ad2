import { truncate } from "../../../core/text.js";

/** Small pieces of wording shared by the refusals: quoting what a player typed, counts, lists. */

const QUOTE_MAX = 24;

/**
 * Player text as Discord inline code: shortened, control characters shown as �, and safe even
 * when it holds backticks.
 */
export function typed(text: string, max = QUOTE_MAX): string {
  const visible = text.replace(/\p{Cc}/gu, "\uFFFD");
  const short = truncate(visible, max + 1);
  return short.includes("`") ? `\`\` ${short} \`\`` : `\`${short}\``;
}

/** 2000 → "2,000": counts in messages are read by players, not programs. */
export function count(n: number): string {
  const digits = String(Math.abs(n));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits.charAt(i);
  }
  return n < 0 ? `-${out}` : out;
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1) ?? ""}`;
}
