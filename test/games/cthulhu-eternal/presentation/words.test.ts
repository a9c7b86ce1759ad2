/** Quoting what a player typed in a refusal: shortened without breaking a character. */
import { describe, expect, it } from "vitest";
import { typed } from "../../../../src/games/cthulhu-eternal/presentation/words.js";

describe("typed", () => {
  it("shows short text whole, as inline code", () => {
    expect(typed("Law")).toBe("`Law`");
  });

  it("shortens long text between graphemes, never through an emoji", () => {
    // 23 letters then emoji: a cut by UTF-16 units at 24 would keep half of the first emoji.
    const quoted = typed(`${"a".repeat(23)}🐙🐙🐙`);
    expect(quoted).toBe(`\`${"a".repeat(23)}…\``);
    expect(quoted).not.toMatch(/[\uD800-\uDFFF]/u);
  });

  it("keeps backticks from closing the quote", () => {
    expect(typed("a`b")).toBe("`` a`b ``");
  });
});
