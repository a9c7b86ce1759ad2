import { embedLength, EmbedBuilder, SlashCommandBuilder } from "discord.js";
import { describe, expect, it } from "vitest";
import { choicesFingerprint } from "../../../../commands/cthulhu-eternal/campaign/adversity-menus.js";
import { definition as campaignDefinition } from "../../../../commands/cthulhu-eternal/campaign/definition.js";
import {
  settingChanges,
  settingLines,
  settingsEmbed,
} from "../../../../src/games/cthulhu-eternal/presentation/campaign-settings.js";
import {
  embedsPerMessage,
  pageFields,
} from "../../../../src/games/cthulhu-eternal/presentation/embed-pages.js";
import {
  commandOverviewField,
  commandPaths,
  detailEmbeds,
  isRestricted,
} from "../../../../src/games/cthulhu-eternal/presentation/help.js";
import {
  partyEmbed,
  partyField,
  partyPages,
} from "../../../../src/games/cthulhu-eternal/presentation/party.js";
import { sessionSummaryEmbeds } from "../../../../src/games/cthulhu-eternal/presentation/session-summary.js";
import type { PlannedSharedAdversityStep } from "../../../../src/games/cthulhu-eternal/rules/shared-adversity.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import { conditionsOf } from "../../../../src/games/cthulhu-eternal/rules/conditions.js";
import { campaignView } from "../../../core/discord/support/campaign-view.js";
import type { ProtagonistView } from "../../../../src/games/cthulhu-eternal/services/protagonist-queries.js";
import type { SessionProtagonistSummary } from "../../../../src/games/cthulhu-eternal/services/session-service.js";

const MAX_EMBED = 6000;

const campaign = campaignView;

function view(index: number, name = `Protagonist ${index}`): ProtagonistView {
  const view: Omit<ProtagonistView, "conditions"> = {
    campaign: { id: "c1", name: "Night Floors" },
    hiddenMarks: [],
    canEdit: true,
    derived: { maxSan: 99, recoverySan: 70, damageBonus: 0, resourceCheckBoxes: 2 },
    protagonist: {
      id: `p${index}`,
      guildId: "g",
      campaignId: "c1",
      ownerId: `30000000000000000${index % 10}`,
      name,
      status: "active",
      archetype: "Researcher / Scientist",
      harshness: "normal",
      stats: { STR: 10, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 },
      hpMax: 10,
      hp: 7,
      wpMax: 14,
      wp: 12,
      san: 61,
      breakingPoint: 56,
      adaptation: {
        violence: { boxes: 2, adapted: false },
        helplessness: { boxes: 3, adapted: true },
      },
      exhausted: false,
      temporarilyInsane: false,
      resources: { rating: 8, atHand: 6, stowed: 2, storage: 0, checked: 1 },
      notes: "",
      skills: [],
      bonds: [
        {
          id: "b1",
          name: "Her brother Tom",
          kind: "individual",
          score: 9,
          crossedOff: false,
          fellowId: null,
        },
        {
          id: "b2",
          name: "Old *friend*",
          kind: "individual",
          score: 0,
          crossedOff: true,
          fellowId: null,
        },
      ],
      disorders: [
        { id: "d1", name: "", threat: "violence", cured: false },
        { id: "d2", name: "Cured thing", threat: null, cured: true },
      ],
    },
  };
  return { ...view, conditions: conditionsOf(view.protagonist) };
}

describe("embed pages", () => {
  it("splits by field count and by size, keeping order, and cuts oversized fields", () => {
    const fields = Array.from({ length: 30 }, (_, i) => ({
      name: `F${i}`,
      value: "x".repeat(2000),
    }));
    const pages = pageFields(fields);
    expect(pages.flat().map((f) => f.name)).toEqual(fields.map((f) => f.name));
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(25);
      expect(page.every((f) => f.value.length <= 1024)).toBe(true);
      expect(page.reduce((n, f) => n + f.name.length + f.value.length, 0)).toBeLessThanOrEqual(
        5000,
      );
    }
    expect(pageFields([])).toEqual([[]]);
  });

  it("groups embeds into messages of at most 6,000 characters and 10 embeds", () => {
    const big = () => new EmbedBuilder().setDescription("y".repeat(4000));
    const small = () => new EmbedBuilder().setTitle("t");
    const messages = embedsPerMessage([big(), big(), ...Array.from({ length: 12 }, small)]);
    expect(messages.map((m) => m.length)).toEqual([1, 10, 3]);
  });
});

describe("campaign settings", () => {
  it("marks each default, and shows a changed value with its default", () => {
    const changed = campaign({
      secretRollMode: "gm-channel",
      gmChannelId: "123456789012345678",
      rules: { ...DEFAULT_RULE_OPTIONS, failureMarks: false, exhaustionPenalty: 10 },
    });
    const lines = Object.fromEntries(settingLines(changed).map((l) => [l.key, l]));
    expect(lines.failureMarks).toMatchObject({
      value: "off",
      isDefault: false,
      defaultValue: "on",
    });
    expect(lines.exhaustionPenalty).toMatchObject({ value: "−10", defaultValue: "−20" });
    expect(lines.gmChannelId?.value).toBe("<#123456789012345678>");
    expect(lines.era?.isDefault).toBe(true);
    expect(lines.brokenBondSanLoss).toMatchObject({ value: "0/1D4", isDefault: true });
    expect(settingChanges(campaign(), changed)).toEqual([
      "Secret rolls: ephemeral: only the roller sees it → **gm-channel: the roller and the GM channel see it**",
      "GM channel: none → **<#123456789012345678>**",
      "Failure marks: on → **off**",
      "Exhaustion penalty: −20 → **−10**",
    ]);
    expect(settingsEmbed(changed).data.fields).toHaveLength(14);
  });

  it("escapes the campaign's name in the title", () => {
    expect(settingsEmbed(campaign({ name: "*Bold* @everyone" })).data.title).toBe(
      "⚙️ Settings of \\*Bold\\* @\u200beveryone",
    );
  });
});

describe("party", () => {
  it("shows a Protagonist's tracks, boxes, crossed-off Bonds and disorders to name", () => {
    const field = partyField(view(1));
    expect(field.name).toBe("Protagonist 1");
    expect(field.value.split("\n")).toEqual([
      "<@300000000000000001> · Researcher / Scientist",
      "🛡️ Adapted to Helplessness",
      "HP **7**/10 · WP **12**/14 · SAN **61**/99 · BP 56",
      "Adaptation: violence ☒☒☐ · helplessness ☒☒☒ adapted",
      "Resources 8: ☒☐",
      "Bonds: Her brother Tom 9 · ~~Old \\*friend\\* 0~~",
      "Disorders: Disorder from Violence — the GM names it ⚠️",
    ]);
  });

  it("shows who is unconscious, collapsing or temporarily insane at a glance", () => {
    const base = view(2);
    const p = { ...base.protagonist, hp: 2, wp: 1, exhausted: true, temporarilyInsane: true };
    const field = partyField({ ...base, protagonist: p, conditions: conditionsOf(p) });
    expect(field.value.split("\n")[1]).toBe(
      "💤 Unconscious · 😱 Temporarily insane · 😣 Emotional collapse · 😫 Exhausted · 🛡️ Adapted to Helplessness",
    );
  });

  it("pages a large party, every page within Discord's limits", () => {
    const views = Array.from({ length: 40 }, (_, i) => view(i, `P${i} ${"n".repeat(90)}`));
    const pages = partyPages(views);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat()).toHaveLength(40);
    pages.forEach((page, index) => {
      const embed = partyEmbed("Night Floors", page, index, pages.length);
      expect(embedLength(embed.data)).toBeLessThanOrEqual(MAX_EMBED);
      expect(embed.data.footer?.text).toMatch(new RegExp(`^Page ${index + 1} of ${pages.length}`));
    });
  });
});

describe("session summary", () => {
  const summary = (i: number): SessionProtagonistSummary => ({
    id: `p${i}`,
    name: `Protagonist ${i}`,
    san: { before: 70, after: 64 },
    bonds: [{ name: "Tom", before: 9, after: 0, broken: true }],
    resourceBoxes: { before: 0, after: 1, of: 2 },
    hiddenImprovements: [],
    improvements: [
      {
        name: "Occult",
        before: 50,
        after: 53,
        gained: 3,
        die: { sides: 4, face: 3 },
        unmarked: true,
        reason: { code: "per-skill", variant: "1d4", face: 3, gain: 3 },
      },
    ],
  });

  it("shows SAN, Bonds, Resources and each improvement with its die", () => {
    const [embed] = sessionSummaryEmbeds("Night Floors", {
      sessionNumber: 3,
      protagonists: [summary(1)],
      eventId: 9,
    });
    expect(embed?.data.title).toBe("📘 Session 3 of Night Floors has ended");
    expect(embed?.data.fields?.[0]?.value.split("\n")).toEqual([
      "SAN 70 → **64**",
      "Bonds: Tom 9 → 0 (broken)",
      "Resources: ☐☐ → ☒☐",
      "📈 Occult 1D4 = 3: 50 → 53; mark cleared.",
    ]);
  });

  it("splits a long summary over several embeds within the limits", () => {
    const embeds = sessionSummaryEmbeds("Night Floors", {
      sessionNumber: 3,
      protagonists: Array.from({ length: 60 }, (_, i) => summary(i)),
      eventId: 9,
    });
    expect(embeds.length).toBeGreaterThan(2);
    expect(embeds.flatMap((e) => e.data.fields ?? [])).toHaveLength(60);
    for (const embed of embeds) expect(embedLength(embed.data)).toBeLessThanOrEqual(MAX_EMBED);
  });
});

describe("help", () => {
  it("lists every path of a command with groups, and its options", () => {
    const json = campaignDefinition.toJSON();
    const paths = commandPaths(json).map((p) => p.path);
    expect(paths).toContain("/campaign gm add");
    expect(paths).toContain("/campaign downtime adversity");
    expect(paths).toContain("/campaign extras");
    expect(paths).toContain("/campaign import");
    expect(paths).toHaveLength(15);
    expect(isRestricted(json)).toBe(false);
    expect(commandOverviewField(json).name).toBe("/campaign");
    for (const embed of detailEmbeds(json, null)) {
      expect(embedLength(embed.data)).toBeLessThanOrEqual(MAX_EMBED);
    }
  });

  it("shows a command without subcommands as one path", () => {
    const json = new SlashCommandBuilder()
      .setName("roll")
      .setDescription("Roll")
      .addStringOption((o) => o.setName("expression").setDescription("d").setRequired(true))
      .toJSON();
    expect(commandPaths(json)).toEqual([
      { path: "/roll", description: "Roll", options: [{ name: "expression", required: true }] },
    ]);
    expect(commandOverviewField(json)).toEqual({ name: "/roll", value: "Roll" });
  });
});

describe("shared-adversity menu fingerprint", () => {
  const step = (fellow: string, bonds: string[]): PlannedSharedAdversityStep => ({
    fellow: { id: fellow, name: fellow },
    kind: "new-bond",
    newBondScore: 6,
    cost: "1D4",
    eligibleToWeaken: bonds.map((id) => ({
      id,
      name: id,
      kind: "individual",
      score: 5,
      crossedOff: false,
    })),
    choiceRequired: true,
  });

  it("is short, stable, and changes when the offered Bonds change", () => {
    const a = choicesFingerprint([step("f1", ["b1", "b2"])]);
    expect(a).toMatch(/^[0-9a-z]{1,7}$/);
    expect(choicesFingerprint([step("f1", ["b1", "b2"])])).toBe(a);
    expect(choicesFingerprint([step("f1", ["b2", "b1"])])).not.toBe(a);
    expect(choicesFingerprint([step("f1", ["b1"])])).not.toBe(a);
  });
});
