import { describe, expect, it } from "vitest";
import {
  importFieldText,
  importNoteText,
} from "../../../../src/games/cthulhu-eternal/presentation/import-problems.js";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { IMPORT_MAX_BYTES } from "../../../../src/games/cthulhu-eternal/services/protagonist-transfer.js";
import { actor, gm, OTHER_PLAYER, PLAYER } from "../../../support/fixtures.js";
import {
  world,
  protagonists,
  load,
  expectRefused,
  problemsOf,
  lastEvent,
} from "./protagonist-service-support.js";

/** Each problem an import was refused for, as the player reads it: the field and what is wrong. */
function wordedProblems(error: unknown) {
  return problemsOf(error).map((problem) => ({
    field: importFieldText(problem),
    message: importNoteText(problem.note),
  }));
}

describe("export and import", () => {
  async function richHero() {
    await world.services.sanity.sanTest({ actor: actor(), loss: "20/20", threat: "violence" });
    await protagonists.edit({
      actor: actor(),
      protagonistId: world.hero.id,
      patch: {
        notes: "Line one\nLine two",
        hp: 7,
        resources: 9,
        resourcesChecked: 1,
        skills: [{ name: "Art (Painting)", rating: 35 }],
        disorders: { add: [{ name: "Insomnia" }] },
      },
    });
  }

  it("round-trips a sheet: export, import, export again gives the same sheet", async () => {
    await richHero();
    const exported = await protagonists.exportJson({
      actor: actor(),
      protagonistId: world.hero.id,
    });
    expect(exported).toMatchObject({ format: "cthulhu-eternal-bot/protagonist", version: 1 });
    // The breaking point's disorder, still unnamed, travels as it is.
    expect(exported.protagonist.disorders[0]).toEqual({
      name: "",
      threat: "violence",
      cured: false,
    });
    const json = JSON.stringify(exported);
    expect(json).not.toContain(world.hero.id);
    expect(json).not.toContain(world.hero.guildId);
    expect(json).not.toContain(PLAYER);
    expect(json).not.toContain(world.campaignId);

    const second = await world.services.campaigns.create({ actor: gm(), name: "Second" });
    const imported = await protagonists.importJson({
      actor: actor({ userId: OTHER_PLAYER }),
      campaignId: second.id,
      json,
    });
    expect(imported.protagonist).toMatchObject({ ownerId: OTHER_PLAYER, campaignId: second.id });
    expect(imported.protagonist.id).not.toBe(world.hero.id);
    expect(imported.selected).toBe(true);
    const event = await lastEvent();
    expect(event).toMatchObject({
      kind: "protagonist-import",
      actorId: OTHER_PLAYER,
      campaignId: second.id,
    });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([imported.protagonist.id]);

    const again = await protagonists.exportJson({
      actor: actor(),
      protagonistId: imported.protagonist.id,
    });
    expect(again.protagonist).toEqual(exported.protagonist);
    expect(again.creation).toEqual(exported.creation);
    const original = await load(world.hero.id);
    const copy = await load(imported.protagonist.id);
    const withoutIds = (p: typeof original) => ({
      ...p,
      // An open episode of temporary insanity stays at the table it happened at.
      temporarilyInsane: false,
      id: "",
      ownerId: "",
      campaignId: "",
      skills: p.skills.map((s) => ({ ...s, id: "" })),
      bonds: p.bonds.map((b) => ({ ...b, id: "" })),
      disorders: p.disorders.map((d) => ({ ...d, id: "" })),
    });
    expect(withoutIds(copy)).toEqual(withoutIds(original));
  });

  it("refuses a name the campaign has, unless renamed on import", async () => {
    const json = JSON.stringify(await protagonists.exportJson({ actor: actor() }));
    await expectRefused(
      protagonists.importJson({ actor: actor(), json }),
      "conflict",
      /already has a Protagonist called \*\*Dr\. Miriam Vance\*\*/,
    );
    const copy = await protagonists.importJson({ actor: actor(), json, name: "Miriam's Double" });
    expect(copy.protagonist.name).toBe("Miriam's Double");
    expect(copy.selected).toBe(true);
  });

  it("checks the rules between fields, and names every problem at once", async () => {
    const good = await protagonists.exportJson({ actor: actor() });
    const doc = structuredClone(good);
    const sheet = doc.protagonist;
    sheet.stats.DEX = "ten" as never;
    sheet.bonds[0] = { ...sheet.bonds[0], name: "Her brother Tom", score: 14 } as never;
    sheet.bonds.push(
      { name: "her  brother TOM", kind: "individual", score: 5, crossedOff: false },
      { name: "Old flame", kind: "individual", score: 0, crossedOff: false },
      { name: "Lost cousin", kind: "individual", score: 0, crossedOff: true },
    );
    sheet.adaptation = {
      violence: { boxes: 1, adapted: true },
      helplessness: { boxes: 3, adapted: false },
    };
    sheet.resources = { rating: 5, atHand: 3, stowed: 2, storage: 0, checked: 0 };
    sheet.skills.push({ name: "Basket Weaving", rating: 30, failureMarked: false });
    const error = await expectRefused(
      protagonists.importJson({ actor: actor(), json: JSON.stringify(doc), name: "Copy" }),
      "invalid",
    );
    const skill = sheet.skills.length;
    expect(wordedProblems(error)).toEqual([
      { field: "DEX", message: "must be a number" },
      {
        field: "Resources",
        message: "Resources 5 are 5 at hand, 0 stowed and 0 in storage, not 3, 2 and 0",
      },
      {
        field: "Violence adaptation",
        message: "adapted needs all 3 boxes ticked, not 1",
      },
      {
        field: "Helplessness adaptation",
        message: '3 ticked boxes mean adapted: set "adapted" to true, or tick fewer',
      },
      {
        field: "Bond 1 “Her brother Tom” score",
        message: "14 is above CHA 12: an individual Bond never exceeds CHA",
      },
      {
        field: "Bond 3 “her brother TOM” name",
        message: "is the same subject as Bond 1: one standing Bond each",
      },
      {
        field: "Bond 4 “Old flame” score",
        message: "a standing Bond is at least 1 (at 0 it breaks and is crossed off)",
      },
      {
        field: `Skill ${skill} “Basket Weaving”`,
        message:
          "There is no skill called “Basket Weaving” in this campaign. Pick one from the list.",
      },
    ]);
    // The facts behind the words: where, and the refusal an edit would give.
    expect(problemsOf(error)[0]).toEqual({
      section: "sheet",
      path: ["stats", "DEX"],
      entry: null,
      note: { code: "wrong-type", expected: "number" },
    });
    expect(problemsOf(error).at(-1)).toEqual({
      section: "sheet",
      path: ["skills", skill - 1],
      entry: "Basket Weaving",
      note: { code: "skill-refused", refusal: { code: "skill-unknown", skill: "Basket Weaving" } },
    });
  });

  it("refuses more Bonds, disorders or skills than a sheet holds", async () => {
    const doc = structuredClone(await protagonists.exportJson({ actor: actor() }));
    doc.protagonist.bonds = Array.from({ length: SHEET_LIMITS.bonds + 1 }, (_, i) => ({
      name: `Old tie ${i}`,
      kind: "individual" as const,
      score: 0,
      crossedOff: true,
    }));
    const error = await expectRefused(
      protagonists.importJson({ actor: actor(), json: JSON.stringify(doc), name: "Copy" }),
      "invalid",
    );
    expect(wordedProblems(error)).toEqual([
      { field: "Bonds", message: `holds more than a sheet can (at most ${SHEET_LIMITS.bonds})` },
    ]);
    expect(problemsOf(error)[0]?.note).toEqual({
      code: "over-sheet-limit",
      maximum: SHEET_LIMITS.bonds,
    });
  });

  it("refuses malformed files with the bad field named, changing nothing", async () => {
    const good = await protagonists.exportJson({ actor: actor() });
    const variant = (
      change: (doc: Record<string, unknown>, sheet: Record<string, unknown>) => void,
    ) => {
      const doc = structuredClone(good) as unknown as Record<string, unknown>;
      change(doc, doc.protagonist as Record<string, unknown>);
      return JSON.stringify(doc);
    };
    const refuse = (json: string, message: string | RegExp) =>
      expectRefused(
        protagonists.importJson({ actor: actor(), json, name: "Copy" }),
        "invalid",
        message,
      );

    await refuse(
      "{ not json",
      "That is not valid JSON. Attach the file exactly as `/protagonist export` made it.",
    );
    await refuse(
      variant((doc) => (doc.format = "something-else")),
      '`format` must be "cthulhu-eternal-bot/protagonist" (this is neither a Protagonist exported by this bot nor a Cthulhu Forever version 2 export).',
    );
    await refuse(
      variant((doc) => (doc.version = 2)),
      "`version` must be 1; this bot reads version 1 exports only.",
    );
    await refuse(
      variant((doc) => delete doc.protagonist),
      "`protagonist` is missing.",
    );
    const problems = async (json: string) => {
      const error = await expectRefused(
        protagonists.importJson({ actor: actor(), json, name: "Copy" }),
        "invalid",
      );
      return wordedProblems(error);
    };
    const refusedFor = async (json: string, field: string, message: string | RegExp) => {
      const found = (await problems(json)).find((problem) => problem.field === field);
      expect(found?.message).toMatch(message);
    };
    await refusedFor(
      variant((_, sheet) => ((sheet.stats as Record<string, number>).STR = 25)),
      "STR",
      "must be from 3 to 18",
    );
    await refusedFor(
      variant((_, sheet) => delete sheet.hpMax),
      "Max HP",
      "is missing",
    );
    await refusedFor(
      variant((_, sheet) => (sheet.hp = 11)),
      "HP",
      "must be from 0 to 10 (max HP)",
    );
    await refusedFor(
      variant((_, sheet) => (sheet.wpMax = 20)),
      "Max WP",
      "must be 14, the same as POW",
    );
    await refusedFor(
      variant((_, sheet) => ((sheet.resources as Record<string, number>).checked = 2)),
      "Resource boxes checked",
      "must be from 0 to 1 (Resources 5)",
    );
    await refusedFor(
      variant(
        (_, sheet) =>
          ((sheet.skills as { rating: number }[])[0] = {
            ...(sheet.skills as { rating: number }[])[0],
            rating: 120,
          } as never),
      ),
      "Skill 1 “Administration” rating",
      "must be from 0 to 99",
    );
    await refusedFor(
      variant((_, sheet) => (sheet.ownerId = PLAYER)),
      "The sheet",
      "has unknown field “ownerId”",
    );
    await refusedFor(
      variant((doc) => (doc.creation = { stats: { method: "magic" } })),
      "Creation choices `stats.method`",
      /^must be one of/,
    );
    await refuse(
      " ".repeat(IMPORT_MAX_BYTES + 1),
      "That file is too large: an export is at most 100 kB.",
    );
  });
});
