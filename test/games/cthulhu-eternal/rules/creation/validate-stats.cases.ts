/** The validator on names, era, upbringing and stats (run by validate.test.ts). */
import { describe, expect, it } from "vitest";
import { validateCreation } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type {
  AssignableSetId,
  CreationChoices,
  CreationDraft,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { sampleChoices } from "./sample.js";
import { codes, sampleWith, violations } from "./validate-support.js";

describe("the sample choices", () => {
  it("are valid", () => {
    expect(validateCreation(sampleChoices())).toEqual({ ok: true, violations: [], advice: [] });
  });
});

describe("names, era and upbringing", () => {
  it("name-missing", () => {
    expect(violations(sampleWith({ name: "   " }))).toEqual([
      { code: "name-missing", path: "name" },
    ]);
  });

  it("era-missing (and nothing era-dependent is judged without one)", () => {
    expect(violations(sampleWith({ era: undefined }))).toEqual([
      {
        code: "era-missing",
        path: "era",
      },
    ]);
  });

  it("harshness-missing", () => {
    expect(violations(sampleWith({ harshness: undefined }))).toEqual([
      {
        code: "harshness-missing",
        path: "harshness",
      },
    ]);
  });

  it("harsh-pick-missing", () => {
    expect(violations(sampleWith({ harshness: "harsh", adversitySkills: ["First Aid"] }))).toEqual([
      {
        code: "harsh-pick-missing",
        path: "harshBonusStat",
      },
    ]);
  });

  it("harsh-pick-not-applicable, for Normal and for Very Harsh", () => {
    expect(violations(sampleWith({ harshBonusStat: "STR" }))).toEqual([
      {
        code: "harsh-pick-not-applicable",
        path: "harshBonusStat",
        harshness: "normal",
      },
    ]);
    const veryHarsh = sampleWith({
      harshness: "very-harsh",
      harshBonusStat: "CON",
      adversitySkills: ["First Aid", "First Aid"],
    });
    expect(violations(veryHarsh)).toMatchObject([{ harshness: "very-harsh" }]);
  });
});

describe("stats", () => {
  const points = (assignment: CreationChoices["stats"]["assignment"]): CreationDraft =>
    sampleWith({ stats: { method: "points", assignment } });

  it("stats-missing", () => {
    expect(violations(sampleWith({ stats: undefined }))).toEqual([
      {
        code: "stats-missing",
        path: "stats",
      },
    ]);
  });

  it("stat-missing", () => {
    const draft = sampleWith({
      stats: {
        method: "set",
        set: "focused",
        assignment: { STR: 10, CON: 10, INT: 15, POW: 14, CHA: 12 },
      },
    });
    expect(violations(draft)).toEqual([
      { code: "stat-missing", path: "stats.assignment.DEX", stat: "DEX" },
    ]);
  });

  it("stat-out-of-range, each stat 3–18", () => {
    const found = violations(points({ STR: 2, DEX: 19, CON: 12, INT: 13, POW: 14, CHA: 12 }));
    expect(found).toEqual([
      {
        code: "stat-out-of-range",
        path: "stats.assignment.STR",
        stat: "STR",
        value: 2,
        min: 3,
        max: 18,
      },
      {
        code: "stat-out-of-range",
        path: "stats.assignment.DEX",
        stat: "DEX",
        value: 19,
        min: 3,
        max: 18,
      },
    ]);
    expect(codes(points({ STR: 10.5, DEX: 11.5, CON: 12, INT: 12, POW: 14, CHA: 12 }))).toEqual([
      "stat-out-of-range",
      "stat-out-of-range",
    ]);
  });

  it("accepts any 72-point split within 3–18", () => {
    expect(codes(points({ STR: 3, DEX: 18, CON: 18, INT: 18, POW: 12, CHA: 3 }))).toEqual([]);
  });

  it("stat-total: exactly 72 points", () => {
    expect(violations(points({ STR: 10, DEX: 10, CON: 10, INT: 15, POW: 13, CHA: 12 }))).toEqual([
      {
        code: "stat-total",
        path: "stats.assignment",
        kind: "exact",
        total: 70,
        required: 72,
      },
    ]);
    expect(
      violations(points({ STR: 10, DEX: 10, CON: 10, INT: 15, POW: 18, CHA: 12 }))[0],
    ).toMatchObject({ kind: "exact", total: 75, required: 72 });
  });

  it("stat-set-unknown", () => {
    const draft = sampleWith({
      stats: {
        method: "set",
        set: "balanced" as unknown as AssignableSetId,
        assignment: sampleChoices().stats.assignment,
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-set-unknown",
        path: "stats.set",
        set: "balanced",
      },
    ]);
  });

  it("stat-not-from-set: a permutation of the chosen set", () => {
    const draft = sampleWith({
      stats: {
        method: "set",
        set: "well-rounded",
        assignment: sampleChoices().stats.assignment,
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-not-from-set",
        path: "stats.assignment",
        setName: "Well-Rounded",
        setValues: [13, 13, 12, 12, 11, 11],
        values: [10, 11, 10, 15, 14, 12],
      },
    ]);
  });

  it.each([
    ["well-rounded", { STR: 11, DEX: 13, CON: 12, INT: 13, POW: 11, CHA: 12 }],
    ["focused", { STR: 10, DEX: 15, CON: 10, INT: 14, POW: 11, CHA: 12 }],
    ["highly-focused", { STR: 9, DEX: 10, CON: 10, INT: 17, POW: 14, CHA: 12 }],
  ] as const)("accepts the %s set in any order", (set, assignment) => {
    expect(codes(sampleWith({ stats: { method: "set", set, assignment } }))).toEqual([]);
  });

  it("stat-rolls-invalid", () => {
    const draft = sampleWith({
      stats: {
        method: "rolled",
        rolls: [12, 12, 12, 12, 19],
        assignment: sampleChoices().stats.assignment,
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-rolls-invalid",
        path: "stats.rolls",
        rolls: [12, 12, 12, 12, 19],
        min: 3,
        max: 18,
      },
    ]);
  });

  it("stat-not-from-rolls, and accepts the rolls in any order", () => {
    const rolls = [16, 8, 12, 13, 9, 14];
    const draft = sampleWith({
      stats: {
        method: "rolled",
        rolls,
        assignment: { STR: 16, DEX: 16, CON: 12, INT: 13, POW: 9, CHA: 14 },
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-not-from-rolls",
        path: "stats.assignment",
        rolls: [16, 8, 12, 13, 9, 14],
        values: [16, 16, 12, 13, 9, 14],
      },
    ]);
    const fine = sampleWith({
      stats: {
        method: "rolled",
        rolls,
        assignment: { STR: 8, DEX: 16, CON: 12, INT: 13, POW: 9, CHA: 14 },
      },
    });
    expect(codes(fine)).toEqual([]);
  });

  it("advises (without forbidding) on an archetype's recommended stats", () => {
    const result = validateCreation(
      sampleWith({
        stats: {
          method: "set",
          set: "highly-focused",
          assignment: { STR: 17, DEX: 14, CON: 12, INT: 9, POW: 10, CHA: 10 },
        },
      }),
    );
    expect(result.ok).toBe(true);
    expect(result.advice).toEqual([
      {
        code: "recommended-stat",
        path: "stats.assignment.INT",
        archetype: "Researcher / Scientist",
        stat: "INT",
        value: 9,
        recommended: 10,
      },
    ]);
  });
});
