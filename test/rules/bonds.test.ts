import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  addBond,
  applySharedAdversity,
  assertBondActive,
  bondStatus,
  damageBond,
  destroyBond,
  improveBond,
  lowerCha,
  maxBondScore,
  nextBondId,
  planSharedAdversity,
  sharedAdversityBondScore,
  type Fellow,
  type SharedAdversityState,
} from "../../src/rules/bonds.js";
import { RulesError } from "../../src/rules/errors.js";
import { percentileTest } from "../../src/rules/percentile.js";
import { scriptedRng, seededRng } from "../../src/rules/rng.js";
import type { Bond } from "../../src/rules/types.js";

function individual(id: string, score: number, extra: Partial<Bond> = {}): Bond {
  return { id, name: id, kind: "individual", score, crossedOff: false, ...extra };
}

function community(id: string, score: number, extra: Partial<Bond> = {}): Bond {
  return { id, name: id, kind: "community", score, crossedOff: false, ...extra };
}

/** Expect a RulesError with this code (and a non-empty, player-readable message). */
function expectRulesError(action: () => unknown, code: string): RulesError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    const rulesError = error as RulesError;
    expect(rulesError.code).toBe(code);
    expect(rulesError.message.length).toBeGreaterThan(10);
    return rulesError;
  }
  throw new Error(`expected RulesError ${code}, nothing was thrown`);
}

const FAILED = { success: false };

describe("bond status and caps", () => {
  it("tells active, broken (0, crossed off) and destroyed (crossed off with a score) apart", () => {
    expect(bondStatus(individual("a", 5))).toBe("active");
    expect(bondStatus(individual("a", 0, { crossedOff: true }))).toBe("broken");
    expect(bondStatus(individual("a", 7, { crossedOff: true }))).toBe("destroyed");
  });

  it("caps individual Bonds at CHA and community Bonds at 20", () => {
    expect(maxBondScore("individual", 13)).toBe(13);
    expect(maxBondScore("community", 13)).toBe(20);
  });

  it("refuses to use a broken or destroyed Bond (e.g. to project onto it)", () => {
    expect(() => {
      assertBondActive(individual("a", 3), "projected onto");
    }).not.toThrow();
    const broken = expectRulesError(() => {
      assertBondActive(individual("Wife", 0, { crossedOff: true }), "projected onto");
    }, "bond-broken");
    expect(broken.message).toContain("cannot be projected onto");
    expectRulesError(() => {
      assertBondActive(individual("Wife", 4, { crossedOff: true }), "projected onto");
    }, "bond-destroyed");
  });
});

describe("damageBond", () => {
  it("reduces by a given amount and reports the change", () => {
    const bond = individual("Wife", 10);
    const result = damageBond(bond, 3);
    expect(result.bond.score).toBe(7);
    expect(result.bond.crossedOff).toBe(false);
    expect(result.amount).toBe(3);
    expect(result.rolled).toBeUndefined();
    expect(result.change).toMatchObject({ bondId: "Wife", before: 10, after: 7, broke: false });
    expect(bond.score).toBe(10); // input untouched
  });

  it("rolls 1D4 when the harm is 1D4", () => {
    const rng = scriptedRng([3]);
    const result = damageBond(community("Guild", 9), "1D4", rng);
    expect(result.rolled).toBe(3);
    expect(result.bond.score).toBe(6);
    expect(result.change.reason).toContain("1D4 = 3");
    expect(rng.remaining()).toBe(0);
  });

  it("breaks the Bond at exactly 0: score 0, crossed off, kept", () => {
    const result = damageBond(individual("Son", 4), "1D4", scriptedRng([4]));
    expect(result.bond).toMatchObject({ id: "Son", score: 0, crossedOff: true });
    expect(result.change.broke).toBe(true);
    expect(bondStatus(result.bond)).toBe("broken");
  });

  it("breaks the Bond below 0 and records it at 0", () => {
    const result = damageBond(individual("Son", 2), 5);
    expect(result.bond.score).toBe(0);
    expect(result.bond.crossedOff).toBe(true);
    expect(result.change).toMatchObject({ before: 2, after: 0, broke: true });
  });

  it("leaves a 1-point Bond alive after 0 damage", () => {
    expect(damageBond(individual("Son", 1), 0).bond).toMatchObject({ score: 1, crossedOff: false });
  });

  it("refuses broken and destroyed Bonds, bad amounts, and 1D4 without dice", () => {
    expectRulesError(() => damageBond(individual("a", 0, { crossedOff: true }), 1), "bond-broken");
    expectRulesError(
      () => damageBond(individual("a", 5, { crossedOff: true }), 1),
      "bond-destroyed",
    );
    expectRulesError(() => damageBond(individual("a", 5), -1), "invalid-bond-damage");
    expectRulesError(() => damageBond(individual("a", 5), 1.5), "invalid-bond-damage");
    expectRulesError(() => damageBond(individual("a", 5), "1D4"), "dice-unavailable");
  });

  it("never leaves a negative score, and crosses off exactly when it reaches 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 30 }), (s, dmg) => {
        const result = damageBond(individual("a", s), dmg);
        expect(result.bond.score).toBe(Math.max(0, s - dmg));
        expect(result.bond.crossedOff).toBe(s - dmg <= 0);
      }),
    );
  });
});

describe("destroyBond", () => {
  it("crosses the Bond off and keeps its score on the sheet", () => {
    const result = destroyBond(individual("Brother", 8), "he died");
    expect(result.bond).toMatchObject({ score: 8, crossedOff: true });
    expect(bondStatus(result.bond)).toBe("destroyed");
    expect(result.reason).toContain("he died");
  });

  it("cannot destroy a Bond twice, nor damage or improve a destroyed one", () => {
    const gone = destroyBond(individual("Brother", 8)).bond;
    expectRulesError(() => destroyBond(gone), "bond-destroyed");
    expectRulesError(() => damageBond(gone, 1), "bond-destroyed");
    expectRulesError(() => improveBond(gone, 1, 12), "bond-destroyed");
  });
});

describe("improveBond", () => {
  it("raises an individual Bond up to CHA and says when the cap cut the gain", () => {
    const uncapped = improveBond(individual("Wife", 8), 3, 12);
    expect(uncapped).toMatchObject({ requested: 3, gained: 3, capped: false });
    expect(uncapped.bond.score).toBe(11);

    const exact = improveBond(individual("Wife", 8), 4, 12);
    expect(exact).toMatchObject({ gained: 4, capped: false });
    expect(exact.bond.score).toBe(12);

    const capped = improveBond(individual("Wife", 10), 5, 12);
    expect(capped).toMatchObject({ requested: 5, gained: 2, capped: true });
    expect(capped.bond.score).toBe(12);
    expect(capped.change.reason).toContain("capped at CHA 12");
  });

  it("caps community Bonds at 20, whatever CHA", () => {
    const result = improveBond(community("Church", 18), 5, 9);
    expect(result.bond.score).toBe(20);
    expect(result).toMatchObject({ gained: 2, capped: true });
  });

  it("gains nothing (capped) when already at the cap", () => {
    const result = improveBond(individual("Wife", 12), 2, 12);
    expect(result).toMatchObject({ gained: 0, capped: true });
  });

  it("never lowers a Bond that is somehow above its cap", () => {
    expect(improveBond(individual("Wife", 14), 1, 12).bond.score).toBe(14);
  });

  it("refuses broken Bonds and amounts below 1", () => {
    expectRulesError(
      () => improveBond(individual("a", 0, { crossedOff: true }), 2, 10),
      "bond-broken",
    );
    expectRulesError(() => improveBond(individual("a", 4), 0, 10), "invalid-bond-improvement");
    expectRulesError(() => improveBond(individual("a", 4), 1, -1), "invalid-cha");
  });
});

describe("lowerCha", () => {
  it("drops every active individual Bond by the CHA loss; community and crossed-off Bonds stay", () => {
    const bonds = [
      individual("Wife", 12),
      individual("Friend", 6),
      community("Church", 9),
      individual("Ex", 0, { crossedOff: true }),
      individual("Dead uncle", 7, { crossedOff: true }),
    ];
    const result = lowerCha(bonds, 9, 12);
    expect(result.drop).toBe(3);
    expect(result.bonds.map((bond) => bond.score)).toEqual([9, 3, 9, 0, 7]);
    expect(result.changes.map((change) => change.bondId)).toEqual(["Wife", "Friend"]);
    expect(bonds[0]?.score).toBe(12); // input untouched
  });

  it("breaks individual Bonds that reach 0", () => {
    const result = lowerCha([individual("Friend", 2)], 8, 11);
    expect(result.bonds[0]).toMatchObject({ score: 0, crossedOff: true });
    expect(result.changes[0]?.broke).toBe(true);
  });

  it("changes nothing when CHA stays the same, and refuses a rise", () => {
    const result = lowerCha([individual("Wife", 10)], 10, 10);
    expect(result.changes).toEqual([]);
    expect(result.bonds[0]?.score).toBe(10);
    expectRulesError(() => lowerCha([individual("Wife", 10)], 11, 10), "cha-not-lowered");
  });

  it("keeps every active individual Bond at or below the new CHA", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        fc.array(fc.integer({ min: 1, max: 18 }), { maxLength: 6 }),
        (oldCha, drop, raw) => {
          const newCha = Math.max(0, oldCha - drop);
          const bonds = raw.map((s, i) => individual(`b${i}`, Math.min(s, oldCha)));
          const result = lowerCha(bonds, newCha, oldCha);
          for (const [i, bond] of result.bonds.entries()) {
            expect(bond.score).toBeLessThanOrEqual(newCha);
            expect(bond.score).toBe(Math.max(0, (bonds[i]?.score ?? 0) - (oldCha - newCha)));
            expect(bond.crossedOff).toBe(bond.score === 0);
          }
        },
      ),
    );
  });
});

describe("addBond", () => {
  it("starts an individual Bond at CHA by default", () => {
    const result = addBond([], { name: "  My wife ", kind: "individual" }, 11);
    expect(result.bond).toEqual({
      id: "bond-1",
      name: "My wife",
      kind: "individual",
      score: 11,
      crossedOff: false,
    });
    expect(result.bonds).toEqual([result.bond]);
  });

  it("accepts an individual starting score from 1 to CHA and no more", () => {
    expect(addBond([], { name: "A", kind: "individual", score: 1 }, 11).bond.score).toBe(1);
    expect(addBond([], { name: "A", kind: "individual", score: 11 }, 11).bond.score).toBe(11);
    expectRulesError(
      () => addBond([], { name: "A", kind: "individual", score: 12 }, 11),
      "invalid-bond-score",
    );
    expectRulesError(
      () => addBond([], { name: "A", kind: "individual", score: 0 }, 11),
      "invalid-bond-score",
    );
  });

  it("needs a community score from 1 to 20", () => {
    expect(addBond([], { name: "Guild", kind: "community", score: 1 }, 5).bond.score).toBe(1);
    expect(addBond([], { name: "Guild", kind: "community", score: 20 }, 5).bond.score).toBe(20);
    expectRulesError(
      () => addBond([], { name: "Guild", kind: "community" }, 5),
      "bond-score-missing",
    );
    expectRulesError(
      () => addBond([], { name: "Guild", kind: "community", score: 0 }, 5),
      "invalid-bond-score",
    );
    expectRulesError(
      () => addBond([], { name: "Guild", kind: "community", score: 21 }, 5),
      "invalid-bond-score",
    );
  });

  it("refuses empty names, unknown kinds, taken ids and duplicate active Bonds", () => {
    expectRulesError(() => addBond([], { name: "   ", kind: "individual" }, 10), "bond-name-empty");
    expectRulesError(
      () => addBond([], { name: "X", kind: "family" as unknown as "individual" }, 10),
      "invalid-bond-kind",
    );
    const bonds = [individual("Wife", 10, { id: "w" })];
    expectRulesError(
      () => addBond(bonds, { id: "w", name: "Son", kind: "individual" }, 10),
      "bond-id-taken",
    );
    expectRulesError(
      () => addBond(bonds, { id: "  ", name: "Son", kind: "individual" }, 10),
      "bond-id-empty",
    );
    expectRulesError(() => addBond(bonds, { name: "wife", kind: "individual" }, 10), "bond-exists");
  });

  it("lets a broken Bond be rebuilt from scratch under the same name", () => {
    const bonds = [individual("Wife", 0, { crossedOff: true })];
    const result = addBond(bonds, { name: "Wife", kind: "individual", score: 3 }, 10);
    expect(result.bonds).toHaveLength(2);
    expect(result.bonds[0]?.crossedOff).toBe(true);
    expect(result.bond).toMatchObject({ name: "Wife", score: 3, crossedOff: false });
  });

  it("links fellow Protagonists only through individual Bonds, one active Bond each", () => {
    const linked = addBond([], { name: "Ann", kind: "individual", fellowId: "p1" }, 10);
    expect(linked.bond.fellowId).toBe("p1");
    expectRulesError(
      () => addBond(linked.bonds, { name: "Annie", kind: "individual", fellowId: "p1" }, 10),
      "bond-exists",
    );
    expectRulesError(
      () => addBond([], { name: "Ann", kind: "community", score: 5, fellowId: "p1" }, 10),
      "invalid-bond-kind",
    );
  });

  it("refuses an individual Bond at CHA 0 and a bad CHA", () => {
    expectRulesError(() => addBond([], { name: "A", kind: "individual" }, 0), "cha-too-low");
    expectRulesError(() => addBond([], { name: "A", kind: "individual" }, 2.5), "invalid-cha");
  });

  it("generates ids that never clash with kept Bonds", () => {
    expect(nextBondId([individual("x", 1, { id: "bond-2" })])).toBe("bond-3");
    expect(
      nextBondId([individual("x", 1, { id: "a" }), individual("y", 1, { id: "bond-3" })]),
    ).toBe("bond-4");
  });
});

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
    expect(plan.reason).toContain("succeeded");
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
      expect(result.reason).toContain("Wife");

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
