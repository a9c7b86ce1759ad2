import { rulesWords } from "../fixtures.js";
import { describe, expect, it } from "vitest";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { scriptedRng } from "../../../../../src/core/rng.js";
import {
  canProject,
  projectOntoBond,
  resolveSanLoss,
  type SanityEvent,
} from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import type {
  SanityState,
  ThreatType,
} from "../../../../../src/games/cthulhu-eternal/rules/types.js";
import { adaptation, guild, protagonist, sister, withOptions } from "./fixtures.js";

const defaults = withOptions();

function types(events: SanityEvent[]): string[] {
  return events.map((event) => event.type);
}

function firstLoss(
  before: SanityState,
  loss: number,
  threat: ThreatType = "unnatural",
  dice: number[] = [],
) {
  return resolveSanLoss(before, { threat, loss }, defaults, scriptedRng(dice));
}

function rulesErrorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isRulesError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe("projectOntoBond", () => {
  it("rolls 1D4, spends that WP, and reduces the loss and the Bond by the same", () => {
    const before = protagonist();
    const previous = firstLoss(before, 6);
    expect(previous.temporaryInsanity).toBe(true);

    const rng = scriptedRng([3]);
    const result = projectOntoBond(before, previous, "b1", defaults, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.projection).toEqual({
      bondId: "b1",
      bondName: "My sister",
      roll: 3,
      wpSpent: 3,
      reduction: 3,
      shortfall: "none",
      wp: { before: 10, after: 7 },
      bondScore: { before: 12, after: 9 },
      loss: { before: 6, after: 3 },
    });
    expect(result.rolledLoss).toBe(6);
    expect(result.loss).toBe(3);
    expect(result.lost).toBe(3);
    expect(result.after.san).toBe(47);
    expect(result.after.wp).toBe(7);
    expect(result.after.bonds).toEqual([sister({ score: 9 }), guild()]);
    expect(types(result.events)).toEqual(["projection", "bond-lowered", "san-lost"]);
    expect(result.events[1]).toMatchObject({
      cause: "projection",
      score: { before: 12, after: 9 },
    });
  });

  it("projection that brings the loss under the threshold turns temporary insanity off", () => {
    const before = protagonist();
    const previous = firstLoss(before, 5);
    expect(previous.temporaryInsanity).toBe(true);
    const result = projectOntoBond(before, previous, "b2", defaults, scriptedRng([1]));
    expect(result.loss).toBe(4);
    expect(result.temporaryInsanity).toBe(false);
    expect(types(result.events)).not.toContain("temporary-insanity");
  });

  it("projection can keep SAN above the breaking point: no disorder", () => {
    const before = protagonist({ san: 42 });
    const previous = firstLoss(before, 3);
    expect(previous.breakingPointReached).toBe(true);
    const result = projectOntoBond(before, previous, "b1", defaults, scriptedRng([2]));
    expect(result.after.san).toBe(41);
    expect(result.breakingPointReached).toBe(false);
    expect(result.after.disorders).toEqual([]);
    expect(result.after.breakingPoint).toBe(40);
  });

  it("the loss never goes below 0, but the Bond still pays the whole roll", () => {
    const before = protagonist();
    const previous = firstLoss(before, 2);
    const result = projectOntoBond(before, previous, "b1", defaults, scriptedRng([4]));
    expect(result.loss).toBe(0);
    expect(result.after.san).toBe(50);
    expect(result.after.bonds[0]?.score).toBe(8);
    expect(result.after.wp).toBe(6);
  });

  it("a Bond reduced to 0 is broken: crossed off and kept", () => {
    const before = protagonist({ bonds: [sister({ score: 3 }), guild()] });
    const previous = firstLoss(before, 6);
    const result = projectOntoBond(before, previous, "b1", defaults, scriptedRng([4]));
    expect(result.after.bonds[0]).toEqual(sister({ score: 0, crossedOff: true }));
    expect(result.projection?.bondScore).toEqual({ before: 3, after: 0 });
    expect(types(result.events)).toEqual(["projection", "bond-lowered", "bond-broken", "san-lost"]);
    expect(result.events[2]).toMatchObject({
      type: "bond-broken",
      bondId: "b1",
      cause: "projection",
    });
    expect(result.loss).toBe(2);
  });

  it("never changes the before-state or the previous result", () => {
    const before = protagonist();
    const previous = firstLoss(before, 6);
    const snapshot = structuredClone({ before, previous });
    projectOntoBond(before, previous, "b1", defaults, scriptedRng([2]));
    expect({ before, previous }).toEqual(snapshot);
  });
});

describe("projectOntoBond: WP shortfall settings", () => {
  const shortOfWp = protagonist({ wp: 2 });
  const previous = firstLoss(shortOfWp, 6);

  it("cap (default): spend the WP there is, reduce by that much", () => {
    const result = projectOntoBond(shortOfWp, previous, "b1", defaults, scriptedRng([4]));
    expect(result.projection).toMatchObject({
      roll: 4,
      wpSpent: 2,
      reduction: 2,
      shortfall: "capped",
      wp: { before: 2, after: 0 },
      bondScore: { before: 12, after: 10 },
      loss: { before: 6, after: 4 },
    });
    expect(result.temporaryInsanity).toBe(false);
  });

  it("allow-zero: the whole roll counts and WP falls to 0", () => {
    const options = withOptions({ projectionWpShortfall: "allow-zero" });
    const result = projectOntoBond(shortOfWp, previous, "b1", options, scriptedRng([4]));
    expect(result.projection).toMatchObject({
      roll: 4,
      wpSpent: 2,
      reduction: 4,
      shortfall: "allowed-zero",
      wp: { before: 2, after: 0 },
      bondScore: { before: 12, after: 8 },
      loss: { before: 6, after: 2 },
    });
  });

  it("refuse: a roll above WP is a RulesError that names the roll", () => {
    const options = withOptions({ projectionWpShortfall: "refuse" });
    const run = () => projectOntoBond(shortOfWp, previous, "b1", options, scriptedRng([4]));
    expect(rulesErrorCode(run)).toBe("wp-shortfall");
    expect(rulesWords(run)).toMatch(/Rolled 4 on 1D4 .* only 2 WP/);
  });

  it("refuse: a roll WP covers exactly is fine", () => {
    const options = withOptions({ projectionWpShortfall: "refuse" });
    const result = projectOntoBond(shortOfWp, previous, "b1", options, scriptedRng([2]));
    expect(result.projection).toMatchObject({ wpSpent: 2, reduction: 2, shortfall: "none" });
    expect(result.after.wp).toBe(0);
  });

  it("with 0 WP nothing can be projected, in any mode, and no die is rolled", () => {
    const exhausted = protagonist({ wp: 0 });
    const loss = firstLoss(exhausted, 6);
    for (const mode of ["cap", "allow-zero", "refuse"] as const) {
      const rng = scriptedRng([]);
      const code = rulesErrorCode(() =>
        projectOntoBond(exhausted, loss, "b1", withOptions({ projectionWpShortfall: mode }), rng),
      );
      expect(code).toBe("no-willpower");
    }
    expect(canProject(exhausted, loss)).toBe(false);
  });
});

describe("projectOntoBond: adaptation is re-decided on the reduced loss", () => {
  it("reuses the adaptation 1D6 already rolled instead of rolling again", () => {
    const before = protagonist({ adaptation: adaptation(2) });
    const previous = firstLoss(before, 3, "violence", [4]);
    expect(previous.after.cha).toBe(8);

    const rng = scriptedRng([1]);
    const result = projectOntoBond(before, previous, "b1", defaults, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.events.find((event) => event.type === "adapted")).toMatchObject({
      costRoll: 4,
      reusedRoll: true,
    });
    expect(result.after.cha).toBe(8);
    // b1: 12 − 1 (projection) − 4 (adaptation); b2: 8 − 4.
    expect(result.after.bonds.map((bond) => bond.score)).toEqual([7, 4]);
  });

  it("projection that avoids temporary insanity ticks the box instead of clearing the track", () => {
    const before = protagonist({ adaptation: adaptation(1) });
    const previous = firstLoss(before, 6, "violence");
    expect(previous.after.adaptation.violence.boxes).toBe(0);
    const result = projectOntoBond(before, previous, "b2", defaults, scriptedRng([2]));
    expect(result.after.adaptation.violence).toEqual({ boxes: 2, adapted: false });
    expect(types(result.events)).toEqual([
      "projection",
      "bond-lowered",
      "san-lost",
      "adaptation-box",
    ]);
  });

  it("rolls the adaptation 1D6 fresh when the first resolution never needed it", () => {
    const before = protagonist({ adaptation: adaptation(2) });
    const previous = firstLoss(before, 6, "violence");
    expect(previous.after.adaptation.violence.adapted).toBe(false);
    const rng = scriptedRng([2, 5]);
    const result = projectOntoBond(before, previous, "b1", defaults, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.after.adaptation.violence).toEqual({ boxes: 3, adapted: true });
    expect(result.events.find((event) => event.type === "adapted")).toMatchObject({
      costRoll: 5,
      reusedRoll: false,
    });
    expect(result.after.cha).toBe(7);
    expect(result.after.bonds.map((bond) => bond.score)).toEqual([5, 3]);
  });

  it("a projection that cancels the loss cancels the adaptation and its cost", () => {
    const before = protagonist({ adaptation: adaptation(2) });
    const previous = firstLoss(before, 2, "violence", [3]);
    expect(previous.after.adaptation.violence.adapted).toBe(true);
    const result = projectOntoBond(before, previous, "b2", defaults, scriptedRng([4]));
    expect(result.after.adaptation.violence).toEqual({ boxes: 2, adapted: false });
    expect(result.after.cha).toBe(12);
    expect(types(result.events)).toEqual(["projection", "bond-lowered", "san-lost"]);
  });
});

describe("projectOntoBond: what cannot be projected", () => {
  const before = protagonist({
    bonds: [
      sister({ score: 0, crossedOff: true }),
      guild({ crossedOff: true }),
      sister({ id: "b3", name: "My brother" }),
    ],
  });
  const previous = firstLoss(before, 4);

  it("a broken Bond", () => {
    expect(
      rulesErrorCode(() => projectOntoBond(before, previous, "b1", defaults, scriptedRng([1]))),
    ).toBe("bond-broken");
  });

  it("a destroyed Bond", () => {
    expect(
      rulesErrorCode(() => projectOntoBond(before, previous, "b2", defaults, scriptedRng([1]))),
    ).toBe("bond-destroyed");
  });

  it("a Bond that is not on the sheet", () => {
    expect(
      rulesErrorCode(() => projectOntoBond(before, previous, "nope", defaults, scriptedRng([1]))),
    ).toBe("bond-not-found");
  });

  it("a loss of 0", () => {
    const nothing = firstLoss(before, 0);
    expect(canProject(before, nothing)).toBe(false);
    expect(
      rulesErrorCode(() => projectOntoBond(before, nothing, "b3", defaults, scriptedRng([1]))),
    ).toBe("nothing-to-project");
  });

  it("a loss already projected", () => {
    const projected = projectOntoBond(before, previous, "b3", defaults, scriptedRng([1]));
    expect(canProject(before, projected)).toBe(false);
    expect(
      rulesErrorCode(() => projectOntoBond(before, projected, "b3", defaults, scriptedRng([1]))),
    ).toBe("already-projected");
  });

  it("canProject needs a loss, SAN left to protect, WP, and an intact Bond", () => {
    expect(canProject(before, previous)).toBe(true);
    const lost = protagonist({ san: 0, breakingPoint: 0 });
    expect(canProject(lost, firstLoss(lost, 4))).toBe(false);
    const bondless = protagonist({ bonds: [sister({ score: 0, crossedOff: true })] });
    expect(canProject(bondless, firstLoss(bondless, 4))).toBe(false);
  });
});
