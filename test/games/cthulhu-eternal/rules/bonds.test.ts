import {
  bondChangeText,
  bondDestroyText,
} from "../../../../src/games/cthulhu-eternal/presentation/bond-reasons.js";
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  addBond,
  assertBondActive,
  bondStatus,
  damageBond,
  destroyBond,
  eraseBond,
  improveBond,
  lowerCha,
  maxBondScore,
  nextBondId,
  sameSubject,
} from "../../../../src/games/cthulhu-eternal/rules/bonds.js";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { community, expectRulesError, individual } from "./fixtures.js";

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
      assertBondActive(individual("a", 3), "project");
    }).not.toThrow();
    const broken = expectRulesError(() => {
      assertBondActive(individual("Wife", 0, { crossedOff: true }), "project");
    }, "bond-broken");
    expect(rulesErrorText(broken)).toContain("cannot be projected onto");
    expectRulesError(() => {
      assertBondActive(individual("Wife", 4, { crossedOff: true }), "project");
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
    expect(result.change.reason).toEqual({
      code: "damaged",
      cause: { code: "harm" },
      amount: 3,
      rolled: 3,
    });
    expect(bondChangeText(result.change)).toBe("harm to the Bond's subject: −1D4 = 3, 9 → 6");
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
    expect(result.reason).toEqual({ code: "destroyed", bond: "Brother", why: "he died" });
    expect(bondDestroyText(result.reason)).toBe(
      "The Bond “Brother” is destroyed (he died) and crossed off; it stays on the sheet.",
    );
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
    expect(capped.change.reason).toMatchObject({ cap: { kind: "individual", score: 12 } });
    expect(bondChangeText(capped.change)).toBe("cultivated: +5, 10 → 12 (capped at CHA 12)");
    expect(bondChangeText(uncapped.change)).toBe("cultivated: +3, 8 → 11");
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

describe("room on the sheet", () => {
  const crossed = (count: number) =>
    Array.from({ length: count }, (_, i) => individual(`old-${i}`, 0, { crossedOff: true }));

  it("adds Bonds up to the sheet's limit, crossed-off ones counted, then refuses", () => {
    const almost = crossed(SHEET_LIMITS.bonds - 1);
    expect(addBond(almost, { name: "Tom", kind: "individual" }, 11).bonds).toHaveLength(
      SHEET_LIMITS.bonds,
    );
    const error = expectRulesError(
      () => addBond(crossed(SHEET_LIMITS.bonds), { name: "Tom", kind: "individual" }, 11),
      "sheet-full",
    );
    expect(rulesErrorText(error)).toBe(
      `A sheet holds at most ${SHEET_LIMITS.bonds} Bonds and this one has ${SHEET_LIMITS.bonds}, so there is no room for another Bond: broken and destroyed ones stay on it. A GM can erase a crossed-off Bond (\`/bond erase\`) to make room.`,
    );
  });

  it("erases only a crossed-off Bond", () => {
    const bonds = [individual("Wife", 10), individual("Ex", 0, { crossedOff: true })];
    expect(eraseBond(bonds, "Ex")).toEqual([bonds[0]]);
    expect(bonds).toHaveLength(2);
    expectRulesError(() => eraseBond(bonds, "Wife"), "bond-active");
    expectRulesError(() => eraseBond(bonds, "nobody"), "bond-not-found");
  });

  it("treats names that differ only in letter case and spaces as the same subject", () => {
    expect(sameSubject("Mary  Ann", " mary ann")).toBe(true);
    expect(sameSubject("Mary Ann", "Mary Anne")).toBe(false);
    expectRulesError(
      () => addBond([individual("Mary Ann", 5)], { name: "MARY   ANN", kind: "individual" }, 11),
      "bond-exists",
    );
  });
});
