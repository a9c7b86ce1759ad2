/**
 * A Cthulhu Forever export (the web generator's version 2 JSON, our own fixture) imported on real
 * SQLite: every field where the sheet has a place for it, the rest in the notes or reported as
 * left out; and a sheet exported in that format imports back as the same sheet.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { actor } from "../../../support/fixtures.js";
import { expectRefused, problemsOf, protagonists } from "./protagonist-service-support.js";

const fixture = readFileSync(
  new URL("../../../support/fixtures/cthulhu-forever-journalist.json", import.meta.url),
  "utf8",
);
const doc = () => JSON.parse(fixture) as Record<string, unknown>;
const importDoc = (value: unknown, name?: string) =>
  protagonists.importJson({
    actor: actor(),
    json: typeof value === "string" ? value : JSON.stringify(value),
    ...(name ? { name } : {}),
  });

describe("a Cthulhu Forever export", () => {
  it("lands where the sheet has a place for it; the rest is notes or reported", async () => {
    const { protagonist: p, forever } = await importDoc(fixture);
    expect(p).toMatchObject({
      name: "Honoria Vale",
      archetype: "Explorer Surveyor",
      harshness: "harsh",
      stats: { STR: 11, CON: 14, DEX: 12, INT: 15, POW: 13, CHA: 9 },
      hpMax: 13,
      hp: 11,
      wpMax: 13,
      wp: 10,
      san: 48,
      breakingPoint: 39,
      exhausted: true,
      // An episode of temporary insanity belongs to the table it happened at.
      temporarilyInsane: false,
      adaptation: {
        violence: { boxes: 1, adapted: false },
        helplessness: { boxes: 3, adapted: true },
      },
      // 12: six at hand, six stowed, two boxes; none ticked (an empty list).
      resources: { rating: 12, atHand: 6, stowed: 6, storage: 0, checked: 0 },
    });
    const skills = Object.fromEntries(p.skills.map((s) => [s.name, [s.rating, s.failureMarked]]));
    expect(skills).toMatchObject({
      "Art (Writing)": [40, true],
      "Foreign Language (French)": [30, false],
      "Foreign Language (Latin)": [20, false],
      "Survival (Fens)": [35, false],
      Harangue: [25, false],
      Navigate: [60, true],
      Unnatural: [4, false],
      Bootlick: [20, false],
      Carouse: [15, false],
      Cartography: [55, false],
    });
    // A typed skill at 0 without its type, and an era skill at 0 the campaign lacks: no clutter.
    expect(Object.keys(skills)).not.toContain("Antiquary");
    expect(Object.keys(skills).some((name) => name.startsWith("Craft"))).toBe(false);
    expect(p.bonds.map((b) => [b.name, b.kind, b.score, b.crossedOff])).toEqual([
      ["Edmund “Ned” Vale — brother", "individual", 9, false],
      ["The Survey Office", "community", 6, false],
    ]);
    expect(p.disorders.map((d) => [d.name, d.cured])).toEqual([["Fear of still water", false]]);
    for (const kept of [
      "Owes the Admiralty a favour.",
      "Profession: Surveyor of the Crown",
      "Birthplace: Bristol",
      "Age: 34",
      "Motivations: Finish the survey; ~~Find my brother~~",
      "Backstory: Mapped the fens",
      "Gear: Theodolite, oilskin coat",
      "Weapons: Pocket pistol (Firearms, 1D8, 10m, ammo 1); Hunting knife (Melee Weapons, 1D4, worn)",
      "Body armour: 1",
      "Terrible tomes: Marginalia of the Drowned Parish",
      "Permanent injuries: Two fingers lost to frost",
    ]) {
      expect(p.notes).toContain(kept);
    }
    expect(forever).toMatchObject({
      bonds: 2,
      disorders: 1,
      ownSkills: ["Bootlick", "Carouse", "Cartography"],
      era: "revolutions",
    });
    expect(forever?.leftOut).toEqual(
      expect.arrayContaining([{ code: "unnamed-skill" }, { code: "temporary-insanity" }]),
    );
  });

  it("exported in that format and imported again, it is the same sheet", async () => {
    const { protagonist: first } = await importDoc(fixture);
    const exported = await protagonists.exportForever({
      actor: actor(),
      protagonistId: first.id,
    });
    expect(exported.document).toMatchObject({
      version: 2,
      age: "modern",
      archetype: "explorer_surveyor",
      skills: { "Art (Type)": 40, "Foreign Language (Type)": 30, Navigate: 60 },
      skillTypes: { "Art (Type)": "Writing", "Foreign Language (Type)": "French" },
      skillChecked: { Navigate: true, "Art (Type)": true },
      resourceChecked: [false, false],
      violenceChecked: [true, false, false],
    });
    expect(exported.document.customSkills).toEqual(
      expect.arrayContaining([
        { name: "Foreign Language (Latin)", value: 20 },
        { name: "Bootlick", value: 20 },
      ]),
    );
    const { protagonist: second } = await importDoc(exported.document, "Honoria Again");
    const sheet = (p: typeof first) => ({
      ...p,
      id: undefined,
      name: undefined,
      skills: p.skills.map((s) => [s.name, s.rating, s.failureMarked]).sort(),
      bonds: p.bonds.map((b) => [b.name, b.kind, b.score, b.crossedOff]),
      disorders: p.disorders.map((d) => [d.name, d.cured]),
    });
    expect(sheet(second)).toEqual(sheet(first));
  });

  it("breaking the sheet's rules is refused with each problem, and nothing is made", async () => {
    const broken = doc();
    broken.bonds = [{ name: "Ned", type: "individual", currentScore: 15 }];
    broken.attributes = { STR: 11, CON: 14, DEX: 12, INT: 15, POW: 13, CHA: 30 };
    // expectRefused checks that nothing changed.
    const error = await expectRefused(importDoc(broken), "invalid");
    expect(problemsOf(error).map((p) => p.path)).toEqual([["stats", "CHA"]]);
  });

  it("a pool of the wrong kind is refused, not replaced; tabs and CRLF in text are taken in stride", async () => {
    const wrong = doc();
    wrong.currentHP = "5";
    const error = await expectRefused(importDoc(wrong), "invalid");
    expect(problemsOf(error).map((p) => p.path)).toEqual([["hp"]]);

    const typed = doc();
    const identity = typed.identity as Record<string, unknown>;
    identity.backstory = "Line one\r\n\tLine two";
    const { protagonist } = await importDoc(typed);
    expect(protagonist.notes).toContain("Backstory: Line one\n Line two");
  });
});
