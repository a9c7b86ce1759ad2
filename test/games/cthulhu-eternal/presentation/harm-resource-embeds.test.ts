import { describe, expect, it } from "vitest";
import { pointsLine } from "../../../../src/games/cthulhu-eternal/presentation/harm-embeds.js";
import { pointsOrDice } from "../../../../src/games/cthulhu-eternal/presentation/points-or-dice.js";
import { resourceStatusEmbed } from "../../../../src/games/cthulhu-eternal/presentation/resource-embeds.js";
import { applyHpChange, applyWpChange } from "../../../../src/games/cthulhu-eternal/rules/harm.js";

describe("amounts", () => {
  it("read whole numbers as points and anything else as dice", () => {
    expect(pointsOrDice(" 4 ")).toBe(4);
    expect(pointsOrDice("1D6")).toBe("1D6");
    expect(pointsOrDice("2d4+1")).toBe("2d4+1");
    expect(pointsOrDice("-3")).toBe("-3");
  });
});

describe("points", () => {
  it("show before → after / max and name the state reached", () => {
    expect(pointsLine(applyHpChange(10, 12, -4))).toBe("10 → **6** / 12");
    expect(pointsLine(applyHpChange(3, 12, -1))).toBe("3 → **2** / 12 (unconscious)");
    expect(pointsLine(applyHpChange(3, 12, -5))).toBe("3 → **0** / 12 (dead)");
    expect(pointsLine(applyWpChange(5, 14, -3))).toBe("5 → **2** / 14 (emotional collapse)");
    expect(pointsLine(applyWpChange(2, 14, -2))).toBe("2 → **0** / 14 (unconscious)");
  });
});

describe("Resources status", () => {
  it("says there are no boxes at Resources 0, nothing to test, and that a gain would help", () => {
    const embed = resourceStatusEmbed({
      protagonist: { id: "p", name: "Ann *the* @here" },
      rating: 0,
      atHand: 0,
      stowed: 0,
      inStorage: 0,
      checkBoxes: 0,
      checked: 0,
      unchecked: 0,
      exhausted: true,
      effective: { "at-hand": 0, "with-vehicle": 0, home: 0 },
    }).toJSON();
    expect(embed.title).toBe("🎒 Resources — Ann \\*the\\* @\u200bhere");
    expect(embed.fields?.find((f) => f.name === "Check boxes")?.value).toBe(
      "— (Resources 0: no boxes)",
    );
    expect(embed.description).toMatch(/^Resources 0: there is nothing to test\. A Resources gain/);
    expect(embed.description).not.toMatch(/replenish/i);
  });
});
