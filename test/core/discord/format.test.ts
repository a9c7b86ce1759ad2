/**
 * User text is shown as typed, wherever it goes: no markdown form, mention, timestamp or emoji is
 * drawn from it, and a reader sees exactly the characters typed (names on one line).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { userParagraph, userText } from "../../../src/core/discord/format.js";
import { defuseMentions } from "../../../src/core/discord/user-text.js";
import { displayText } from "../../../src/games/cthulhu-eternal/services/display-text.js";
import { HOSTILE_MARKDOWN, renderedMarkdownIn, shownAs } from "../../support/discord-markdown.js";

/** Plain words mixed with every character markdown or mentions could use. */
const typed = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      ..."\\ ` * _ ~ | # - . [ ] ( ) < > : / @ ! & 0 1 9 t a: everyone here".split(" "),
      " ",
      "\n",
      "a",
      "Z",
      "é",
      "ß",
      "漢",
      "😀",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }).filter((c) => c !== "\u200b"),
  ),
  maxLength: 40,
});

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

describe("user text", () => {
  it("renders nothing, and shows the characters typed", () => {
    fc.assert(
      fc.property(typed, (text) => {
        const paragraph = userParagraph(text, 10_000);
        expect(renderedMarkdownIn(paragraph)).toBeUndefined();
        expect(shownAs(paragraph)).toBe(text);
        const name = userText(text, 10_000);
        expect(renderedMarkdownIn(name)).toBeUndefined();
        expect(shownAs(name)).toBe(oneLine(text));
      }),
      { numRuns: 3_000 },
    );
  });

  it.each(HOSTILE_MARKDOWN)("shows %j literally, in names, notes and services' quotes", (text) => {
    for (const shown of [userText(text, 10_000), userParagraph(text, 10_000), displayText(text)]) {
      expect(renderedMarkdownIn(shown)).toBeUndefined();
    }
    expect(shownAs(userParagraph(text, 10_000))).toBe(text);
    expect(shownAs(displayText(text))).toBe(oneLine(text));
  });

  it("leaves ordinary names as they are", () => {
    for (const name of ["Agent Smith", "Dr. Vance", "Agent 7-2", "O'Brien", "Anne-Marie (Nan)"]) {
      expect(userText(name)).toBe(name);
      expect(displayText(name)).toBe(name);
    }
  });

  it("keeps the bot's own markdown in refusals, breaking only pings and drawn syntax", () => {
    expect(defuseMentions("**Vance** pinged @everyone in <#1> at <t:1:R> with </roll:1>")).toBe(
      "**Vance** pinged @\u200beveryone in <\u200b#1> at <\u200bt:1:R> with <\u200b/roll:1>",
    );
  });
});
