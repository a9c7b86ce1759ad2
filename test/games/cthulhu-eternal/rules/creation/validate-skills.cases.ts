/** The validator on the archetype, its skills and the adversity picks (run by validate.test.ts). */
import { describe, expect, it } from "vitest";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { sampleChoices } from "./sample.js";
import { codes, sampleWith, violations } from "./validate-support.js";

describe("archetype and its skills", () => {
  it("archetype-missing", () => {
    expect(codes(sampleWith({ archetypeId: undefined }))).toEqual(["archetype-missing"]);
  });

  it("archetype-unknown lists the era's archetypes", () => {
    const [found] = violations(sampleWith({ archetypeId: "priest" }));
    expect(found?.code).toBe("archetype-unknown");
    expect(found).toMatchObject({
      archetypeId: "priest",
      era: "modern",
      archetypes: [
        "Artist / Craftsperson",
        "Author / Blogger",
        "Conspiracy Theorist / Expert",
        "Criminal",
        "Doctor / Nurse",
        "Historian / Genealogist",
        "Law Enforcer / Agent",
        "Librarian / Archivist",
        "Researcher / Scientist",
        "Technologist",
        "White-Collar Worker",
      ],
    });
    expect(codes(sampleWith({ archetypeId: "spacer" }))).toEqual(["archetype-unknown"]);
  });

  it("archetype-specialisation-missing, also for a blank or placeholder answer", () => {
    const expected = {
      code: "archetype-specialisation-missing",
      path: "archetypeSpecialisations.Science",
      archetype: "Researcher / Scientist",
      skill: "Science",
      rating: 70,
    };
    expect(violations(sampleWith({ archetypeSpecialisations: {} }))).toEqual([expected]);
    expect(violations(sampleWith({ archetypeSpecialisations: { Science: " " } }))).toEqual([
      expected,
    ]);
    expect(codes(sampleWith({ archetypeSpecialisations: { "Science (Type)": "type" } }))).toEqual([
      "archetype-specialisation-missing",
    ]);
  });

  it("takes specialisations keyed in any case, with or without (Type)", () => {
    expect(
      codes(sampleWith({ archetypeSpecialisations: { "science (type)": "Biology" } })),
    ).toEqual([]);
  });

  it("archetype-specialisation-unexpected", () => {
    expect(
      violations(sampleWith({ archetypeSpecialisations: { Science: "Biology", Art: "Painting" } })),
    ).toEqual([
      {
        code: "archetype-specialisation-unexpected",
        path: "archetypeSpecialisations.Art",
        archetype: "Researcher / Scientist",
        skill: "Art",
      },
    ]);
  });

  it("archetype-specialisation-duplicate (a GM archetype that already names one)", () => {
    const painter = {
      id: "painter",
      name: "Painter",
      era: "modern",
      skills: [
        { skill: "Art (Painting)", rating: 60 },
        { skill: "Art (Type)", rating: 40 },
      ],
      optionalSkillCount: 0,
      optionalSkills: [],
      resources: 3,
      bonds: 2,
    };
    const draft = sampleWith({
      archetypeId: "painter",
      archetypeSpecialisations: { Art: "painting" },
      optionalSkills: [],
    });
    expect(violations(draft, DEFAULT_RULE_OPTIONS, { customArchetypes: [painter] })).toEqual([
      {
        code: "archetype-specialisation-duplicate",
        path: "archetypeSpecialisations.Art",
        archetype: "Painter",
        skill: "Art",
        held: "Art (Painting)",
      },
    ]);
  });

  it("optional-count, too few and too many", () => {
    const [few] = violations(sampleWith({ optionalSkills: ["Archeology", "Natural World"] }));
    expect(few).toEqual({
      code: "optional-count",
      path: "optionalSkills",
      archetype: "Researcher / Scientist",
      wanted: 4,
      chosen: 2,
    });
    const many = sampleWith({
      optionalSkills: [...sampleChoices().optionalSkills, "Psychoanalyze"],
    });
    expect(violations(many)[0]).toMatchObject({
      archetype: "Researcher / Scientist",
      wanted: 4,
      chosen: 5,
    });
  });

  it("optional-not-on-list names the list with its ratings", () => {
    const draft = sampleWith({
      optionalSkills: ["Archeology", "Foreign Language (Latin)", "Natural World", "Stealth"],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-not-on-list",
        path: "optionalSkills[3]",
        archetype: "Researcher / Scientist",
        skill: "Stealth",
        list: [
          { skill: "Anthropology", rating: 40 },
          { skill: "Archeology", rating: 40 },
          { skill: "Art (Type)", rating: 40 },
          { skill: "Firearms", rating: 60 },
          { skill: "Foreign Language (Type)", rating: 40 },
          { skill: "Heavy Machinery", rating: 50 },
          { skill: "Military Training (Type)", rating: 40 },
          { skill: "Natural World", rating: 50 },
          { skill: "Psychoanalyze", rating: 50 },
          { skill: "Science (Type)", rating: 40 },
        ],
      },
    ]);
  });

  it("optional-duplicate: each list entry once", () => {
    const draft = sampleWith({
      optionalSkills: ["Archeology", "Natural World", "Science (Chemistry)", "Science (Physics)"],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-duplicate",
        path: "optionalSkills[3]",
        archetype: "Researcher / Scientist",
        skill: "Science (Type)",
      },
    ]);
  });

  it("optional-already-held: the same specialisation as an archetypal skill", () => {
    const draft = sampleWith({
      optionalSkills: [
        "Archeology",
        "Foreign Language (Latin)",
        "Natural World",
        "science (biology)",
      ],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-already-held",
        path: "optionalSkills[3]",
        archetype: "Researcher / Scientist",
        skill: "Science (Biology)",
        by: "archetype",
      },
    ]);
  });

  it("optional-already-held: the seed's Firearms on the Conspiracy Theorist list", () => {
    // The seed lists Firearms 60% there although the archetype already has Firearms 50%.
    const draft = sampleWith({
      archetypeId: "conspiracy-theorist-expert",
      archetypeSpecialisations: { Craft: "Radio", Survival: "Swamp" },
      optionalSkills: ["Firearms", "History", "Occult", "Survival (Mountain)"],
      bonusSkills: [
        "Dodge",
        "Dodge",
        "Swim",
        "Swim",
        "Stealth",
        "Stealth",
        "Drive",
        "Drive",
        "Charm",
        "Charm",
      ],
      bonds: [
        ...sampleChoices().bonds,
        { name: "Forum regulars", kind: "community" },
        { name: "Mom", kind: "individual" },
      ],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-already-held",
        path: "optionalSkills[0]",
        archetype: "Conspiracy Theorist / Expert",
        skill: "Firearms",
        by: "archetype",
      },
    ]);
  });

  it("a second specialisation of a typed list skill is not already held", () => {
    // Artist / Craftsperson has Craft (Type) both as an archetypal skill and on its list.
    const draft = sampleWith({
      archetypeId: "artist-craftsperson",
      archetypeSpecialisations: { Art: "Painting", Craft: "Pottery" },
      optionalSkills: ["Craft (Woodwork)", "Alertness", "Athletics", "Harangue", "Technology Use"],
      bonds: [...sampleChoices().bonds, { name: "Gallery co-op", kind: "community" }],
    });
    expect(codes(draft)).toEqual([]);
    const sameCraft = {
      ...draft,
      optionalSkills: ["Craft (pottery)", "Alertness", "Athletics", "Harangue", "Technology Use"],
    };
    expect(codes(sameCraft)).toEqual(["optional-already-held"]);
  });
});

describe("adversity picks", () => {
  it("adversity-count: none for Normal, one for Harsh, two for Very Harsh", () => {
    expect(violations(sampleWith({ adversitySkills: ["First Aid"] }))).toEqual([
      {
        code: "adversity-count",
        path: "adversitySkills",
        harshness: "normal",
        allowed: 0,
        picks: 1,
      },
    ]);
    const harsh = { harshness: "harsh", harshBonusStat: "CON" } as const;
    expect(violations(sampleWith({ ...harsh, adversitySkills: [] }))[0]).toMatchObject({
      harshness: "harsh",
      allowed: 1,
      picks: 0,
    });
    expect(codes(sampleWith({ ...harsh, adversitySkills: ["First Aid", "First Aid"] }))).toEqual([
      "adversity-count",
    ]);
    expect(
      violations(sampleWith({ harshness: "very-harsh", adversitySkills: ["First Aid"] }))[0],
    ).toMatchObject({ harshness: "very-harsh", allowed: 2, picks: 1 });
  });

  it("adversity-not-on-list, per era", () => {
    const harsh = { harshness: "harsh", harshBonusStat: "STR" } as const;
    expect(violations(sampleWith({ ...harsh, adversitySkills: ["Dodge"] }))).toEqual([
      {
        code: "adversity-not-on-list",
        path: "adversitySkills[0]",
        skill: "Dodge",
        list: ["First Aid", "Military Training (Type)", "Regional Lore (Type)", "Survival (Type)"],
      },
    ]);
    expect(codes(sampleWith({ ...harsh, adversitySkills: ["Regional Lore (Arkham)"] }))).toEqual(
      [],
    );
    const future = sampleWith({
      ...harsh,
      era: "future",
      archetypeId: "researcher-scientist",
      optionalSkills: ["Cosmology", "Hacking", "Psychoanalyze", "Xenoarcheology"],
      bonusSkills: [
        "Dodge",
        "Dodge",
        "Swim",
        "Swim",
        "Stealth",
        "Stealth",
        "Drive",
        "Drive",
        "Charm",
        "Charm",
      ],
      adversitySkills: ["Regional Lore (Arkham)"],
    });
    expect(violations(future)).toMatchObject([
      {
        skill: "Regional Lore",
        list: [
          "First Aid",
          "Military Training (Type)",
          "Planet/Station Lore (Type)",
          "Survival (Type)",
        ],
      },
    ]);
    expect(codes({ ...future, adversitySkills: ["Planet/Station Lore (Titan)"] })).toEqual([]);
  });

  it("follows a GM's adversity list when given", () => {
    const draft = sampleWith({
      harshness: "harsh",
      harshBonusStat: "STR",
      adversitySkills: ["Swim"],
    });
    expect(codes(draft, { adversitySkills: ["Swim", "Survival (Type)"] })).toEqual([]);
    expect(codes(draft, { adversitySkills: ["Survival (Desert)"] })).toEqual([
      "adversity-not-on-list",
    ]);
  });

  it("specialisation-missing on an adversity pick", () => {
    const draft = sampleWith({
      harshness: "harsh",
      harshBonusStat: "STR",
      adversitySkills: ["Survival"],
    });
    expect(violations(draft)).toEqual([
      {
        code: "specialisation-missing",
        path: "adversitySkills[0]",
        skill: "Survival",
      },
    ]);
  });
});
