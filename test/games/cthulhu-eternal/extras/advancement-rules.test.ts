/**
 * Advancement in Downtime (seed 002): one d100 for the Protagonist; each marked skill at or below
 * it gains 1 (never above 99) and is unmarked; once per downtime by default, and never without a
 * marked skill.
 */
import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../src/core/rng.js";
import {
  checksMadeBefore,
  downtimeCheck,
} from "../../../../src/games/cthulhu-eternal/extras/advancement/rules.js";
import { percentileFaces } from "../../../support/dice.js";

const roll = (value: number) => scriptedRng(percentileFaces(value));
const skills = [
  { name: "Alertness", rating: 40, marked: true },
  { name: "Occult", rating: 41, marked: true },
  { name: "Stealth", rating: 30, marked: false },
  { name: "Firearms", rating: 99, marked: true },
];

describe("the downtime improvement check", () => {
  it("improves each marked skill at or below the d100 by 1, keeps the others marked", () => {
    const made = downtimeCheck({ skills, state: null, session: 3, allowed: 1 }, roll(40));
    if (made.kind !== "rolled") throw new Error("refused");
    expect(made.result.check?.value).toBe(40);
    expect(made.result.skills).toEqual([
      { name: "Alertness", rating: 41, marked: false },
      { name: "Occult", rating: 41, marked: true },
      { name: "Stealth", rating: 30, marked: false },
      { name: "Firearms", rating: 99, marked: true },
    ]);
    expect(made.stateAfter).toEqual({ beforeSession: 3, checks: 1 });
  });

  it("never raises a skill above 99", () => {
    const made = downtimeCheck({ skills, state: null, session: 3, allowed: 1 }, roll(100));
    if (made.kind !== "rolled") throw new Error("refused");
    expect(made.result.skills.find((s) => s.name === "Firearms")).toEqual({
      name: "Firearms",
      rating: 99,
      marked: false,
    });
  });

  it("is made once per downtime by default; the next downtime opens another", () => {
    const state = { beforeSession: 3, checks: 1 };
    expect(downtimeCheck({ skills, state, session: 3, allowed: 1 }, roll(50))).toEqual({
      kind: "refused",
      refusal: { code: "checks-used", made: 1, allowed: 1 },
    });
    expect(downtimeCheck({ skills, state, session: 3, allowed: 2 }, roll(50)).kind).toBe("rolled");
    expect(checksMadeBefore(state, 4)).toBe(0);
    expect(downtimeCheck({ skills, state, session: 4, allowed: 1 }, roll(50)).kind).toBe("rolled");
  });

  it("is refused, without a die, when no skill is marked", () => {
    const unmarked = skills.map((s) => ({ ...s, marked: false }));
    expect(
      downtimeCheck({ skills: unmarked, state: null, session: 1, allowed: 1 }, scriptedRng([])),
    ).toEqual({ kind: "refused", refusal: { code: "no-marked-skill" } });
  });
});
