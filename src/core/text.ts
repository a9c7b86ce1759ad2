/** Cutting text without breaking what a reader sees. */

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * `text` within `max` UTF-16 units (how Discord's limits are counted at their strictest), cut
 * between grapheme clusters and marked with "…": never half an emoji, a surrogate pair or a
 * letter and its accents. Every cut the bot makes goes through here.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const budget = Math.max(0, max - 1);
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > budget) break;
    end = index + segment.length;
  }
  return max <= 0 ? "" : `${text.slice(0, end)}…`;
}
