/**
 * User text (a typed name, a stored name) quoted inside a service's message, which Discord shows
 * as markdown: on one line, markdown characters escaped, mentions defused. The bot's own
 * presentation helpers (src/bot/format.ts) do the same for embeds.
 */
export function displayText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\*_~`|[\]>]/g, (char) => `\\${char}`)
    .replace(/@/g, "@\u200b")
    .replace(/<(?=[@#])/g, "<\u200b");
}
