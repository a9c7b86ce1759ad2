/** Shared adversity at its edges: more than five fellows, Bonds to someone on the adventure, a full sheet. */
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../src/core/rng.js";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import {
  chooseFellows,
  mustChooseFellows,
  planSharedAdversity,
  type Fellow,
} from "../../../../src/games/cthulhu-eternal/rules/shared-adversity.js";
import { applySharedAdversity } from "../../../../src/games/cthulhu-eternal/rules/shared-adversity-apply.js";
import { community, expectRulesError, FAILED, individual } from "./fixtures.js";

describe("shared adversity with more than five fellows", () => {
  const six = ["a", "b", "c", "d", "e", "f"].map((id) => ({ id, name: id.toUpperCase() }));

  it("takes every fellow when there are five or fewer", () => {
    expect(mustChooseFellows(six.slice(0, 5))).toBe(false);
    expect(chooseFellows(six.slice(0, 5))).toEqual({ chosen: six.slice(0, 5), others: [] });
  });

  it("has the player choose exactly five, the rest counting as others on the adventure", () => {
    expect(mustChooseFellows(six)).toBe(true);
    expectRulesError(() => chooseFellows(six), "fellows-not-chosen");
    expectRulesError(() => chooseFellows(six, ["a", "b", "c", "d"]), "fellows-not-chosen");
    expectRulesError(() => chooseFellows(six, ["a", "b", "c", "d", "z"]), "invalid-fellow-choice");
    expectRulesError(() => chooseFellows(six, ["a", "a", "b", "c", "d"]), "invalid-fellow-choice");
    const { chosen, others } = chooseFellows(six, ["f", "b", "c", "d", "e"]);
    expect(chosen.map((fellow) => fellow.id)).toEqual(["b", "c", "d", "e", "f"]);
    expect(others).toEqual([{ id: "a", name: "A" }]);
  });

  it("keeps Bonds to the fellow left out from paying for the five", () => {
    const { chosen, others } = chooseFellows(six, ["b", "c", "d", "e", "f"]);
    const bonds = [individual("Old friend A", 6, { fellowId: "a" }), community("Church", 20)];
    const plan = planSharedAdversity(
      { cha: 12, bonds, sanTest: FAILED, othersOnAdventure: others },
      chosen,
    );
    expect(plan.steps).toHaveLength(5);
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Church"]);
  });
});

describe("Bonds to someone on the adventure", () => {
  const ann: Fellow = { id: "p-ann", name: "Ann Quill" };

  it("recognises a fellow's Bond by name, whatever the letter case and spaces", () => {
    const bonds = [individual("x", 4, { name: "  ann   QUILL " }), community("Church", 9)];
    const plan = planSharedAdversity({ cha: 11, bonds, sanTest: FAILED }, [ann]);
    expect(plan.steps[0]).toMatchObject({ kind: "strengthen", existingBond: { id: "x" } });
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Church"]);
  });

  it("refuses a Bond to an NPC the GM named, matched by name; community Bonds stay eligible", () => {
    const bonds = [
      individual("tom", 8, { name: "tom  hollis" }),
      individual("dora", 7, { name: "Dora", fellowId: "p-dora" }), // a fellow who died there
      individual("mum", 9, { name: "Mum" }),
      community("hollis", 10, { name: "Tom Hollis" }),
    ];
    const state = {
      cha: 11,
      bonds,
      sanTest: FAILED,
      othersOnAdventure: [{ name: "Tom Hollis" }, { id: "p-dora", name: "Dora Finch" }],
    };
    const plan = planSharedAdversity(state, [ann]);
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["mum", "hollis"]);
    expectRulesError(
      () => applySharedAdversity(state, [ann], { [ann.id]: "tom" }, scriptedRng([1])),
      "ineligible-choice",
    );
  });

  it("keeps those others out when a broken choice pauses the procedure", () => {
    const bob: Fellow = { id: "p-bob", name: "Bob" };
    const bonds = [individual("Wife", 2), individual("Tom", 5), community("Church", 10)];
    const state = { cha: 11, bonds, sanTest: FAILED, othersOnAdventure: [{ name: "tom" }] };
    const result = applySharedAdversity(
      state,
      [ann, bob],
      { [ann.id]: "Wife", [bob.id]: "Wife" },
      scriptedRng([3]),
    );
    expect(result.status).toBe("needs-choice");
    const resume = result.resumeState;
    if (resume === undefined) throw new Error("a paused procedure gives its resume state");
    const plan = planSharedAdversity(resume, result.pendingFellows);
    expect(plan.steps[0]?.eligibleToWeaken.map((bond) => bond.id)).toEqual(["Church"]);
  });
});

describe("shared adversity on a full sheet", () => {
  const ann: Fellow = { id: "p-ann", name: "Ann" };
  const full = Array.from({ length: SHEET_LIMITS.bonds }, (_, i) =>
    individual(`old-${i}`, 0, { crossedOff: true }),
  );

  it("refuses to forge a Bond the sheet has no room for, saying the limit", () => {
    const error = expectRulesError(
      () => planSharedAdversity({ cha: 11, bonds: full, sanTest: FAILED }, [ann]),
      "sheet-full",
    );
    expect(rulesErrorText(error)).toContain(`at most ${SHEET_LIMITS.bonds} Bonds`);
    expect(rulesErrorText(error)).toContain("/bond erase");
  });

  it("still deepens a Bond that is already there", () => {
    const bonds = [...full.slice(1), individual("Ann", 4, { fellowId: ann.id })];
    const plan = planSharedAdversity({ cha: 11, bonds, sanTest: FAILED }, [ann]);
    expect(plan.steps[0]?.kind).toBe("strengthen");
  });
});
