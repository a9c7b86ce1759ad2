import { describe, expect, it } from "vitest";

import { buildPool, rollDie } from "../../../../src/games/cultists-of-cthulhu/rules/dice.js";
import {
  COLOURS,
  DEFAULT_SETTINGS,
  resolveSettings,
  resultOfFace,
  type Colour,
  type DieResult,
  type Settings,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { scriptedRng, seededRng } from "../../../../src/core/rng.js";

const ROLLS = 60_000;
/**
 * Two degrees of freedom (three results): a fair die exceeds 13.82 with probability 0.001. The
 * seed is fixed, so the test cannot flake; a die one face off (e.g. 2/3/1 for Green) gives a
 * χ² in the thousands.
 */
const CHI_SQUARE_P001_DF2 = 13.82;

function chiSquare(settings: Settings, colour: Colour, seed: number): number {
  const rng = seededRng(seed);
  const seen: Record<DieResult, number> = { good: 0, weird: 0, bad: 0 };
  for (let i = 0; i < ROLLS; i++) seen[rollDie(rng, settings, colour).result] += 1;
  const faces = settings.dice[colour];
  const total = faces.good + faces.weird + faces.bad;
  let sum = 0;
  for (const result of ["good", "weird", "bad"] as const) {
    const expected = (ROLLS * faces[result]) / total;
    sum += (seen[result] - expected) ** 2 / expected;
  }
  return sum;
}

describe("the dice's faces", () => {
  it("default to Green 3/2/1, Blue 2/2/2, Red 1/2/3 (cultists.md)", () => {
    expect(DEFAULT_SETTINGS.dice).toEqual({
      green: { good: 3, weird: 2, bad: 1 },
      blue: { good: 2, weird: 2, bad: 2 },
      red: { good: 1, weird: 2, bad: 3 },
    });
  });

  it.each(COLOURS.map((colour, i) => [colour, 0xc0c + i] as const))(
    "%s rolls match its face counts (χ², seeded)",
    (colour, seed) => {
      expect(chiSquare(DEFAULT_SETTINGS, colour, seed)).toBeLessThan(CHI_SQUARE_P001_DF2);
    },
  );

  it("the χ² bound catches a die with one face wrong", () => {
    const wrong = resolveSettings({ dice: { green: { good: 2, weird: 3, bad: 1 } } });
    // Rolled with the wrong faces, measured against the true ones.
    const rng = seededRng(0xc0c);
    const seen: Record<DieResult, number> = { good: 0, weird: 0, bad: 0 };
    for (let i = 0; i < ROLLS; i++) seen[rollDie(rng, wrong, "green").result] += 1;
    const expected = { good: ROLLS / 2, weird: ROLLS / 3, bad: ROLLS / 6 };
    const chi = (["good", "weird", "bad"] as const).reduce(
      (sum, r) => sum + (seen[r] - expected[r]) ** 2 / expected[r],
      0,
    );
    expect(chi).toBeGreaterThan(1000);
  });

  it("follow the settings: a custom die (4/1/1) matches its own counts", () => {
    const custom = resolveSettings({ dice: { blue: { good: 4, weird: 1, bad: 1 } } });
    expect(chiSquare(custom, "blue", 77)).toBeLessThan(CHI_SQUARE_P001_DF2);
  });

  it("map faces 1..n to Good, then Weird, then Bad", () => {
    const green = DEFAULT_SETTINGS.dice.green;
    expect([1, 2, 3, 4, 5, 6].map((face) => resultOfFace(green, face))).toEqual([
      "good",
      "good",
      "good",
      "weird",
      "weird",
      "bad",
    ]);
    const red = DEFAULT_SETTINGS.dice.red;
    expect([1, 2, 3, 4, 5, 6].map((face) => resultOfFace(red, face))).toEqual([
      "good",
      "weird",
      "weird",
      "bad",
      "bad",
      "bad",
    ]);
  });

  it("roll a die with as many sides as the colour has faces", () => {
    const custom = resolveSettings({ dice: { red: { good: 1, weird: 1, bad: 2 } } });
    expect(rollDie(scriptedRng([4]), custom, "red").result).toBe("bad");
    expect(() => rollDie(scriptedRng([5]), custom, "red")).toThrow(/d4/);
  });
});

describe("the pool of a check", () => {
  it("fills the ability's dice up to five with the difficulty's colour (seed's examples)", () => {
    expect(buildPool(["green", "blue"], "red", DEFAULT_SETTINGS)).toEqual([
      "green",
      "blue",
      "red",
      "red",
      "red",
    ]);
    expect(buildPool(["green", "green", "red"], "blue", DEFAULT_SETTINGS)).toEqual([
      "green",
      "green",
      "red",
      "blue",
      "blue",
    ]);
  });

  it("fills a single die with four, and a four-die ability with one", () => {
    expect(buildPool(["blue"], "green", DEFAULT_SETTINGS)).toEqual([
      "blue",
      "green",
      "green",
      "green",
      "green",
    ]);
    expect(buildPool(["red", "red", "red", "red"], "green", DEFAULT_SETTINGS)).toHaveLength(5);
  });

  it("adds nothing to an ability of exactly five", () => {
    const five: Colour[] = ["green", "green", "blue", "blue", "red"];
    expect(buildPool(five, "red", DEFAULT_SETTINGS)).toEqual(five);
  });

  it("rolls every die of an ability beyond five by default (roll-all)", () => {
    const six: Colour[] = ["green", "green", "red", "green", "blue", "red"];
    expect(buildPool(six, "red", DEFAULT_SETTINGS)).toEqual(six);
  });

  it("keeps five of more than five when the table chooses first, best or worst", () => {
    const six: Colour[] = ["red", "green", "blue", "green", "red", "green"];
    const pool = (oversizedPool: Settings["oversizedPool"]) =>
      buildPool(six, "blue", resolveSettings({ oversizedPool }));
    expect(pool("first")).toEqual(["red", "green", "blue", "green", "red"]);
    expect(pool("best")).toEqual(["green", "green", "green", "blue", "red"]);
    expect(pool("worst")).toEqual(["red", "red", "blue", "green", "green"]);
  });
});
