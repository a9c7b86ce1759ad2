import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BONUS_PICKS,
  COMMUNITY_BOND_MAX,
  PICK_POINTS,
  creationDraftSchema,
  parseCreationDraft,
  tradeInBonus,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { sampleChoices } from "./sample.js";

describe("creation constants (seed 000)", () => {
  it("ten bonus picks of +20; Community Bonds up to 20", () => {
    expect(BONUS_PICKS).toBe(10);
    expect(PICK_POINTS).toBe(20);
    expect(COMMUNITY_BOND_MAX).toBe(20);
  });

  it("trade-ins are worth +5 for the first pick and +2 for each further one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (picks) => {
        expect(tradeInBonus(picks)).toBe(5 + 2 * (picks - 1));
        expect(tradeInBonus(picks + 1) - tradeInBonus(picks)).toBe(2);
      }),
    );
    expect(tradeInBonus(0)).toBe(0);
  });
});

describe("stored drafts", () => {
  it("round-trip the sample choices through JSON", () => {
    const stored: unknown = JSON.parse(JSON.stringify(sampleChoices()));
    expect(parseCreationDraft(stored)).toEqual(sampleChoices());
  });

  it("accept an empty or half-made draft", () => {
    expect(parseCreationDraft({})).toEqual({});
    expect(
      parseCreationDraft({ era: "future", stats: { method: "points", assignment: { STR: 12 } } }),
    ).toEqual({ era: "future", stats: { method: "points", assignment: { STR: 12 } } });
  });

  it("reject wrong shapes (rules are the validator's job)", () => {
    expect(creationDraftSchema.safeParse({ era: "jazz" }).success).toBe(false);
    expect(
      creationDraftSchema.safeParse({ stats: { method: "dice", assignment: {} } }).success,
    ).toBe(false);
    expect(creationDraftSchema.safeParse({ bonusSkills: "Dodge" }).success).toBe(false);
    expect(
      creationDraftSchema.safeParse({ resources: { tradeInPicks: -1, zero: false } }).success,
    ).toBe(false);
    // Breaking a rule is still a well-formed draft.
    expect(creationDraftSchema.safeParse({ bonusSkills: Array(30).fill("Dodge") }).success).toBe(
      true,
    );
  });
});
