/**
 * Text a user typed (names, card texts, scenario names), made to show literally wherever Discord
 * renders markdown (message content, embed titles, descriptions, field names and values).
 * Labels, footers and author names do not render markdown: they take the raw text, cut.
 *
 * The bot is converging on one escaper in the core; this file is the only place the game's
 * presentation escapes, so swapping it for the core one is a one-line change.
 */

/** Markdown that works anywhere in a line: emphasis, code, spoilers, quotes, masked links, and `<…>` (mentions, channels, slash commands, timestamps, custom emoji). */
const ANYWHERE = /[\\*_~`|<>[\]]/g;
/** Markdown that works at the start of a line, after any spaces: headings, subtext, lists. */
const LINE_START = /^([^\S\n]*)(#|-|\+|\d+(?=\.))/gm;
/** Mass mentions that could ping, or look like they do. */
const MASS_MENTION = /@(everyone|here)/g;

export function escapeUserText(text: string): string {
  return text
    .replace(ANYWHERE, "\\$&")
    .replace(LINE_START, (_match, space: string, marker: string) =>
      /^\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`,
    )
    .replace(MASS_MENTION, "@\u200b$1");
}
