/**
 * rollDice takes every face from rng.die: with the production RNG it rolls and writes what it
 * drew, it refuses a face that does not fit the die, and an Rng may even roll during a roll.
 */
import { describe, expect, it } from "vitest";
import { rollDice } from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { cryptoRng, seededRng, type Rng } from "../../../../../src/core/rng.js";

describe("rolling with cryptoRng, as production does", () => {
  it("writes its faces out as rolled", () => {
    const roll = rollDice("100d6 + 4d20kh3", cryptoRng());
    const [pool, best] = roll.groups;
    expect(pool?.dice).toHaveLength(100);
    expect(roll.dice.every((die) => Number.isInteger(die.value) && die.value >= 1)).toBe(true);
    expect(pool?.dice.every((die) => die.value <= 6 && die.kept)).toBe(true);
    expect(best?.dice.filter((die) => die.kept)).toHaveLength(3);
    const kept = roll.dice.filter((die) => die.kept);
    expect(roll.total).toBe(kept.reduce((sum, die) => sum + die.value, 0));
    const listed = pool?.dice.map((die) => die.value).join(", ");
    expect(roll.text.startsWith(`100d6 [${listed ?? ""}] + 4d20kh3 [`)).toBe(true);
  });
});

describe("an Rng that breaks its contract", () => {
  const faceOf = (face: number): Rng => ({ die: () => face });

  it.each([0, 7, -1, 2.5, Number.NaN])("is refused when die() returns %s for a d6", (face) => {
    expect(() => rollDice("3d6", faceOf(face))).toThrow(RangeError);
    expect(() => rollDice("20d6kh3", faceOf(face))).toThrow(RangeError);
    expect(() => rollDice("2d4 + 998d6", faceOf(face))).toThrow(RangeError);
  });

  it("is refused for a bad face on a die past d100 too", () => {
    for (const face of [0, 201, -3]) {
      expect(() => rollDice("5d200", faceOf(face))).toThrow(RangeError);
      expect(() => rollDice("5d200kl2", faceOf(face))).toThrow(RangeError);
    }
  });

  it("names the first face that does not fit", () => {
    let rolled = 0;
    const twoBad: Rng = { die: () => [2, 2, 9, 8][rolled++ % 4] ?? 2 };
    expect(() => rollDice("40d6", twoBad)).toThrow("the rng rolled 9 on a d6");
  });
});

describe("a roll made by an Rng during another roll", () => {
  it("leaves the other roll as it would have been", () => {
    const plain = rollDice("3d6 + 50d8 + 2d10", seededRng(9));
    const inner = seededRng(10);
    const outer = seededRng(9);
    let nested = 0;
    const meddling: Rng = {
      die(sides) {
        nested += rollDice("100d6 + 10d8kh2", inner).total;
        return outer.die(sides);
      },
    };
    expect(rollDice("3d6 + 50d8 + 2d10", meddling)).toEqual(plain);
    expect(nested).toBeGreaterThan(0);
  });
});
