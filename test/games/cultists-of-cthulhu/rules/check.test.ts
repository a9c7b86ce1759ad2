import { describe, expect, it } from "vitest";

import {
  firedOutcomes,
  keepCheck,
  rerollCheck,
  rollCheck,
  tally,
  type Check,
  type CheckSpec,
} from "../../../../src/games/cultists-of-cthulhu/rules/check.js";
import {
  DEFAULT_SETTINGS,
  Refused,
  type Refusal,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { scriptedRng } from "../../../../src/core/rng.js";

/**
 * Faces of the default dice (Good first, then Weird, then Bad):
 * Green 1-3 Good, 4-5 Weird, 6 Bad; Blue 1-2 Good, 3-4 Weird, 5-6 Bad; Red 1 Good, 2-3 Weird, 4-6 Bad.
 */
const G = { good: 1, weird: 4, bad: 6 };
const B = { good: 1, weird: 3, bad: 5 };
const R = { good: 1, weird: 2, bad: 4 };

function spec(overrides: Partial<CheckSpec> = {}): CheckSpec {
  return {
    roller: "c1",
    ability: "focus",
    abilityDice: ["green", "blue"],
    difficulty: "red",
    mayReroll: true,
    extraRerolls: 0,
    ...overrides,
  };
}

function refusalOf(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  throw new Error("expected a refusal");
}

const results = (check: Check) => check.dice.map((die) => die.result);

describe("a five-die check", () => {
  it("is the seed's example: Nelson's Focus, the Bads rerolled, only the Weird outcome left", () => {
    // Green Blue + Red Red Red: Good, Weird, Weird, Bad, Bad.
    const rolled = rollCheck(
      spec(),
      scriptedRng([G.good, B.weird, R.weird, R.bad, R.bad]),
      DEFAULT_SETTINGS,
    );
    expect(rolled.dice.map((d) => d.colour)).toEqual(["green", "blue", "red", "red", "red"]);
    expect(results(rolled)).toEqual(["good", "weird", "weird", "bad", "bad"]);
    expect(firedOutcomes(tally(rolled.dice), rolled.thresholds)).toEqual(["weird", "bad"]);
    expect(rolled.final).toBe(false);

    const after = rerollCheck(
      rolled,
      { result: "bad", dice: [] },
      scriptedRng([R.bad, R.good]),
      DEFAULT_SETTINGS,
    );
    expect(results(after)).toEqual(["good", "weird", "weird", "bad", "good"]);
    expect(after.rerolled).toEqual({ result: "bad", indices: [3, 4] });
    expect(tally(after.dice)).toEqual({ good: 2, weird: 2, bad: 1 });
    expect(firedOutcomes(tally(after.dice), after.thresholds)).toEqual(["weird"]);
    expect(after.final).toBe(true);
  });

  it("rerolls only the dice showing the chosen result, each in its own colour", () => {
    const rolled = rollCheck(
      spec(),
      scriptedRng([G.weird, B.good, R.weird, R.good, R.bad]),
      DEFAULT_SETTINGS,
    );
    const rng = scriptedRng([G.good, R.good]);
    const after = rerollCheck(rolled, { result: "weird", dice: [] }, rng, DEFAULT_SETTINGS);
    expect(rng.remaining()).toBe(0);
    expect(results(after)).toEqual(["good", "good", "good", "good", "bad"]);
    expect(after.dice.map((d) => d.colour)).toEqual(rolled.dice.map((d) => d.colour));
  });

  it("may reroll all the Goods (the rare choice)", () => {
    const rolled = rollCheck(
      spec(),
      scriptedRng([G.good, B.good, R.bad, R.bad, R.bad]),
      DEFAULT_SETTINGS,
    );
    const after = rerollCheck(
      rolled,
      { result: "good", dice: [] },
      scriptedRng([G.bad, B.bad]),
      DEFAULT_SETTINGS,
    );
    expect(results(after)).toEqual(["bad", "bad", "bad", "bad", "bad"]);
  });

  it("allows one reroll only, and none after keeping", () => {
    const rolled = rollCheck(
      spec(),
      scriptedRng([G.good, B.weird, R.weird, R.bad, R.bad]),
      DEFAULT_SETTINGS,
    );
    const after = rerollCheck(
      rolled,
      { result: "bad", dice: [] },
      scriptedRng([R.bad, R.bad]),
      DEFAULT_SETTINGS,
    );
    expect(
      refusalOf(() =>
        rerollCheck(after, { result: "bad", dice: [] }, scriptedRng([1, 1]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "no-roll-pending",
    });
    const kept = keepCheck(rolled);
    expect(kept.final).toBe(true);
    expect(kept.dice).toEqual(rolled.dice);
    expect(
      refusalOf(() =>
        rerollCheck(kept, { result: "weird", dice: [] }, scriptedRng([1, 1]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "no-roll-pending",
    });
  });

  it("refuses a result no die shows, and an empty choice", () => {
    const rolled = rollCheck(
      spec(),
      scriptedRng([G.good, B.good, R.good, R.good, R.good]),
      DEFAULT_SETTINGS,
    );
    expect(
      refusalOf(() =>
        rerollCheck(rolled, { result: "bad", dice: [] }, scriptedRng([]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "no-die-shows",
      result: "bad",
    });
    expect(
      refusalOf(() =>
        rerollCheck(rolled, { result: null, dice: [] }, scriptedRng([]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "nothing-chosen",
    });
  });

  it("never lets a monster reroll: its check is final at once", () => {
    const rolled = rollCheck(
      spec({
        roller: "m1",
        ability: "attack",
        abilityDice: ["green", "green", "green"],
        mayReroll: false,
        extraRerolls: 2,
      }),
      scriptedRng([G.bad, G.bad, G.bad, R.bad, R.bad]),
      DEFAULT_SETTINGS,
    );
    expect(rolled.final).toBe(true);
    expect(rolled.extraRerolls).toBe(0);
    expect(
      refusalOf(() =>
        rerollCheck(rolled, { result: "bad", dice: [] }, scriptedRng([1]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "may-not-reroll",
      roller: "m1",
    });
  });
});

describe("extra single dice from an item", () => {
  const roll = (extraRerolls: number) =>
    rollCheck(
      spec({ extraRerolls }),
      scriptedRng([G.good, B.weird, R.weird, R.bad, R.good]),
      DEFAULT_SETTINGS,
    );

  it("join the class reroll, up to the number the items grant", () => {
    const after = rerollCheck(
      roll(1),
      { result: "weird", dice: [3] },
      scriptedRng([B.good, R.good, R.good]),
      DEFAULT_SETTINGS,
    );
    expect(after.rerolled).toEqual({ result: "weird", indices: [1, 2, 3] });
    expect(results(after)).toEqual(["good", "good", "good", "good", "good"]);
  });

  it("may be used without a class reroll", () => {
    const after = rerollCheck(
      roll(1),
      { result: null, dice: [3] },
      scriptedRng([R.good]),
      DEFAULT_SETTINGS,
    );
    expect(results(after)).toEqual(["good", "weird", "weird", "good", "good"]);
    expect(after.final).toBe(true);
  });

  it("refuse one more die than granted (none granted: none allowed)", () => {
    expect(
      refusalOf(() =>
        rerollCheck(roll(1), { result: "weird", dice: [0, 3] }, scriptedRng([]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "too-many-extra-dice",
      allowed: 1,
    });
    expect(
      refusalOf(() =>
        rerollCheck(roll(0), { result: null, dice: [3] }, scriptedRng([]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "too-many-extra-dice",
      allowed: 0,
    });
    const two = rerollCheck(
      roll(2),
      { result: null, dice: [0, 3] },
      scriptedRng([G.good, R.good]),
      DEFAULT_SETTINGS,
    );
    expect(two.rerolled?.indices).toEqual([0, 3]);
  });

  it("refuse a die already in the chosen class, a die twice, and a die that is not there", () => {
    expect(
      refusalOf(() =>
        rerollCheck(roll(2), { result: "weird", dice: [1] }, scriptedRng([]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "die-already-chosen",
      index: 1,
    });
    expect(
      refusalOf(() =>
        rerollCheck(roll(2), { result: null, dice: [3, 3] }, scriptedRng([]), DEFAULT_SETTINGS),
      ),
    ).toEqual({
      code: "die-already-chosen",
      index: 3,
    });
    for (const index of [-1, 5, 1.5]) {
      expect(
        refusalOf(() =>
          rerollCheck(roll(1), { result: null, dice: [index] }, scriptedRng([]), DEFAULT_SETTINGS),
        ),
      ).toEqual({
        code: "invalid-die",
        index,
      });
    }
  });
});

describe("outcome thresholds", () => {
  const dice = (good: number, weird: number, bad: number) =>
    [
      ...Array<"good">(good).fill("good"),
      ...Array<"weird">(weird).fill("weird"),
      ...Array<"bad">(bad).fill("bad"),
    ].map((result) => ({ colour: "blue" as const, result }));
  const fired = (
    good: number,
    weird: number,
    bad: number,
    thresholds = DEFAULT_SETTINGS.thresholds,
  ) => firedOutcomes(tally(dice(good, weird, bad)), thresholds);

  it("fire at three Good, two Weird, two Bad by default, and not one below", () => {
    expect(fired(3, 1, 1)).toEqual(["good"]);
    expect(fired(2, 2, 1)).toEqual(["weird"]);
    expect(fired(2, 1, 2)).toEqual(["bad"]);
    expect(fired(2, 1, 1)).toEqual([]);
    expect(fired(1, 2, 2)).toEqual(["weird", "bad"]);
    expect(fired(3, 2, 0)).toEqual(["good", "weird"]);
  });

  it("fire once each however many dice pass the bar", () => {
    expect(fired(5, 0, 0)).toEqual(["good"]);
    expect(fired(0, 5, 0)).toEqual(["weird"]);
  });

  it("can be the check's own, and an outcome can be switched off", () => {
    const own = rollCheck(
      spec({ thresholds: { good: 4, bad: null } }),
      scriptedRng([G.good, B.good, R.good, R.bad, R.bad]),
      DEFAULT_SETTINGS,
    );
    expect(own.thresholds).toEqual({ good: 4, weird: 2, bad: null });
    expect(firedOutcomes(tally(own.dice), own.thresholds)).toEqual([]);
    expect(fired(4, 1, 0, own.thresholds)).toEqual(["good"]);
  });
});
