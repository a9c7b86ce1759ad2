import { describe, expect, it } from "vitest";
import { EMBED_LIMITS } from "../../../../src/core/discord/format.js";
import { protagonistListPage } from "../../../../src/games/cthulhu-eternal/presentation/protagonist-list.js";
import {
  embedTextLength,
  sheetMessages,
} from "../../../../src/games/cthulhu-eternal/presentation/protagonist-sheet.js";
import { snapshot, view } from "./sheet-fixtures.js";

describe("sheetMessages", () => {
  it("says a breaking point's disorder comes from its threat and that the GM names it, once", () => {
    const pending = { id: "d3", name: "", threat: "unnatural", cured: false };
    const [[main] = []] = sheetMessages(view(snapshot({ disorders: [pending] })));
    const disorders = main?.toJSON().fields?.find((f) => f.name === "Disorders")?.value;
    expect(disorders).toBe("Disorder from Unnatural — the GM names it");
  });

  it("reads an older sheet's placeholder name as a disorder the GM has yet to name", () => {
    const placeholder = "Disorder (Violence) — to be named by the GM";
    const pending = { id: "d4", name: placeholder, threat: "violence", cured: false };
    const [[main] = []] = sheetMessages(view(snapshot({ disorders: [pending] })));
    const disorders = main?.toJSON().fields?.find((f) => f.name === "Disorders")?.value;
    expect(disorders).toBe("Disorder from Violence — the GM names it");
  });

  it("reads at a glance: words for exceptional stats, crossed-off Bonds, boxes, cured disorders", () => {
    const [[main, skills] = []] = sheetMessages(view(snapshot()));
    const fields = Object.fromEntries((main?.toJSON().fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.Stats).toContain("**STR** 4 · 20% · *Feeble*");
    expect(fields.Stats).toContain("**DEX** 11 · 55%\n");
    expect(fields.HP).toBe("**5** / 7");
    expect(fields["Damage bonus"]).toBe("−2");
    expect(fields.Bonds).toBe(
      "Tom — **12** (individual)\n~~The \\*lab\\*~~ — 0 (community, broken)",
    );
    expect(fields.Resources).toBe("**12** — 5 at hand · 5 stowed · 2 in storage\nChecks ☒☐");
    expect(fields.Adaptation).toBe("Violence ☒☒☐ · Helplessness ☒☒☒ adapted");
    expect(fields.Disorders).toBe("Claustrophobia (Helplessness)\n~~Night terrors~~ — cured");
    expect(
      skills
        ?.toJSON()
        .fields?.map((f) => f.value)
        .join("\n"),
    ).toBe("Occult **50** ☒\nSearch **80**");
  });

  it("stays within Discord's limits for the longest sheet the services allow", () => {
    const long = snapshot({
      name: "N".repeat(100),
      notes: "Long notes. ".repeat(200),
      skills: Array.from({ length: 200 }, (_, i) => ({
        id: `s${i}`,
        name: `Foreign Language (Dialect number ${i} of the far north)`,
        key: `k${i}`,
        rating: 99,
        failureMarked: i % 2 === 0,
        failureMarkVisibleTo: null,
      })),
      bonds: Array.from({ length: 50 }, (_, i) => ({
        id: `b${i}`,
        name: `Bond ${i} `.padEnd(100, "x"),
        kind: "community" as const,
        score: 10,
        crossedOff: false,
        fellowId: null,
      })),
      disorders: Array.from({ length: 50 }, (_, i) => ({
        id: `d${i}`,
        name: `Disorder ${i} `.padEnd(200, "y"),
        threat: null,
        cured: false,
      })),
    });
    const messages = sheetMessages(view(long));
    expect(messages.length).toBeGreaterThan(1);
    const shownSkills = messages
      .flat()
      .flatMap((e) => e.toJSON().fields ?? [])
      .filter((f) => f.name === "\u200b")
      .flatMap((f) => f.value.split("\n"));
    expect(shownSkills).toHaveLength(200);
    for (const embeds of messages) {
      expect(embeds.length).toBeLessThanOrEqual(10);
      const json = embeds.map((e) => e.toJSON());
      expect(json.reduce((sum, e) => sum + embedTextLength(e), 0)).toBeLessThanOrEqual(
        EMBED_LIMITS.total,
      );
      for (const embed of json) {
        expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
        for (const f of embed.fields ?? []) {
          expect(f.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
        }
      }
    }
  });
});

describe("protagonistListPage", () => {
  const summaries = Array.from({ length: 20 }, (_, i) => ({
    id: `p${i}`,
    name: `@everyone ${i}`,
    ownerId: "300000000000000002",
    status: i === 0 ? ("dead" as const) : ("active" as const),
    archetype: "Soldier",
    hp: 9,
    hpMax: 10,
    wp: 8,
    wpMax: 12,
    san: 40,
    conditions: i === 0 ? [{ code: "dead" as const, by: null }] : [],
  }));

  it("pages with buttons only when needed, and names never mention anyone", () => {
    const page = protagonistListPage({
      command: "protagonist",
      action: "lpage",
      summaries,
      page: 1,
      includeInactive: true,
      requesterId: "300000000000000002",
    });
    const embed = page.embeds[0]?.toJSON();
    expect(embed?.footer?.text).toBe("Page 2 of 2 · 20 Protagonists");
    expect(embed?.description).toContain("**@\u200beveryone 15** — <@300000000000000002>");
    const buttons = page.components[0]?.toJSON().components as {
      custom_id: string;
      disabled?: boolean;
    }[];
    expect(buttons.map((b) => [b.custom_id, b.disabled ?? false])).toEqual([
      ["protagonist:lpage:300000000000000002:0:1", false],
      ["protagonist:lpage:300000000000000002:2:1", true],
    ]);
    const single = protagonistListPage({
      command: "protagonist",
      action: "lpage",
      summaries: summaries.slice(0, 3),
      page: 0,
      includeInactive: false,
      requesterId: "300000000000000002",
    });
    expect(single.components).toHaveLength(0);
    expect(single.embeds[0]?.toJSON().description).toContain("· 💀 Dead");
  });
});
