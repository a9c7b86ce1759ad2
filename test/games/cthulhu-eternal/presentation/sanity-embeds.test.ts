import { ButtonBuilder, ButtonStyle } from "discord.js";
import { describe, expect, it } from "vitest";
import {
  bondLine,
  bondListEmbed,
} from "../../../../src/games/cthulhu-eternal/presentation/bonds.js";
import {
  lossText,
  rollText,
  sanGroupEmbed,
  sanTestEmbed,
} from "../../../../src/games/cthulhu-eternal/presentation/sanity.js";
import {
  groupRows,
  reactionAnnouncement,
  sanResultRows,
} from "../../../../src/games/cthulhu-eternal/presentation/sanity-components.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import {
  projectSanityTest,
  sanityTest,
} from "../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import type { SanityState } from "../../../../src/games/cthulhu-eternal/rules/types.js";
import type { BondView } from "../../../../src/games/cthulhu-eternal/services/bond-service.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";

const state = (): SanityState => ({
  san: 70,
  pow: 14,
  cha: 12,
  wp: 14,
  breakingPoint: 56,
  unnatural: 0,
  adaptation: {
    violence: { boxes: 2, adapted: false },
    helplessness: { boxes: 0, adapted: false },
  },
  disorders: [],
  bonds: [
    { id: "tom", name: "Tom *the* brother", kind: "individual", score: 12, crossedOff: false },
  ],
});

function test(roll: number, lossFaces: number[], loss = "1/1D6", threat = "unnatural" as const) {
  const rng = queuedRng();
  rng.queue(...percentileFaces(roll), ...lossFaces);
  return sanityTest(state(), { loss, threat }, DEFAULT_RULE_OPTIONS, rng);
}

const fields = (embed: { toJSON(): { fields?: { name: string; value: string }[] } }) =>
  Object.fromEntries((embed.toJSON().fields ?? []).map((f) => [f.name, f.value]));

describe("SAN test rendering", () => {
  it("reads the d100 as two dice, 100 as 0 and 0", () => {
    expect(rollText(test(100, [3]).test)).toBe("**100** (tens 0, ones 0) vs SAN 70");
    expect(rollText(test(7, [3], "0/1D6").test)).toBe("**07** (tens 0, ones 7) vs SAN 70");
  });

  it("shows each loss die, dropped ones struck through", () => {
    expect(
      lossText({
        side: "failure",
        expression: "2D6kh1",
        total: 5,
        dice: [
          { sides: 6, value: 5, kept: true },
          { sides: 6, value: 2, kept: false },
        ],
      }),
    ).toBe("2D6kh1 (failure) → [5, ~~2~~] = **5**");
    expect(lossText({ side: "success", expression: "0", total: 0, dice: [] })).toBe(
      "**0** (success)",
    );
  });

  it("a failed test: loss, SAN before → after, temporary insanity, and an escaped source", () => {
    const rng = queuedRng();
    rng.queue(...percentileFaces(90), 6);
    const result = sanityTest(
      state(),
      { loss: "1/1D6", threat: "unnatural", source: "@everyone *it*" },
      DEFAULT_RULE_OPTIONS,
      rng,
    );
    const embed = sanTestEmbed({ who: "Ada", result, roller: "gm", eventId: 4 });
    const json = embed.toJSON();
    expect(json.title).toBe("❌ Failure — lost 6 SAN · SAN test (Unnatural, 1/1D6)");
    expect(json.description).toBe("**Ada**\nFacing: @\u200beveryone \\*it\\*");
    expect(fields(embed)).toMatchObject({
      "Loss rolled": "1D6 (failure) → [6] = **6**",
      SAN: "70 → **64** (lost 6)",
    });
    expect(fields(embed)["What it set off"]).toMatch(/^😱 \*\*Temporarily insane\*\* \(lost 6/);
    expect(json.footer?.text).toMatch(/· SAN test #4$/);
  });

  it("heads a result with its outcome and what it cost", () => {
    const paid = sanTestEmbed({
      who: "Ada",
      result: test(20, [], "1/1D6"),
      roller: "gm",
      eventId: 1,
    });
    expect(paid.toJSON().title).toBe("✅ Success — lost 1 SAN · SAN test (Unnatural, 1/1D6)");
    const free = sanTestEmbed({
      who: "Ada",
      result: test(20, [], "0/1D6"),
      roller: "gm",
      eventId: 1,
    });
    expect(free.toJSON().title).toBe("✅ Success — no SAN lost · SAN test (Unnatural, 0/1D6)");
  });

  it("says what a projection's WP cost caused: unconscious at WP 0", () => {
    const embed = sanTestEmbed({
      who: "Ada",
      result: test(90, [3]),
      roller: "gm",
      eventId: 4,
      conditions: [
        { code: "unconscious", by: { pool: "WP", value: 0 } },
        { code: "temporarily-insane", by: null },
      ],
    });
    expect(fields(embed)["What it set off"]).toBe("💤 **Ada falls unconscious (WP 0)**");
  });

  it("a projected result shows the 1D4, WP, Bond and reduced loss; violence adaptation ticks", () => {
    const rng = queuedRng();
    rng.queue(...percentileFaces(90), 5);
    const first = sanityTest(
      state(),
      { loss: "1/1D6", threat: "violence" },
      DEFAULT_RULE_OPTIONS,
      rng,
    );
    rng.queue(2, 2); // the projection's 1D4, then the adaptation 1D6 it now needs
    const projected = projectSanityTest(state(), first, "tom", DEFAULT_RULE_OPTIONS, rng);
    const embed = sanTestEmbed({
      who: "Ada",
      result: projected,
      roller: "Ada's player",
      eventId: 4,
      projectionEventId: 5,
    });
    expect(fields(embed)).toMatchObject({
      "Projected onto a Bond":
        "🔗 Onto **Tom \\*the\\* brother**: 1D4 = **2**\nWP 14 → 12 · Bond 12 → 10 · SAN loss 5 → 3",
      SAN: "70 → **67** (lost 3)",
      "What it set off":
        "Violence adaptation ☒☒☒ (3/3)\n🛡️ **Adapted to Violence**: its SAN tests now succeed automatically. Cost 1D6 = **2** from CHA and every Bond.\nCHA 12 → 10\nBond **Tom \\*the\\* brother** 10 → 8",
    });
    expect(embed.toJSON().footer?.text).toMatch(/SAN test #4 · projection #5$/);
  });

  it("offers projection and reactions only when they apply", () => {
    const ids = (rows: ReturnType<typeof sanResultRows>) =>
      rows.flatMap((r) =>
        r.toJSON().components.map((c) => (c as { custom_id?: string }).custom_id ?? ""),
      );
    expect(ids(sanResultRows({ eventId: 9, projectable: true, temporaryInsanity: true }))).toEqual([
      "san:project:9",
      "san:react:9:flee",
      "san:react:9:struggle",
      "san:react:9:submit",
      "san:calm:9",
    ]);
    expect(
      ids(sanResultRows({ eventId: 9, projectable: false, temporaryInsanity: false })),
    ).toEqual([]);
    // One reaction per episode: once chosen, only the GM's "episode over" is left, until it is.
    const chosen = {
      eventId: 9,
      projectable: false,
      temporaryInsanity: true,
      reaction: "flee" as const,
    };
    expect(ids(sanResultRows({ ...chosen, episodeOpen: true }))).toEqual(["san:calm:9"]);
    expect(ids(sanResultRows({ ...chosen, episodeOpen: false }))).toEqual([]);
  });

  it("shows the buttons Discord's builders would make, labels, emoji and colours included", () => {
    const rows = sanResultRows({ eventId: 9, projectable: true, temporaryInsanity: true });
    const button = (id: string, label: string, emoji: string, style: ButtonStyle) =>
      new ButtonBuilder().setCustomId(id).setLabel(label).setEmoji(emoji).setStyle(style).toJSON();
    expect(rows.map((r) => r.toJSON().components)).toEqual([
      [button("san:project:9", "Project onto a Bond", "🔗", ButtonStyle.Primary)],
      [
        button("san:react:9:flee", "Flee", "🏃", ButtonStyle.Secondary),
        button("san:react:9:struggle", "Struggle", "👊", ButtonStyle.Danger),
        button("san:react:9:submit", "Submit", "🫥", ButtonStyle.Secondary),
        button("san:calm:9", "Episode over (GM)", "🧘", ButtonStyle.Secondary),
      ],
    ]);
  });

  it("announces a reaction without markdown or mentions from the name", () => {
    expect(reactionAnnouncement("@here _Ada_", "flee")).toBe(
      "🏃 **@\u200bhere \\_Ada\\_**, temporarily insane, flees, running from the threat with everything they have. The GM narrates what follows.",
    );
  });
});

describe("group SAN test rendering", () => {
  it("fits 25 long results in one embed within Discord's limits", () => {
    const outcomes = Array.from({ length: 25 }, (_, i) => ({
      protagonist: { name: `${"Very long name ".repeat(8)}${i}` },
      result: test(95, [6], "1/1D6", "unnatural"),
      eventId: i + 1,
      conditions: [],
    }));
    const embed = sanGroupEmbed({
      outcomes,
      threat: "unnatural",
      notation: "1/1D6",
      source: "x".repeat(200),
      gmId: "300000000000000001",
    });
    const json = embed.toJSON();
    expect(json.fields).toHaveLength(25);
    const total =
      (json.title?.length ?? 0) +
      (json.description?.length ?? 0) +
      (json.footer?.text.length ?? 0) +
      (json.author?.name.length ?? 0) +
      (json.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    const rows = groupRows(
      outcomes.map((o) => ({
        eventId: o.eventId,
        name: o.protagonist.name,
        lost: 6,
        projectable: true,
        temporaryInsanity: true,
      })),
      { firstEventId: 1, size: 25 },
    );
    const menuIds = rows.map(
      (r) => (r.toJSON().components[0] as { custom_id?: string } | undefined)?.custom_id,
    );
    expect(menuIds).toEqual(["san:pick-project:1:25", "san:pick-react:1:25"]);
  });
});

describe("Bond rendering", () => {
  const view = (overrides: Partial<BondView>): BondView => ({
    id: "b",
    name: "Tom",
    kind: "individual",
    score: 9,
    max: 12,
    status: "active",
    crossedOff: false,
    fellowId: null,
    ...overrides,
  });

  it("crosses off broken and destroyed Bonds but lists them after the standing ones", () => {
    expect(bondLine(view({}))).toBe("**Tom** · individual · 9/12");
    const embed = bondListEmbed({
      protagonist: { id: "p", name: "Ada" },
      cha: 12,
      bonds: [
        view({ name: "Sam", score: 0, status: "broken", crossedOff: true }),
        view({ name: "Church", kind: "community", score: 7, max: 20 }),
      ],
    });
    expect(embed.toJSON().description).toBe(
      "**Church** · community · 7/20\n~~Sam~~ · individual · 0/12 · broken",
    );
  });
});
