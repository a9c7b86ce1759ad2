/**
 * What Discord would draw from a text rather than show it as typed: the markdown forms and the
 * `<…>` / `@` syntax of its message renderer (Discord's "Markdown Text 101" and the Message
 * Formatting reference). A test oracle, kept apart from the bot's escaper.
 */
const RENDERED: readonly (readonly [string, RegExp])[] = [
  ["bold or italic", /(?<!\\)\*\*|(?<![\\*])\*(?!\*)\S[^*\n]*(?<![\\\s])\*/],
  ["underline", /(?<!\\)__/],
  ["strikethrough", /(?<!\\)~~/],
  ["spoiler", /(?<!\\)\|\|/],
  ["code", /(?<!\\)`/],
  ["masked link", /(?<!\\)\[[^\]\n]*\]\([^)\n]*\)/],
  ["heading", /^ *#{1,3} /m],
  ["subtext", /^ *-# /m],
  ["quote", /^ *>/m],
  ["list", /^ *(?:[-*] |\d+\. )/m],
  ["mention", /<(?:@[!&]?\d|#\d)/],
  ["slash-command mention", /<\/[\w -]+:\d/],
  ["timestamp", /<t:-?\d/],
  ["custom emoji", /<a?:\w+:\d/],
  ["everyone or here", /@(?:everyone|here)/],
];

/** The first thing Discord would render in `text` (as "kind: match"), or undefined. */
export function renderedMarkdownIn(text: string): string | undefined {
  for (const [kind, pattern] of RENDERED) {
    const match = pattern.exec(text);
    if (match !== null) return `${kind}: ${JSON.stringify(match[0])}`;
  }
  return undefined;
}

/** The characters a reader sees: Discord drops a backslash before punctuation; ZWSPs are unseen. */
export function shownAs(text: string): string {
  return text.replace(/\\([^\sA-Za-z0-9])/g, "$1").replace(/\u200b/g, "");
}

/** Hostile names: every markdown form and every `<…>` syntax Discord renders. */
export const HOSTILE_MARKDOWN: readonly string[] = [
  "[click me](https://example.com)",
  "# Heading",
  "## Smaller",
  "> quoted",
  ">>> all quoted",
  "- listed",
  "* starred",
  "1. numbered",
  "-# subtext",
  "||spoiler||",
  "```js\nfenced\n```",
  "`inline`",
  "**bold** __under__ ~~struck~~ *it*",
  "<#123456789012345678>",
  "</roll:123456789012345678>",
  "<t:1700000000:R>",
  "<:cthulhu:123456789012345678>",
  "<a:dance:123456789012345678>",
  "<@123456789012345678> <@&123456789012345678>",
  "@everyone @here",
];
