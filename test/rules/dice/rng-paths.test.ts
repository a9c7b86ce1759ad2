/**
 * rollDice draws each group's faces with rng.dice when the Rng has it, else with one rng.die call
 * per die: both ways must roll, keep and write exactly the same, and neither may pass on a face
 * that does not fit the die.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rollDice } from "../../../src/rules/dice/index.js";
import { cryptoRng, seededRng, type Rng } from "../../../src/rules/rng.js";

/** The same seeded faces, but only through die(): rollDice's one-die-at-a-time path. */
function dieOnly(seed: number): Rng {
  const rng = seededRng(seed);
  return { die: (sides) => rng.die(sides) };
}

const expressions = [
  "1d100",
  "4d6kh3",
  "2d6+3",
  "1d8+1d4-1",
  "10d10",
  "100d6",
  "999d6",
  "20d20kl7 - 3d1000dh1 * 2",
  "-(17d6dl16) + 40d100kh39",
  "1000d1000",
  "500d6kh250 + 500d20",
];

describe("rolling with rng.dice and with rng.die", () => {
  it("gives the same roll, text included, for many seeds", () => {
    fc.assert(
      fc.property(fc.constantFrom(...expressions), fc.integer(), (text, seed) => {
        expect(rollDice(text, seededRng(seed))).toEqual(rollDice(text, dieOnly(seed)));
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same roll with render options", () => {
    const options = { maxDiceShown: 7, maxLength: 60 };
    for (const text of expressions) {
      expect(rollDice(text, seededRng(5), options)).toEqual(rollDice(text, dieOnly(5), options));
    }
  });
});

describe("rolling with cryptoRng, as production does", () => {
  it("takes its faces through rng.dice and writes them out as rolled", () => {
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
  });

  it("is refused when dice() writes a face that does not fit", () => {
    /** Writes 2s, then `bad` as the last face of every group. */
    const lastFaceOf = (bad: number): Rng => ({
      die: () => 1,
      dice(_sides, count, faces, at) {
        faces.fill(2, at, at + count);
        faces[at + count - 1] = bad;
      },
    });
    for (const bad of [0, 7, -3]) {
      expect(() => rollDice("1d4 + 5d6", lastFaceOf(bad))).toThrow(RangeError);
      expect(() => rollDice("40d6dl3", lastFaceOf(bad))).toThrow(RangeError);
    }
    // A big pool without a rule looks its dice up by face alone: no face may slip through.
    for (const bad of [0, 7, -1, -3, 2 ** 31 - 1, -(2 ** 31), 3 - 2 ** 31, 2 ** 30 + 3]) {
      expect(() => rollDice("40d6", lastFaceOf(bad))).toThrow(RangeError);
      expect(() => rollDice("41d6", lastFaceOf(bad))).toThrow(RangeError);
      expect(() => rollDice("2d4 + 998d6", lastFaceOf(bad))).toThrow(RangeError);
    }
    // Dice past d100 are made one object at a time, with their own check.
    for (const bad of [0, 201, -3]) {
      expect(() => rollDice("5d200", lastFaceOf(bad))).toThrow(RangeError);
      expect(() => rollDice("5d200kl2", lastFaceOf(bad))).toThrow(RangeError);
    }
  });

  it("names the first face that does not fit", () => {
    for (const first of [16, 17]) {
      const twoBad: Rng = {
        die: () => 1,
        dice(_sides, count, faces, at) {
          faces.fill(2, at, at + count);
          faces[at + first] = 9;
          faces[at + first + 1] = 8;
        },
      };
      expect(() => rollDice("40d6", twoBad)).toThrow("the rng rolled 9 on a d6");
    }
  });
});

describe("a roll made by an Rng during another roll", () => {
  it("leaves the other roll as it would have been", () => {
    const plain = rollDice("3d6 + 50d8 + 2d10", seededRng(9));
    const inner = seededRng(10);
    const outer = seededRng(9);
    let nested = 0;
    const meddling: Rng = {
      die: (sides) => outer.die(sides),
      dice(sides, count, faces, at) {
        outer.dice?.(sides, count, faces, at);
        nested += rollDice("100d6 + 10d8kh2", inner).total; // writes over the shared faces
      },
    };
    expect(rollDice("3d6 + 50d8 + 2d10", meddling)).toEqual(plain);
    expect(nested).toBeGreaterThan(0);
  });
});
