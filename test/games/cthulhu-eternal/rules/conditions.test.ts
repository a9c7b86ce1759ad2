import { describe, expect, it } from "vitest";
import {
  conditionsOf,
  newConditions,
  type ConditionSheet,
} from "../../../../src/games/cthulhu-eternal/rules/conditions.js";

function sheet(overrides: Partial<ConditionSheet> = {}): ConditionSheet {
  return {
    status: "active",
    hp: 10,
    wp: 12,
    san: 60,
    exhausted: false,
    temporarilyInsane: false,
    adaptation: { violence: { adapted: false }, helplessness: { adapted: false } },
    ...overrides,
  };
}

const codes = (s: ConditionSheet) => conditionsOf(s).map((c) => c.code);

describe("conditionsOf", () => {
  it("finds nothing on a healthy sheet", () => {
    expect(conditionsOf(sheet())).toEqual([]);
  });

  it("reads the HP thresholds: 2 or less unconscious, 0 dead (and dead outranks the rest)", () => {
    expect(conditionsOf(sheet({ hp: 3 }))).toEqual([]);
    expect(conditionsOf(sheet({ hp: 2 }))).toEqual([
      { code: "unconscious", by: { pool: "HP", value: 2 } },
    ]);
    expect(conditionsOf(sheet({ hp: 0, wp: 1, exhausted: true }))).toEqual([
      { code: "dead", by: { pool: "HP", value: 0 } },
    ]);
    expect(conditionsOf(sheet({ status: "dead" }))).toEqual([{ code: "dead", by: null }]);
  });

  it("reads the WP thresholds: 2 or less an emotional collapse, 0 unconscious", () => {
    expect(conditionsOf(sheet({ wp: 3 }))).toEqual([]);
    expect(conditionsOf(sheet({ wp: 2 }))).toEqual([
      { code: "emotional-collapse", by: { pool: "WP", value: 2 } },
    ]);
    expect(conditionsOf(sheet({ wp: 0 }))).toEqual([
      { code: "unconscious", by: { pool: "WP", value: 0 } },
    ]);
    // Unconscious from HP while WP collapses: both show.
    expect(codes(sheet({ hp: 1, wp: 1 }))).toEqual(["unconscious", "emotional-collapse"]);
  });

  it("reads SAN 0 and the insane status as permanent insanity, which outranks the episode", () => {
    expect(conditionsOf(sheet({ san: 0, temporarilyInsane: true }))).toEqual([
      { code: "permanently-insane", by: { pool: "SAN", value: 0 } },
    ]);
    expect(codes(sheet({ status: "insane" }))).toEqual(["permanently-insane"]);
    expect(codes(sheet({ temporarilyInsane: true }))).toEqual(["temporarily-insane"]);
  });

  it("shows flags, adaptation and retirement, most serious first", () => {
    expect(
      codes(
        sheet({
          status: "retired",
          exhausted: true,
          adaptation: { violence: { adapted: true }, helplessness: { adapted: true } },
        }),
      ),
    ).toEqual(["retired", "exhausted", "adapted-violence", "adapted-helplessness"]);
  });
});

describe("newConditions", () => {
  it("names only what the change caused", () => {
    expect(newConditions(sheet({ wp: 2 }), sheet({ wp: 0 }))).toEqual([
      { code: "unconscious", by: { pool: "WP", value: 0 } },
    ]);
    expect(newConditions(sheet({ wp: 1 }), sheet({ wp: 2 }))).toEqual([]);
    expect(newConditions(sheet({ hp: 1 }), sheet({ hp: 0 })).map((c) => c.code)).toEqual(["dead"]);
    expect(newConditions(sheet(), sheet())).toEqual([]);
  });
});
