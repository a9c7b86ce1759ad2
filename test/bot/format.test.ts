/**
 * User text is shown as typed: markdown escaped exactly as discord.js's escapeMarkdown does (the
 * shortcut for text without markdown syntax must not change a single result), mentions defused.
 */
import { escapeMarkdown } from "discord.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { userParagraph, userText } from "../../src/bot/format.js";

const defused = (text: string) => escapeMarkdown(text).replace(/@/g, "@\u200b");

/** Plain words mixed with every character markdown or mentions could use. */
const typed = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      ..."\\ ` * _ ~ | # - . [ ] ( ) < > : / @ ! & 0 1 9".split(" "),
      " ",
      "\n",
      "a",
      "Z",
      "é",
      "ß",
      "漢",
      "😀",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe("user text", () => {
  it("escapes exactly what escapeMarkdown escapes, with mentions defused", () => {
    fc.assert(
      fc.property(typed, (text) => {
        expect(userParagraph(text, 10_000)).toBe(defused(text));
        const flat = text.replace(/[\r\n\t]+/g, " ").trim();
        expect(userText(text, 10_000)).toBe(defused(flat));
      }),
      { numRuns: 2_000 },
    );
  });

  it("shows names as typed, without markdown or pings", () => {
    expect(userText("Agent Smith")).toBe("Agent Smith");
    expect(userText("**Dr. Who**")).toBe("\\*\\*Dr. Who\\*\\*");
    expect(userText("__secret__ ~~gone~~")).toBe("\\_\\_secret\\_\\_ \\~\\~gone\\~\\~");
    expect(userText("@everyone look")).toBe("@\u200beveryone look");
    expect(userText("a\nb")).toBe("a b");
  });
});
