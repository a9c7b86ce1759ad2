import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeUserText } from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";

/**
 * User text shows literally: what Discord's markdown would read as syntax is escaped. Discord
 * drops a backslash before any punctuation, so "unescaping" the output must give the input
 * back, and no syntax may be left unescaped.
 */

/** What Discord shows for escaped text: a backslash before punctuation is dropped. */
function shown(text: string): string {
  return text.replace(/\\([^\p{L}\p{N}\s])/gu, "$1").replace(/\u200b/g, "");
}

describe("escapeUserText", () => {
  it.each([
    [
      "**bold** and _italic_ and __underline__",
      "\\*\\*bold\\*\\* and \\_italic\\_ and \\_\\_underline\\_\\_",
    ],
    ["~~gone~~ ||spoiler|| `code`", "\\~\\~gone\\~\\~ \\|\\|spoiler\\|\\| \\`code\\`"],
    [
      "<@123456789012345678> <@&1> <#2> </cmd:3>",
      "\\<@123456789012345678\\> \\<@&1\\> \\<#2\\> \\</cmd:3\\>",
    ],
    ["@everyone and @here", "@\u200beveryone and @\u200bhere"],
    ["[click](https://evil.example)", "\\[click\\](https://evil.example)"],
    ["# Heading\n## Sub\n-# small", "\\# Heading\n\\## Sub\n\\-# small"],
    [
      "- item\n  * star\n+ plus\n1. one\n 12. twelve",
      "\\- item\n  \\* star\n\\+ plus\n1\\. one\n 12\\. twelve",
    ],
    ["> quote\n>>> all", "\\> quote\n\\>\\>\\> all"],
    [
      "<t:1700000000:R> <:skull:123> <a:dance:456>",
      "\\<t:1700000000:R\\> \\<:skull:123\\> \\<a:dance:456\\>",
    ],
    ["back\\slash", "back\\\\slash"],
    ["Dr. Nelson Blake-Smith #2 (the elder)", "Dr. Nelson Blake-Smith #2 (the elder)"],
    ["\u00a0- after a no-break space", "\u00a0\\- after a no-break space"],
  ])("escapes %j", (input, output) => {
    expect(escapeUserText(input)).toBe(output);
  });

  it("always shows the text as typed, with no markdown, mention or link left live", () => {
    const unit = fc.oneof(
      fc.constantFrom(..."\\`*_~|<>[]()#-+.:@!&/ \n1a".split(""), "everyone", "here", "t:"),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        const escaped = escapeUserText(text);
        expect(shown(escaped)).toBe(text);
        // With each escaped character taken as a plain letter, no syntax is left anywhere…
        const bare = escaped.replace(/\\[^\p{L}\p{N}\s]/gu, "x");
        expect(bare).not.toMatch(/[*_~`|<>[\]\\]/);
        // …and no line starts a heading, a list or a quote.
        for (const line of bare.split("\n")) {
          expect(line).not.toMatch(/^\s*(#|-|\+|\d+\.)/);
        }
        expect(escaped).not.toMatch(/@(everyone|here)/);
      }),
      { numRuns: 2000 },
    );
  });
});
