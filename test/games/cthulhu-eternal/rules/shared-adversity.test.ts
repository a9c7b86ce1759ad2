/** Shared adversity (seed 000): who is chosen, and what their Bonds gain. */
import {
  sharedAdversityPlanText,
  sharedAdversityResultText,
} from "../../../../src/games/cthulhu-eternal/presentation/bond-reasons.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentileTest } from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng, seededRng } from "../../../../src/core/rng.js";
import {
  planSharedAdversity,
  sharedAdversityBondScore,
  type Fellow,
  type SharedAdversityState,
} from "../../../../src/games/cthulhu-eternal/rules/shared-adversity.js";
import { applySharedAdversity } from "../../../../src/games/cthulhu-eternal/rules/shared-adversity-apply.js";
import type { Bond } from "../../../../src/games/cthulhu-eternal/rules/types.js";
import { community, expectRulesError, FAILED, individual } from "./fixtures.js";

describe("shared adversity (seed 000)", () => {
  const ann: Fellow = { id: "p-ann", name: "Ann" };
  const bob: Fellow = { id: "p-bob", name: "Bob" };

  function state(bonds: Bond[], extra: Partial<SharedAdversityState> = {}): SharedAdversityState {
    return { cha: 11, bonds, sanTest: FAILED, ...extra };
  }

  it("starts new Bonds at half CHA, rounded up", () => {
    expect([1, 2, 3, 10, 11, 18].map(sharedAdversityBondScore)).toEqual([1, 1, 2, 5, 6, 9]);
  });

  it("changes nothing when the SAN test succeeded, and rolls no dice", () => {
    const passed = state([individual("Wife", 11)], { sanTest: { success: true } });
    const plan = planSharedAdversity(passed, [ann]);
    expect(plan).toMatchObject({ applies: false, steps: [] });
    expect(plan.reason).toEqual({ code: "san-test-succeeded" });
    expect(sharedAdversityPlanText(plan.reason)).toBe(
      "The SAN test succeeded: shared adversity changes nothing.",
    );
    const rng = scriptedRng([]);
    const result = applySharedAdversity(passed, [ann], {}, rng);
    expect(result.status).toBe("no-change");
    expect(result.bonds).toEqual(passed.bonds);
    expectRulesError(
      () => applySharedAdversity(passed, [ann], { [ann.id]: "Wife" }, rng),
      "unexpected-choice",
    );
  });

  it("accepts a percentileTest result as the SAN test", () => {
    // 9 then 5 on the d10s: 95 against SAN 40 fails.
    const sanTest = percentileTest({ rating: 40 }, scriptedRng([9, 5]));
    expect(sanTest.success).toBe(false);
    const plan = planSharedAdversity({ cha: 10, bonds: [], sanTest }, [ann]);
    expect(plan.applies).toBe(true);
  });

  it("does nothing without fellows", () => {
    const plan = planSharedAdversity(state([]), []);
    expect(plan.applies).toBe(false);
    expect(applySharedAdversity(state([]), [], {}, scriptedRng([])).status).toBe("no-change");
  });

  it("plans a new Bond with its 1D4 cost and lists the Bonds that may pay", () => {
    const bonds = [individual("Wife", 11), community("Church", 8)];
    const plan = planSharedAdversity(state(bonds), [ann]);
    expect(plan.applies).toBe(true);
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0]).toMatchObject({
      fellow: ann,
      kind: "new-bond",
      newBondScore: 6,
      cost: "1D4",
      choiceRequired: true,
    });
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Wife", "Church"]);
  });

  it("forges a new individual Bond at half CHA and takes 1D4 from the chosen Bond", () => {
    const bonds = [individual("Wife", 11), community("Church", 8)];
    const rng = scriptedRng([3]);
    const result = applySharedAdversity(state(bonds), [ann], { [ann.id]: "Church" }, rng);
    expect(result.status).toBe("complete");
    expect(rng.remaining()).toBe(0);
    const [step] = result.steps;
    expect(step?.kind).toBe("new-bond");
    expect(step?.fellowBond).toEqual({
      id: "bond-3",
      name: "Ann",
      kind: "individual",
      score: 6,
      crossedOff: false,
      fellowId: ann.id,
    });
    expect(step?.fellowChange).toMatchObject({ before: 0, after: 6 });
    expect(step?.costRoll).toBe(3);
    expect(step?.weakened).toMatchObject({ bondId: "Church", before: 8, after: 5, broke: false });
    expect(result.bonds.map((bond) => [bond.id, bond.score])).toEqual([
      ["Wife", 11],
      ["Church", 5],
      ["bond-3", 6],
    ]);
    expect(bonds[1]?.score).toBe(8); // input untouched
  });

  it("strengthens an existing Bond by 1D4 and takes exactly 1 from the chosen Bond", () => {
    const bonds = [individual("Ann", 5, { fellowId: ann.id }), individual("Wife", 9)];
    const rng = scriptedRng([4]);
    const result = applySharedAdversity(state(bonds), [ann], { [ann.id]: "Wife" }, rng);
    const [step] = result.steps;
    expect(step?.kind).toBe("strengthen");
    expect(step?.strengthenRoll).toBe(4);
    expect(step?.costRoll).toBeUndefined();
    expect(step?.fellowChange).toMatchObject({ before: 5, after: 9 });
    expect(step?.weakened).toMatchObject({ bondId: "Wife", before: 9, after: 8 });
    expect(rng.remaining()).toBe(0);
  });

  it("caps the strengthened Bond at CHA", () => {
    const bonds = [individual("Ann", 9, { fellowId: ann.id }), individual("Wife", 9)];
    const result = applySharedAdversity(
      state(bonds),
      [ann],
      { [ann.id]: "Wife" },
      scriptedRng([4]),
    );
    expect(result.steps[0]?.fellowChange).toMatchObject({ before: 9, after: 11 });
  });

  it("still costs 1 when the existing Bond is already at CHA (no die rolled)", () => {
    const bonds = [individual("Ann", 11, { fellowId: ann.id }), community("Church", 4)];
    const rng = scriptedRng([]);
    const result = applySharedAdversity(state(bonds), [ann], { [ann.id]: "Church" }, rng);
    const [step] = result.steps;
    expect(step?.strengthenRoll).toBeUndefined();
    expect(step?.fellowChange).toMatchObject({ before: 11, after: 11 });
    expect(step?.weakened).toMatchObject({ bondId: "Church", before: 4, after: 3 });
  });

  it("treats a broken Bond with the fellow as no Bond: a new one is built from scratch", () => {
    const bonds = [
      individual("Ann", 0, { crossedOff: true, fellowId: ann.id }),
      individual("Wife", 11),
    ];
    const plan = planSharedAdversity(state(bonds), [ann]);
    expect(plan.steps[0]?.kind).toBe("new-bond");
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Wife"]);
    const result = applySharedAdversity(
      state(bonds),
      [ann],
      { [ann.id]: "Wife" },
      scriptedRng([1]),
    );
    expect(result.bonds).toHaveLength(3);
    expect(result.bonds[0]).toMatchObject({ crossedOff: true, score: 0 });
    expect(result.steps[0]?.fellowBond).toMatchObject({ name: "Ann", score: 6, fellowId: ann.id });
  });

  it("takes an unlinked individual Bond with the fellow's name to be that fellow", () => {
    const bonds = [individual("ann", 4), individual("Wife", 11)];
    const plan = planSharedAdversity(state(bonds), [ann]);
    expect(plan.steps[0]).toMatchObject({ kind: "strengthen", existingBond: { id: "ann" } });
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Wife"]);
  });

  describe("choosing the Bond to weaken", () => {
    const bonds = [
      individual("Ann", 6, { fellowId: ann.id }),
      individual("Bob", 6, { fellowId: bob.id }),
      individual("Carl", 5, { fellowId: "p-carl" }), // earlier shared adversity, not on this adventure
      individual("Dead Dora", 7, { fellowId: "p-dora" }), // was on the adventure, died
      individual("Ex", 0, { crossedOff: true }),
      community("Church", 10),
    ];
    const withDora = state(bonds, { bondsToOthersOnAdventure: ["Dead Dora"] });

    it("offers only active Bonds to people who were not on the adventure", () => {
      const plan = planSharedAdversity(withDora, [ann, bob]);
      for (const step of plan.steps) {
        expect(step.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Carl", "Church"]);
      }
    });

    it("refuses a Bond to a fellow survivor", () => {
      expectRulesError(
        () =>
          applySharedAdversity(
            withDora,
            [ann, bob],
            { [ann.id]: "Bob", [bob.id]: "Church" },
            scriptedRng([1, 1]),
          ),
        "ineligible-choice",
      );
    });

    it("refuses a Bond to someone else who was on the adventure", () => {
      expectRulesError(
        () => applySharedAdversity(withDora, [ann], { [ann.id]: "Dead Dora" }, scriptedRng([1])),
        "ineligible-choice",
      );
    });

    it("refuses a crossed-off Bond and an unknown one", () => {
      expectRulesError(
        () => applySharedAdversity(withDora, [ann], { [ann.id]: "Ex" }, scriptedRng([1])),
        "ineligible-choice",
      );
      expectRulesError(
        () => applySharedAdversity(withDora, [ann], { [ann.id]: "nobody" }, scriptedRng([1])),
        "ineligible-choice",
      );
    });

    it("allows an earlier shared-adversity Bond to someone not on this adventure", () => {
      const rng = scriptedRng([2, 3]);
      const result = applySharedAdversity(
        withDora,
        [ann, bob],
        { [ann.id]: "Carl", [bob.id]: "Church" },
        rng,
      );
      expect(result.status).toBe("complete");
      expect(result.steps.map((step) => step.weakened?.bondId)).toEqual(["Carl", "Church"]);
      expect(result.bonds.find((bond) => bond.id === "Carl")?.score).toBe(4);
      expect(result.bonds.find((bond) => bond.id === "Church")?.score).toBe(9);
      expect(result.steps.map((step) => step.strengthenRoll)).toEqual([2, 3]);
    });

    it("needs a choice for every fellow and none for strangers", () => {
      expectRulesError(
        () => applySharedAdversity(withDora, [ann, bob], { [ann.id]: "Carl" }, scriptedRng([1, 1])),
        "choice-missing",
      );
      expectRulesError(
        () =>
          applySharedAdversity(
            withDora,
            [ann],
            { [ann.id]: "Carl", "p-zed": "Church" },
            scriptedRng([1]),
          ),
        "unexpected-choice",
      );
    });

    it("checks every choice before rolling a single die", () => {
      const rng = scriptedRng([1, 1]);
      expectRulesError(
        () =>
          applySharedAdversity(withDora, [ann, bob], { [ann.id]: "Carl", [bob.id]: "Ann" }, rng),
        "ineligible-choice",
      );
      expect(rng.remaining()).toBe(2);
    });
  });

  it("allows at most five fellows", () => {
    const fellows = ["a", "b", "c", "d", "e", "f"].map((id) => ({ id, name: id.toUpperCase() }));
    const five = fellows.slice(0, 5);
    const plan = planSharedAdversity(state([community("Church", 20)]), five);
    expect(plan.steps).toHaveLength(5);
    const choices = Object.fromEntries(five.map((fellow) => [fellow.id, "Church"]));
    const result = applySharedAdversity(
      state([community("Church", 20)]),
      five,
      choices,
      scriptedRng([1, 1, 1, 1, 1]),
    );
    expect(result.status).toBe("complete");
    expect(result.bonds.find((bond) => bond.id === "Church")?.score).toBe(15);
    expect(result.bonds.filter((bond) => bond.fellowId !== undefined)).toHaveLength(5);
    expectRulesError(() => planSharedAdversity(state([]), fellows), "too-many-fellows");
    expectRulesError(
      () => applySharedAdversity(state([]), fellows, {}, scriptedRng([])),
      "too-many-fellows",
    );
  });

  it("refuses a fellow listed twice or without a name", () => {
    expectRulesError(() => planSharedAdversity(state([]), [ann, ann]), "duplicate-fellow");
    expectRulesError(
      () => planSharedAdversity(state([]), [{ id: "x", name: " " }]),
      "invalid-fellow",
    );
  });

  it("refuses to forge a new Bond at CHA 0", () => {
    expectRulesError(() => planSharedAdversity(state([], { cha: 0 }), [ann]), "cha-too-low");
  });

  it("breaks the weakened Bond when it reaches 0 or less", () => {
    const bonds = [individual("Wife", 2), community("Church", 9)];
    const result = applySharedAdversity(
      state(bonds),
      [ann],
      { [ann.id]: "Wife" },
      scriptedRng([4]),
    );
    expect(result.steps[0]?.weakened).toMatchObject({ before: 2, after: 0, broke: true });
    expect(result.bonds.find((bond) => bond.id === "Wife")).toMatchObject({
      score: 0,
      crossedOff: true,
    });
  });

  it("breaks a 1-point Bond with the strengthening cost of 1", () => {
    const bonds = [individual("Ann", 11, { fellowId: ann.id }), individual("Wife", 1)];
    const result = applySharedAdversity(state(bonds), [ann], { [ann.id]: "Wife" }, scriptedRng([]));
    expect(result.steps[0]?.weakened).toMatchObject({ before: 1, after: 0, broke: true });
  });

  it("skips the cost when there is no other Bond to weaken", () => {
    const plan = planSharedAdversity(state([]), [ann]);
    expect(plan.steps[0]).toMatchObject({ choiceRequired: false, eligibleToWeaken: [] });
    const rng = scriptedRng([]);
    const result = applySharedAdversity(state([]), [ann], {}, rng);
    expect(result.status).toBe("complete");
    expect(result.steps[0]?.weakened).toBeUndefined();
    expect(result.bonds).toHaveLength(1);
    expectRulesError(
      () => applySharedAdversity(state([]), [ann], { [ann.id]: "x" }, scriptedRng([])),
      "unexpected-choice",
    );
  });

  it("does not let a fellow's new Bond pay for the next fellow", () => {
    const plan = planSharedAdversity(state([community("Church", 10)]), [ann, bob]);
    expect(plan.steps[1]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Church"]);
  });

  describe("a chosen Bond broken earlier in the same procedure", () => {
    const bonds = [individual("Wife", 2), community("Church", 10)];
    const choices = { [ann.id]: "Wife", [bob.id]: "Wife" };

    it("pauses for a new choice, keeping the finished steps and their dice", () => {
      const rng = scriptedRng([3]);
      const result = applySharedAdversity(state(bonds), [ann, bob], choices, rng);
      expect(result.status).toBe("needs-choice");
      expect(rng.remaining()).toBe(0);
      expect(result.steps).toHaveLength(1);
      expect(result.pendingFellows).toEqual([bob]);
      expect(result.bonds.find((bond) => bond.id === "Wife")?.crossedOff).toBe(true);
      expect(result.reason).toEqual({ code: "broke-earlier", broken: "Wife", pending: [bob.name] });
      expect(sharedAdversityResultText(result.reason)).toBe(
        `“Wife” broke earlier in this procedure and cannot be weakened again: choose another Bond for ${bob.name}.`,
      );

      const resume = result.resumeState;
      if (resume === undefined) throw new Error("a paused procedure gives its resume state");
      // Ann's new Bond stays out of reach: she was on the adventure too.
      const plan = planSharedAdversity(resume, result.pendingFellows);
      expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Church"]);
      const resumed = applySharedAdversity(
        resume,
        result.pendingFellows,
        { [bob.id]: "Church" },
        scriptedRng([2]),
      );
      expect(resumed.status).toBe("complete");
      expect(resumed.bonds.map((bond) => [bond.name, bond.score])).toEqual([
        ["Wife", 0],
        ["Church", 8],
        ["Ann", 6],
        ["Bob", 6],
      ]);
    });

    it("skips the cost when the broken Bond was the only one left", () => {
      const onlyWife = [individual("Wife", 2)];
      const result = applySharedAdversity(state(onlyWife), [ann, bob], choices, scriptedRng([4]));
      expect(result.status).toBe("complete");
      expect(result.steps[1]?.weakened).toBeUndefined();
      expect(result.bonds).toHaveLength(3);
    });
  });

  it("keeps every score within its limits and reports every die (random runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer(),
        (cha, count, seed) => {
          const fellows = Array.from({ length: count }, (_, i) => ({ id: `f${i}`, name: `F${i}` }));
          const bonds = [
            individual("Old", Math.max(1, cha - 1)),
            community("Town", 20), // 5 × 1D4 can take it to 0 only on the last step
            individual("F0", Math.ceil(cha / 3), { fellowId: "f0" }),
          ];
          const s = state(bonds, { cha });
          const plan = planSharedAdversity(s, fellows);
          const choices = Object.fromEntries(plan.steps.map((step) => [step.fellow.id, "Town"]));
          const result = applySharedAdversity(s, fellows, choices, seededRng(seed));
          expect(result.status).toBe("complete");
          for (const bond of result.bonds) {
            expect(bond.score).toBeGreaterThanOrEqual(0);
            expect(bond.score).toBeLessThanOrEqual(bond.kind === "individual" ? cha : 20);
          }
          const town = result.bonds.find((bond) => bond.id === "Town")?.score;
          const paid = result.steps.reduce(
            (sum, step) => sum + (step.costRoll ?? (step.weakened ? 1 : 0)),
            0,
          );
          expect(town).toBe(20 - paid);
        },
      ),
    );
  });
});
