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

  it("escapes exactly what escapeMarkdown escapes, in text made of markdown syntax", () => {
    // A small alphabet, so pairs like "||" and "~~" and line starts like "- " come up often.
    const dense = fc.string({
      unit: fc.constantFrom(..."\\`*_~|#-.[]()1a \n".split("")),
      maxLength: 12,
    });
    fc.assert(
      fc.property(dense, (text) => {
        expect(userParagraph(text, 10_000)).toBe(defused(text));
      }),
      { numRuns: 2_000 },
    );
    for (const text of [
      "a||b",
      "a~~b",
      "a\\b",
      "`a`",
      "a_b",
      "a*b",
      "# a",
      "- a",
      "1. a",
      "[a](b)",
    ]) {
      expect(userText(text)).toBe(defused(text));
    }
    expect(userText("Dr. Vance")).toBe("Dr. Vance");
    expect(userText("Agent 7-2")).toBe("Agent 7-2");
  });

  it("shows names as typed, without markdown or pings", () => {
    expect(userText("Agent Smith")).toBe("Agent Smith");
    expect(userText("**Dr. Who**")).toBe("\\*\\*Dr. Who\\*\\*");
    expect(userText("__secret__ ~~gone~~")).toBe("\\_\\_secret\\_\\_ \\~\\~gone\\~\\~");
    expect(userText("@everyone look")).toBe("@\u200beveryone look");
    expect(userText("a\nb")).toBe("a b");
  });
});
