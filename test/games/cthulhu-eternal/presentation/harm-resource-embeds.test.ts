import { describe, expect, it } from "vitest";
import { pointsLine } from "../../../../src/games/cthulhu-eternal/presentation/harm-embeds.js";
import { pointsOrDice } from "../../../../src/games/cthulhu-eternal/presentation/points-or-dice.js";
import {
  resourceLossEmbed,
  resourceStatusEmbed,
  resourceTestEmbed,
} from "../../../../src/games/cthulhu-eternal/presentation/resource-embeds.js";
import { applyHpChange, applyWpChange } from "../../../../src/games/cthulhu-eternal/rules/harm.js";
import { loseResources } from "../../../../src/games/cthulhu-eternal/rules/resource-changes.js";
import { resourceTest } from "../../../../src/games/cthulhu-eternal/rules/resource-test.js";
import type { ResourceStatus } from "../../../../src/games/cthulhu-eternal/services/resource-state.js";
import { scriptedRng } from "../../../../src/core/rng.js";

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

describe("Resources footers", () => {
  const status: ResourceStatus = {
    protagonist: { id: "p", name: "Ann" },
    rating: 11,
    atHand: 6,
    stowed: 5,
    inStorage: 0,
    checkBoxes: 2,
    checked: 1,
    unchecked: 1,
    exhausted: false,
    effective: { "at-hand": 6, "with-vehicle": 11, home: 11 },
  };

  it("word a loss with the GM's reason, or the default, and the boxes it took", () => {
    const result = loseResources({ rating: 14, checkedBoxes: 3 }, 3, "the truck burned");
    const embed = resourceLossEmbed(
      { protagonist: status.protagonist, result, status, eventId: 1 },
      "the truck burned",
    ).toJSON();
    expect(embed.footer?.text).toBe(
      "the truck burned: Resources 14 → 11. Check boxes 3 → 2, checked 3 → 2.",
    );
    const plain = loseResources({ rating: 8, checkedBoxes: 0 }, 1);
    const unexplained = resourceLossEmbed(
      { protagonist: status.protagonist, result: plain, status, eventId: 1 },
      null,
    ).toJSON();
    expect(unexplained.footer?.text).toBe("Resources lost: Resources 8 → 7.");
  });

  it("word a test's target, roll, find and boxes", () => {
    // Tens 1, ones 7: 17 with vehicle, Resources 11 × 5 ÷ 2 = 27.
    const result = resourceTest(
      { rating: 11, where: "with-vehicle", difficulty: "hard", checkedBoxes: 0 },
      { substandardPercent: 10 },
      scriptedRng([1, 7]),
    );
    const embed = resourceTestEmbed(
      { protagonist: status.protagonist, result, status, eventId: 1 },
      "Ada",
    ).toJSON();
    expect(embed.footer?.text).toBe(
      "Resources 11 (at hand + stowed) × 5, Hard to Get: half = 27: 17 is at or under 27: success; something helpful is found; one box checked (1/2).",
    );
  });
});
