import { describe, expect, it } from "vitest";

import {
  breakingPointFor,
  damageBonus,
  deriveAttributes,
  maxHitPoints,
  maxSanity,
  maxWillpower,
  recoverySanity,
  startingSanity,
} from "../../../../src/games/cthulhu-eternal/rules/derived.js";
import type { Stats } from "../../../../src/games/cthulhu-eternal/rules/types.js";

const AVERAGE: Stats = { STR: 10, DEX: 10, CON: 11, INT: 12, POW: 13, CHA: 9 };

describe("maxHitPoints: (STR + CON) / 2, rounded up", () => {
  it.each([
    [10, 10, 10],
    [10, 11, 11],
    [11, 10, 11],
    [3, 3, 3],
    [3, 4, 4],
    [1, 1, 1],
    [17, 18, 18],
    [18, 18, 18],
  ])("STR %i + CON %i → %i", (str, con, hp) => {
    expect(maxHitPoints({ STR: str, CON: con })).toBe(hp);
  });
});

describe("maxWillpower: WP = POW", () => {
  it.each([3, 10, 18])("POW %i", (pow) => {
    expect(maxWillpower({ POW: pow })).toBe(pow);
  });
});

describe("startingSanity", () => {
  it("is POW × 5 for a Normal upbringing", () => {
    expect(startingSanity(10, "normal")).toBe(50);
    expect(startingSanity(13, "normal")).toBe(65);
  });

  it("is POW × 4 for Harsh and Very Harsh", () => {
    expect(startingSanity(10, "harsh")).toBe(40);
    expect(startingSanity(10, "very-harsh")).toBe(40);
    expect(startingSanity(13, "very-harsh")).toBe(52);
  });
});

describe("breakingPointFor: SAN − POW", () => {
  it.each([
    [65, 13, 52],
    [40, 10, 30],
    [10, 10, 0],
    [5, 10, 0],
  ])("SAN %i, POW %i → %i", (san, pow, bp) => {
    expect(breakingPointFor(san, pow)).toBe(bp);
  });
});

describe("maxSanity: 99 − Unnatural", () => {
  it.each([
    [0, 99],
    [1, 98],
    [15, 84],
    [99, 0],
    [120, 0],
  ])("Unnatural %i → %i", (unnatural, max) => {
    expect(maxSanity(unnatural)).toBe(max);
  });
});

describe("recoverySanity: POW × 5, capped at Max SAN", () => {
  it("is POW × 5 whatever the upbringing", () => {
    expect(recoverySanity(10, 0)).toBe(50);
    expect(recoverySanity(18, 0)).toBe(90);
  });

  it("is capped at Max SAN", () => {
    expect(recoverySanity(20, 0)).toBe(99);
    expect(recoverySanity(18, 15)).toBe(84);
    expect(recoverySanity(10, 49)).toBe(50);
    expect(recoverySanity(10, 50)).toBe(49);
  });
});

describe("damageBonus: seed 000's table", () => {
  const rows: [number, number, number][] = [
    [1, 4, -2],
    [5, 8, -1],
    [9, 12, 0],
    [13, 16, 1],
    [17, 18, 2],
  ];
  it.each(rows)("STR %i–%i → %i", (low, high, bonus) => {
    for (let str = low; str <= high; str++) expect(damageBonus(str)).toBe(bonus);
  });

  it("stays +2 above 18", () => {
    expect(damageBonus(19)).toBe(2);
    expect(damageBonus(25)).toBe(2);
  });
});

describe("deriveAttributes", () => {
  it("derives a Normal upbringing", () => {
    expect(deriveAttributes(AVERAGE, "normal")).toEqual({
      hp: 11,
      wp: 13,
      san: 65,
      breakingPoint: 52,
      maxSan: 99,
      recoverySan: 65,
      damageBonus: 0,
    });
  });

  it("derives a Harsh upbringing: SAN × 4 but Recovery SAN still × 5", () => {
    expect(deriveAttributes(AVERAGE, "harsh")).toMatchObject({
      san: 52,
      breakingPoint: 39,
      recoverySan: 65,
    });
  });

  it("caps SAN and Recovery SAN at Max SAN", () => {
    const strong: Stats = { ...AVERAGE, STR: 17, POW: 18 };
    expect(deriveAttributes(strong, "normal", 20)).toEqual({
      hp: 14,
      wp: 18,
      san: 79,
      breakingPoint: 61,
      maxSan: 79,
      recoverySan: 79,
      damageBonus: 2,
    });
  });
});
