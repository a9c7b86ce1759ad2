/** Losing SAN to violence or helplessness: adaptation boxes, and the cost of adapting. */
import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../../src/core/rng.js";
import { resolveSanLoss } from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import {
  adaptation,
  guild,
  protagonist,
  sister,
  withOptions,
  defaults,
  noDice,
  types,
} from "./fixtures.js";

describe("resolveSanLoss: adaptation boxes", () => {
  it("ticks box 1, then 2, then 3 and adapts (Violence)", () => {
    let state = protagonist({ san: 70, breakingPoint: 60 });
    const first = resolveSanLoss(state, { threat: "violence", loss: 1 }, defaults, noDice());
    expect(first.events[1]).toEqual({
      type: "adaptation-box",
      threat: "violence",
      boxes: { before: 0, after: 1 },
    });
    state = first.after;
    const second = resolveSanLoss(state, { threat: "violence", loss: 2 }, defaults, noDice());
    expect(second.after.adaptation.violence).toEqual({ boxes: 2, adapted: false });
    state = second.after;
    const rng = scriptedRng([3]);
    const third = resolveSanLoss(state, { threat: "violence", loss: 1 }, defaults, rng);
    expect(rng.remaining()).toBe(0);
    expect(third.after.adaptation.violence).toEqual({ boxes: 3, adapted: true });
    expect(third.events[2]).toMatchObject({
      type: "adapted",
      threat: "violence",
      costRoll: 3,
      reusedRoll: false,
    });
  });

  it("Helplessness has its own track; Unnatural has none", () => {
    const helpless = resolveSanLoss(
      protagonist({ adaptation: adaptation(1, 1) }),
      { threat: "helplessness", loss: 2 },
      defaults,
      noDice(),
    );
    expect(helpless.after.adaptation).toEqual(adaptation(1, 2));
    const unnatural = resolveSanLoss(
      protagonist({ adaptation: adaptation(1, 1) }),
      { threat: "unnatural", loss: 2 },
      defaults,
      noDice(),
    );
    expect(unnatural.after.adaptation).toEqual(adaptation(1, 1));
    expect(types(unnatural.events)).toEqual(["san-lost"]);
  });

  it("no SAN lost, no box", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "violence", loss: 0 },
      defaults,
      noDice(),
    );
    expect(result.after.adaptation.violence.boxes).toBe(0);
  });

  it("an adapted track ticks no more and costs nothing more", () => {
    const before = protagonist({ adaptation: adaptation(3, 0, { violence: true }) });
    const result = resolveSanLoss(before, { threat: "violence", loss: 2 }, defaults, noDice());
    expect(result.after.adaptation.violence).toEqual({ boxes: 3, adapted: true });
    expect(types(result.events)).toEqual(["san-lost"]);
  });

  it("no box when the loss causes temporary insanity; the track is cleared by default", () => {
    const result = resolveSanLoss(
      protagonist({ adaptation: adaptation(2) }),
      { threat: "violence", loss: 5 },
      defaults,
      noDice(),
    );
    expect(result.after.adaptation.violence).toEqual({ boxes: 0, adapted: false });
    expect(types(result.events)).toEqual(["san-lost", "temporary-insanity", "adaptation-reset"]);
    expect(result.events[2]).toMatchObject({ boxes: { before: 2, after: 0 } });
  });

  it("no box when the loss reaches the breaking point; the track is cleared by default", () => {
    const result = resolveSanLoss(
      protagonist({ san: 42, adaptation: adaptation(0, 2) }),
      { threat: "helplessness", loss: 2 },
      defaults,
      noDice(),
    );
    expect(result.after.adaptation.helplessness).toEqual({ boxes: 0, adapted: false });
    expect(types(result.events)).toEqual(["san-lost", "breaking-point", "adaptation-reset"]);
  });

  it("only the threat's own track is cleared", () => {
    const result = resolveSanLoss(
      protagonist({ adaptation: adaptation(2, 2) }),
      { threat: "violence", loss: 7 },
      defaults,
      noDice(),
    );
    expect(result.after.adaptation).toEqual(adaptation(0, 2));
  });

  it("with adaptationResetOnInsanity off, insanity neither ticks nor clears", () => {
    const keep = withOptions({ adaptationResetOnInsanity: false });
    const result = resolveSanLoss(
      protagonist({ adaptation: adaptation(2) }),
      { threat: "violence", loss: 5 },
      keep,
      noDice(),
    );
    expect(result.after.adaptation.violence).toEqual({ boxes: 2, adapted: false });
    expect(types(result.events)).toEqual(["san-lost", "temporary-insanity"]);
  });

  it("no reset event when there were no boxes to clear", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "violence", loss: 5 },
      defaults,
      noDice(),
    );
    expect(types(result.events)).toEqual(["san-lost", "temporary-insanity"]);
  });
});

describe("resolveSanLoss: the cost of adapting", () => {
  it("Violence: 1D6 CHA and the same from every intact Bond, in order", () => {
    const before = protagonist({
      adaptation: adaptation(2),
      bonds: [sister(), guild(), guild({ id: "b3", name: "Old crew", crossedOff: true, score: 0 })],
    });
    const result = resolveSanLoss(
      before,
      { threat: "violence", loss: 1 },
      defaults,
      scriptedRng([4]),
    );
    expect(result.after.cha).toBe(8);
    expect(result.after.bonds.map((bond) => bond.score)).toEqual([8, 4, 0]);
    expect(types(result.events)).toEqual([
      "san-lost",
      "adaptation-box",
      "adapted",
      "cha-lowered",
      "bond-lowered",
      "bond-lowered",
    ]);
    expect(result.events[3]).toEqual({
      type: "cha-lowered",
      amount: 4,
      cha: { before: 12, after: 8 },
    });
    expect(result.events[4]).toMatchObject({
      type: "bond-lowered",
      bondId: "b1",
      cause: "adaptation",
      score: { before: 12, after: 8 },
    });
    expect(result.events[5]).toMatchObject({ bondId: "b2", score: { before: 8, after: 4 } });
  });

  it("Violence: a Bond taken to 0 breaks (crossed off, kept)", () => {
    const before = protagonist({
      adaptation: adaptation(2),
      bonds: [sister(), guild({ score: 3 })],
    });
    const result = resolveSanLoss(
      before,
      { threat: "violence", loss: 2 },
      defaults,
      scriptedRng([5]),
    );
    expect(result.after.bonds[1]).toEqual(guild({ score: 0, crossedOff: true }));
    expect(result.events.at(-1)).toMatchObject({
      type: "bond-broken",
      bondId: "b2",
      cause: "adaptation",
    });
  });

  it("Violence: CHA stops at 0 and individual Bonds stay at or under CHA", () => {
    const before = protagonist({
      cha: 3,
      adaptation: adaptation(2),
      bonds: [sister({ score: 3 }), guild({ score: 10 })],
    });
    const result = resolveSanLoss(
      before,
      { threat: "violence", loss: 1 },
      defaults,
      scriptedRng([2]),
    );
    expect(result.after.cha).toBe(1);
    expect(result.after.bonds.map((bond) => bond.score)).toEqual([1, 8]);

    const broke = resolveSanLoss(
      before,
      { threat: "violence", loss: 1 },
      defaults,
      scriptedRng([6]),
    );
    expect(broke.after.cha).toBe(0);
    expect(broke.after.bonds[0]).toMatchObject({ score: 0, crossedOff: true });
    expect(broke.after.bonds[1]).toMatchObject({ score: 4, crossedOff: false });
  });

  it("Helplessness: 1D6 POW, with WP max, current WP and Recovery SAN following", () => {
    const before = protagonist({ adaptation: adaptation(0, 2), wp: 9 });
    const result = resolveSanLoss(
      before,
      { threat: "helplessness", loss: 3 },
      defaults,
      scriptedRng([4]),
    );
    expect(result.after.pow).toBe(6);
    expect(result.after.wp).toBe(6);
    expect(result.after.adaptation.helplessness).toEqual({ boxes: 3, adapted: true });
    expect(result.events.at(-1)).toEqual({
      type: "pow-lowered",
      amount: 4,
      pow: { before: 10, after: 6 },
      wpMax: { before: 10, after: 6 },
      wp: { before: 9, after: 6 },
      recoverySan: { before: 50, after: 30 },
    });
    // Recovery SAN only limits mundane recovery: SAN above it stays.
    expect(result.after.san).toBe(47);
    expect(result.after.cha).toBe(12);
  });

  it("Helplessness: WP already under the new maximum stays", () => {
    const before = protagonist({ adaptation: adaptation(0, 2), wp: 3 });
    const result = resolveSanLoss(
      before,
      { threat: "helplessness", loss: 1 },
      defaults,
      scriptedRng([2]),
    );
    expect(result.after.wp).toBe(3);
    expect(result.after.pow).toBe(8);
  });
});
