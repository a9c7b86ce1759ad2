/** The validator on bonus picks, Resources and Bonds (run by validate.test.ts). */
import { describe, expect, it } from "vitest";
import { buildProtagonist } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type { CreationDraft } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { FACULTY, TOM, sampleChoices } from "./sample.js";
import { codes, sampleWith, violations } from "./validate-support.js";

describe("bonus picks", () => {
  const picks = (...extra: string[]): CreationDraft =>
    sampleWith({
      bonusSkills: [...sampleChoices().bonusSkills.slice(0, 10 - extra.length), ...extra],
    });

  it("skill-unknown, including a skill of the other era", () => {
    expect(violations(picks("Basket Weaving"))).toEqual([
      {
        code: "skill-unknown",
        path: "bonusSkills[9]",
        era: "modern",
        skill: "Basket Weaving",
      },
    ]);
    expect(codes(picks("Hacking"))).toEqual(["skill-unknown"]);
  });

  it("specialisation-missing", () => {
    expect(violations(picks("Art"))).toEqual([
      {
        code: "specialisation-missing",
        path: "bonusSkills[9]",
        skill: "Art",
      },
    ]);
    expect(codes(picks("Foreign Language (Type)"))).toEqual(["specialisation-missing"]);
    expect(
      codes(
        sampleWith({
          optionalSkills: [
            "Archeology",
            "Foreign Language",
            "Natural World",
            "Science (Chemistry)",
          ],
        }),
      ),
    ).toEqual(["specialisation-missing"]);
  });

  it("specialisation-unexpected", () => {
    expect(violations(picks("Dodge (Left)"))).toEqual([
      {
        code: "specialisation-unexpected",
        path: "bonusSkills[9]",
        skill: "Dodge",
      },
    ]);
  });

  it("unnatural-at-creation, when the campaign keeps Delta Green's rule", () => {
    const deltaGreen = { ...DEFAULT_RULE_OPTIONS, unnaturalBonusPicks: false };
    expect(violations(picks("Unnatural"), deltaGreen)).toEqual([
      {
        code: "unnatural-at-creation",
        path: "bonusSkills[9]",
      },
    ]);
  });

  it("lets a bonus pick raise Unnatural by default, as seed 000 does, lowering Max SAN", () => {
    expect(DEFAULT_RULE_OPTIONS.unnaturalBonusPicks).toBe(true);
    expect(violations(picks("Unnatural"))).toEqual([]);
    const sheet = buildProtagonist(picks("Unnatural"));
    expect(sheet.skills.find((s) => s.name === "Unnatural")?.rating).toBe(20);
    expect(sheet.derived.maxSan).toBe(79);
  });

  it("skill-above-cap points at the pick that went over", () => {
    expect(violations(picks("Search"))).toEqual([
      {
        code: "skill-above-cap",
        path: "bonusSkills[9]",
        skill: "Search",
        rating: 100,
        cap: 80,
        excess: 1,
      },
    ]);
    expect(violations(picks("Research", "Research"))[0]).toMatchObject({
      skill: "Research",
      rating: 110,
      cap: 80,
      excess: 2,
    });
  });

  it("skill-above-cap honours the campaign's cap", () => {
    const options = { ...DEFAULT_RULE_OPTIONS, creationSkillCap: 60 };
    expect(violations(sampleChoices(), options)).toMatchObject([
      { skill: "Persuade", rating: 80, cap: 60, excess: 1 },
      { skill: "Search", rating: 80, cap: 60, excess: 1 },
    ]);
    // Research 70% comes from the archetype alone: not the player's doing, so not a violation.
    expect(
      violations(sampleChoices(), options).some((v) => "skill" in v && v.skill === "Research"),
    ).toBe(false);
  });

  it("skill-above-cap from adversity picks alone", () => {
    const draft = sampleWith({
      harshness: "very-harsh",
      archetypeId: "doctor-nurse",
      archetypeSpecialisations: { Science: "Biology" },
      optionalSkills: ["Pharmacy", "Forensics"],
      adversitySkills: ["First Aid", "First Aid"],
      bonds: [...sampleChoices().bonds, { name: "Ward 7 nurses", kind: "community" }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "skill-above-cap",
        path: "bonusSkills[9]",
        skill: "First Aid",
        rating: 110,
        cap: 80,
        excess: 2,
      },
    ]);
    const noBonus = { ...draft, bonusSkills: [...(draft.bonusSkills ?? []).slice(0, 9), "Swim"] };
    expect(violations(noBonus)).toEqual([
      {
        code: "skill-above-cap",
        path: "adversitySkills[1]",
        skill: "First Aid",
        rating: 90,
        cap: 80,
        excess: 1,
      },
    ]);
  });

  it("bonus-count: ten picks, counting trade-ins and extra picks", () => {
    expect(
      violations(sampleWith({ bonusSkills: sampleChoices().bonusSkills.slice(0, 9) })),
    ).toEqual([
      {
        code: "bonus-count",
        path: "bonusSkills",
        budget: {
          standard: 10,
          extraForZeroResources: 0,
          extraForBondsAtOne: 0,
          allowance: 10,
          skillPicks: 9,
          resourcesTradeIns: 0,
          communityBondTradeIns: 0,
          used: 9,
          remaining: 1,
        },
      },
    ]);
    expect(
      violations(sampleWith({ bonusSkills: [...sampleChoices().bonusSkills, "Swim"] }))[0],
    ).toMatchObject({
      budget: {
        standard: 10,
        extraForZeroResources: 0,
        extraForBondsAtOne: 0,
        allowance: 10,
        skillPicks: 11,
        resourcesTradeIns: 0,
        communityBondTradeIns: 0,
        used: 11,
        remaining: -1,
      },
    });
    const extras = sampleWith({
      resources: { tradeInPicks: 0, zero: true },
      bonds: [
        { name: "Tom", kind: "individual" },
        { name: "The faculty", kind: "community", setToOne: true },
      ],
    });
    expect(violations(extras)[0]).toMatchObject({
      budget: {
        standard: 10,
        extraForZeroResources: 1,
        extraForBondsAtOne: 1,
        allowance: 12,
        skillPicks: 10,
        resourcesTradeIns: 0,
        communityBondTradeIns: 0,
        used: 10,
        remaining: 2,
      },
    });
    const traded = sampleWith({ resources: { tradeInPicks: 1, zero: false } });
    expect(violations(traded)[0]).toMatchObject({
      budget: {
        standard: 10,
        extraForZeroResources: 0,
        extraForBondsAtOne: 0,
        allowance: 10,
        skillPicks: 10,
        resourcesTradeIns: 1,
        communityBondTradeIns: 0,
        used: 11,
        remaining: -1,
      },
    });
  });
});

describe("Resources and Bonds", () => {
  const nine = sampleChoices().bonusSkills.slice(0, 9);

  it("resources-trade-in-invalid", () => {
    expect(violations(sampleWith({ resources: { tradeInPicks: -1, zero: false } }))).toEqual([
      {
        code: "resources-trade-in-invalid",
        path: "resources.tradeInPicks",
        picks: -1,
      },
    ]);
  });

  it("resources-conflict: Resources 0 cannot be combined with Resources trade-ins", () => {
    const draft = sampleWith({ resources: { tradeInPicks: 1, zero: true }, bonusSkills: nine });
    expect(violations(draft)).toContainEqual({
      code: "resources-conflict",
      path: "resources",
    });
  });

  it("bond-count", () => {
    expect(violations(sampleWith({ bonds: sampleChoices().bonds.slice(0, 1) }))).toEqual([
      {
        code: "bond-count",
        path: "bonds",
        archetype: "Researcher / Scientist",
        wanted: 2,
        described: 1,
      },
    ]);
    const three = sampleWith({
      bonds: [...sampleChoices().bonds, { name: "Ruth", kind: "individual" }],
    });
    expect(codes(three)).toEqual(["bond-count"]);
  });

  it("bond-name-missing", () => {
    const draft = sampleWith({
      bonds: [{ name: "", kind: "individual" }, FACULTY],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-name-missing",
        path: "bonds[0].name",
        number: 1,
      },
    ]);
  });

  it("bond-trade-in-invalid", () => {
    const draft = sampleWith({
      bonds: [TOM, { name: "The faculty", kind: "community", tradeInPicks: 0.5 }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-trade-in-invalid",
        path: "bonds[1].tradeInPicks",
        bond: { name: "The faculty", number: 2 },
        picks: 0.5,
      },
    ]);
  });

  it("bond-trade-in-individual", () => {
    const draft = sampleWith({
      bonusSkills: nine,
      bonds: [{ name: "Tom", kind: "individual", tradeInPicks: 1 }, FACULTY],
    });
    expect(violations(draft)).toContainEqual({
      code: "bond-trade-in-individual",
      path: "bonds[0]",
      bond: { name: "Tom", number: 1 },
    });
    const atOne = sampleWith({
      bonds: [{ name: "Tom", kind: "individual", setToOne: true }, FACULTY],
    });
    expect(codes(atOne)).toEqual(["bond-trade-in-individual"]);
  });

  it("bond-conflict: a Community Bond at 1 cannot also take trade-ins", () => {
    const draft = sampleWith({
      bonds: [TOM, { name: "The faculty", kind: "community", setToOne: true, tradeInPicks: 1 }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-conflict",
        path: "bonds[1]",
        bond: { name: "The faculty", number: 2 },
      },
    ]);
  });

  it("bond-above-max: a Community Bond stops at 20", () => {
    const draft = sampleWith({
      bonusSkills: sampleChoices().bonusSkills.slice(0, 1),
      bonds: [TOM, { name: "The faculty", kind: "community", tradeInPicks: 9 }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-above-max",
        path: "bonds[1].tradeInPicks",
        bond: { name: "The faculty", number: 2 },
        score: 24,
        max: 20,
        over: 2,
      },
    ]);
  });
});
