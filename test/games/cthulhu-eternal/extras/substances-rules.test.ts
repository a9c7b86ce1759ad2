/**
 * Substances (seed 002): taking one is a CON × 5 test, easy when current HP is above the potency;
 * success gives only the good effects, failure both, a fumble only the harmful ones. An addictive
 * one makes a failed taker dependent (setting), every action check hard until a daily test
 * succeeds; a dose relieves it until then without clearing it.
 */
import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../src/core/rng.js";
import {
  afterTaking,
  dailyTest,
  dependencePenalty,
  takeSubstance,
} from "../../../../src/games/cthulhu-eternal/extras/substances/rules.js";
import { percentileFaces } from "../../../support/dice.js";

const roll = (value: number) => scriptedRng(percentileFaces(value));
const base = {
  con: 10,
  hp: 8,
  potency: 8,
  addictive: true,
  alreadyDependent: false,
  trigger: "failure" as const,
  conditions: [],
};

describe("taking a substance", () => {
  it("is a CON × 5 test, easy only when current HP is above the potency", () => {
    expect(takeSubstance(base, roll(40)).test.target).toBe(50);
    expect(takeSubstance({ ...base, hp: 9 }, roll(40)).test.target).toBe(70);
  });

  it("gives only the good effects on a success, both on a failure, only the harm on a fumble", () => {
    expect(takeSubstance(base, roll(40))).toMatchObject({
      effects: "beneficial",
      becameDependent: false,
    });
    expect(takeSubstance(base, roll(51))).toMatchObject({ effects: "both", becameDependent: true });
    expect(takeSubstance(base, roll(66))).toMatchObject({
      effects: "harmful",
      becameDependent: true,
    });
    expect(takeSubstance(base, roll(22)).effects).toBe("beneficial");
  });

  it("makes dependent only on an addictive substance, per the setting, and only once", () => {
    expect(takeSubstance({ ...base, addictive: false }, roll(51)).becameDependent).toBe(false);
    expect(takeSubstance({ ...base, trigger: "every-dose" }, roll(40)).becameDependent).toBe(true);
    expect(takeSubstance({ ...base, alreadyDependent: true }, roll(51)).becameDependent).toBe(
      false,
    );
  });
});

describe("dependence", () => {
  const dependent = afterTaking({ dependencies: [] }, "Laudanum", true);

  it("makes action checks hard (−20) until relieved by a dose, which does not clear it", () => {
    expect(dependencePenalty({ dependencies: [] })).toBe(0);
    expect(dependencePenalty(dependent)).toBe(-20);
    const relieved = afterTaking(dependent, "laudanum", false);
    expect(relieved.dependencies).toEqual([{ substance: "Laudanum", relieved: true }]);
    expect(dependencePenalty(relieved)).toBe(0);
  });

  it("ends with a successful daily test; a failed one ends the dose's relief", () => {
    const relieved = afterTaking(dependent, "Laudanum", false);
    const failed = dailyTest({ con: 10, conditions: [] }, relieved, roll(51));
    expect(failed.test.target).toBe(50);
    expect(failed.stateAfter.dependencies).toEqual([{ substance: "Laudanum", relieved: false }]);
    const passed = dailyTest({ con: 10, conditions: [] }, dependent, roll(50));
    expect(passed.stateAfter).toEqual({ dependencies: [] });
  });
});
