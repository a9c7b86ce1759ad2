/** Lethality tests (seed 000). */
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import { lethalityText } from "../../../../src/games/cthulhu-eternal/presentation/harm-reasons.js";
import { describe, expect, it } from "vitest";
import { lethalityTest } from "../../../../src/games/cthulhu-eternal/rules/harm.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { expectRulesError } from "./fixtures.js";
import { percentileFaces } from "../../../support/dice.js";

describe("lethalityTest", () => {
  it.each([
    // [roll, tens damage, ones damage, damage] — the notes' and the CE sheet's examples
    [1, 10, 1, 11],
    [10, 1, 10, 11],
    [11, 1, 1, 2],
    [70, 7, 10, 17],
    [71, 7, 1, 8],
    [90, 9, 10, 19],
    [100, 10, 10, 20],
  ])("a non-lethal %i deals %i + %i = %i", (value, tensDamage, onesDamage, damage) => {
    const rng = scriptedRng(percentileFaces(value));
    const result = lethalityTest({ rating: 0 }, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.roll.value).toBe(value);
    expect(result).toMatchObject({
      lethal: false,
      tensDamage,
      onesDamage,
      baseDamage: damage,
      damage,
      effectiveRating: 0,
    });
  });

  it("kills at or under the rating", () => {
    const result = lethalityTest({ rating: 20 }, scriptedRng(percentileFaces(20)));
    expect(result).toEqual({
      roll: { tens: 2, ones: 0, value: 20 },
      rating: 20,
      critical: false,
      effectiveRating: 20,
      lethal: true,
    });
    expect(lethalityText(result)).toBe("20 is at or under lethality 20%: lethal");
    expect(lethalityTest({ rating: 20 }, scriptedRng(percentileFaces(1))).lethal).toBe(true);
  });

  it("does damage one over the rating", () => {
    const result = lethalityTest({ rating: 20 }, scriptedRng(percentileFaces(21)));
    expect(result).toEqual({
      roll: { tens: 2, ones: 1, value: 21 },
      rating: 20,
      critical: false,
      effectiveRating: 20,
      lethal: false,
      tensDamage: 2,
      onesDamage: 1,
      baseDamage: 3,
      damage: 3,
    });
    expect(lethalityText(result)).toBe("21 is over lethality 20%: not lethal; damage 2 + 1 = 3");
  });

  it("a critical doubles the rating", () => {
    const result = lethalityTest({ rating: 20, critical: true }, scriptedRng(percentileFaces(40)));
    expect(result).toMatchObject({
      effectiveRating: 40,
      lethal: true,
      critical: true,
      rating: 20,
    });
    expect(lethalityText(result)).toBe(
      "40 is at or under lethality 40% (20% doubled by the critical): lethal",
    );
  });

  it("a critical doubles the damage when not lethal", () => {
    const result = lethalityTest({ rating: 20, critical: true }, scriptedRng(percentileFaces(41)));
    expect(result).toMatchObject({
      lethal: false,
      baseDamage: 5,
      damage: 10,
    });
    expect(lethalityText(result)).toBe(
      "41 is over lethality 40% (20% doubled by the critical): not lethal; damage 4 + 1 = 5, doubled by the critical: 10",
    );
    const hundred = lethalityTest({ rating: 10, critical: true }, scriptedRng([10, 10]));
    expect(hundred).toMatchObject({ lethal: false, baseDamage: 20, damage: 40 });
  });

  it("a rating that reaches 100 (after doubling) always kills, even on 100", () => {
    expect(lethalityTest({ rating: 50, critical: true }, scriptedRng([10, 10])).lethal).toBe(true);
    expect(lethalityTest({ rating: 100 }, scriptedRng([10, 10])).lethal).toBe(true);
    expect(lethalityTest({ rating: 99 }, scriptedRng([10, 10])).lethal).toBe(false);
  });

  it("rejects a rating that is not a whole number from 0 to 100, before rolling", () => {
    const rng = scriptedRng([]);
    expect(
      rulesErrorText(
        expectRulesError(() => lethalityTest({ rating: 101 }, rng), "invalid-lethality"),
      ),
    ).toBe("A lethality rating must be a whole number from 0 to 100, not 101.");
    expectRulesError(() => lethalityTest({ rating: -1 }, rng), "invalid-lethality");
    expectRulesError(() => lethalityTest({ rating: 12.5 }, rng), "invalid-lethality");
  });
});
