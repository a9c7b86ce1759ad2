/** The Resources table, ratings, targets and substandard rolls (seed 000). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  effectiveRating,
  isSubstandardRoll,
  resourceBreakdown,
  resourceCheckBoxes,
  resourceTestTarget,
} from "../../../../src/games/cthulhu-eternal/rules/resources.js";
import { expectRulesError } from "./fixtures.js";

describe("resourceBreakdown: the seed 000 table, row by row", () => {
  // [rating, at hand, stowed, in storage, check boxes]
  const table: [number, number, number, number, number][] = [
    [0, 0, 0, 0, 0],
    [1, 1, 0, 0, 1],
    [2, 2, 0, 0, 1],
    [3, 3, 0, 0, 1],
    [4, 4, 0, 0, 1],
    [5, 5, 0, 0, 1],
    [6, 6, 0, 0, 1],
    [7, 6, 1, 0, 2],
    [8, 6, 2, 0, 2],
    [9, 6, 3, 0, 2],
    [10, 6, 4, 0, 2],
    [11, 6, 5, 0, 2],
    [12, 6, 6, 0, 2],
    [13, 6, 6, 1, 3],
    [14, 6, 6, 2, 3],
    [15, 6, 6, 3, 3],
    [16, 6, 6, 4, 3],
    [17, 6, 6, 5, 3],
    [18, 6, 6, 6, 3],
    [19, 6, 6, 7, 3],
    [20, 6, 6, 8, 3],
    [21, 6, 6, 9, 3],
    [22, 6, 6, 10, 3],
    [23, 6, 6, 11, 3],
    [24, 6, 6, 12, 3],
    [25, 6, 6, 13, 3],
  ];

  it.each(table)("%i → %i / %i / %i, %i boxes", (rating, atHand, stowed, inStorage, boxes) => {
    expect(resourceBreakdown(rating)).toEqual({
      rating,
      atHand,
      stowed,
      inStorage,
      checkBoxes: boxes,
    });
    expect(resourceCheckBoxes(rating)).toBe(boxes);
  });

  it("always adds up to the rating, within the carrying limits and 0–3 boxes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (rating) => {
        const b = resourceBreakdown(rating);
        expect(b.atHand + b.stowed + b.inStorage).toBe(rating);
        expect(b.atHand).toBeLessThanOrEqual(6);
        expect(b.stowed).toBeLessThanOrEqual(6);
        expect(b.inStorage).toBeGreaterThanOrEqual(0);
        expect(b.checkBoxes).toBe(rating === 0 ? 0 : rating <= 6 ? 1 : rating <= 12 ? 2 : 3);
      }),
    );
  });

  it("refuses ratings that are not whole numbers of 0 or more", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expectRulesError(() => resourceBreakdown(bad), "invalid-resources-rating");
    }
  });
});

describe("effectiveRating", () => {
  it("uses at hand, at hand + stowed, or the full rating depending on where the Protagonist is", () => {
    const fifteen = resourceBreakdown(15);
    expect(effectiveRating(fifteen, "at-hand")).toBe(6);
    expect(effectiveRating(fifteen, "with-vehicle")).toBe(12);
    expect(effectiveRating(fifteen, "home")).toBe(15);
    const nine = resourceBreakdown(9);
    expect(effectiveRating(nine, "at-hand")).toBe(6);
    expect(effectiveRating(nine, "with-vehicle")).toBe(9);
    expect(effectiveRating(nine, "home")).toBe(9);
    const four = resourceBreakdown(4);
    expect(effectiveRating(four, "at-hand")).toBe(4);
    expect(effectiveRating(four, "with-vehicle")).toBe(4);
    expect(effectiveRating(four, "home")).toBe(4);
  });
});

describe("resourceTestTarget", () => {
  it("is rating × 5, half of it (rounded down) when Hard to Get, a quarter when Very Hard", () => {
    expect(resourceTestTarget(8, "normal")).toBe(40);
    expect(resourceTestTarget(8, "hard")).toBe(20);
    expect(resourceTestTarget(8, "very-hard")).toBe(10);
    expect(resourceTestTarget(7, "normal")).toBe(35);
    expect(resourceTestTarget(7, "hard")).toBe(17);
    expect(resourceTestTarget(7, "very-hard")).toBe(8);
    expect(resourceTestTarget(1, "hard")).toBe(2);
    expect(resourceTestTarget(1, "very-hard")).toBe(1);
  });
});

describe("isSubstandardRoll", () => {
  it("marks the top 10% of a target of 40: 37–40", () => {
    expect([35, 36, 37, 38, 39, 40, 41].map((v) => isSubstandardRoll(v, 40, 10))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("rounds the band up (target 35 at 10%: 32–35) and always includes the target itself", () => {
    expect(isSubstandardRoll(31, 35, 10)).toBe(false);
    expect(isSubstandardRoll(32, 35, 10)).toBe(true);
    expect(isSubstandardRoll(5, 5, 10)).toBe(true);
    expect(isSubstandardRoll(4, 5, 10)).toBe(false);
  });

  it("is off at 0%", () => {
    expect(isSubstandardRoll(40, 40, 0)).toBe(false);
  });

  it("covers at least one point and at most the top percent (rounded up) of any target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 100 }), (t, p) => {
        const band = Array.from({ length: t }, (_, i) => i + 1).filter((v) =>
          isSubstandardRoll(v, t, p),
        );
        expect(band).toContain(t);
        expect(band.length).toBe(Math.ceil((t * p) / 100));
      }),
    );
  });
});
