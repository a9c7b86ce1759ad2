/**
 * The Components V2 sheet: readable at a glance, roll menus for every skill, the stats and Luck,
 * and within Discord's limits (checked by our fake Discord's own rules) for the largest sheet the
 * bot accepts.
 */
import { MessageFlags } from "discord.js";
import { describe, expect, it } from "vitest";
import {
  sheetLayout,
  V2_LIMITS,
} from "../../../../src/games/cthulhu-eternal/presentation/sheet-layout.js";
import { SKILL_NAME_MAX } from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { NOTES_MAX } from "../../../../src/games/cthulhu-eternal/services/protagonist-edit.js";
import { validateMessageBody } from "../../../support/fake-discord/validate.js";
import { displayText, customIds, menuOptions } from "../../../support/message-components.js";
import { snapshot, view } from "./sheet-fixtures.js";

const MENUS = { command: "protagonist", skillAction: "sskill", statAction: "sstat" };

const messagesOf = (containers: ReturnType<typeof sheetLayout>) =>
  containers.map((c) => ({ flags: MessageFlags.IsComponentsV2, components: [c] }));

function countComponents(components: readonly unknown[]): number {
  let count = 0;
  for (const raw of components) {
    const c = raw as { components?: unknown[]; accessory?: unknown };
    count += 1 + countComponents(c.components ?? []) + (c.accessory ? 1 : 0);
  }
  return count;
}

const largest = snapshot({
  name: "N".repeat(100),
  archetype: "A".repeat(100),
  notes: "Long notes line. ".repeat(200).slice(0, NOTES_MAX),
  skills: Array.from({ length: SHEET_LIMITS.skills }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Skill ${i} `.padEnd(SKILL_NAME_MAX, "s"),
    key: `skill ${i}`,
    rating: 99,
    failureMarked: i % 2 === 0,
    failureMarkVisibleTo: null,
  })),
  bonds: Array.from({ length: SHEET_LIMITS.bonds }, (_, i) => ({
    id: `b${i}`,
    name: `Bond ${i} `.padEnd(100, "x"),
    kind: "community" as const,
    score: 10,
    crossedOff: false,
    fellowId: null,
  })),
  disorders: Array.from({ length: SHEET_LIMITS.disorders }, (_, i) => ({
    id: `d${i}`,
    name: `Disorder ${i} `.padEnd(200, "y"),
    threat: null,
    cured: false,
  })),
});

describe("the sheet as Components V2", () => {
  it("reads at a glance: stats ×5, pools, skills with marks, Bonds, Resources; menus to roll", () => {
    const [message, ...more] = messagesOf(sheetLayout(view(snapshot()), [], MENUS));
    expect(more).toEqual([]);
    const text = displayText(message ?? {});
    expect(text).toContain("## Dr. Miriam Vance");
    expect(text).toContain("**INT** 17 · 85%");
    expect(text).toContain("**HP** 5/7 · **WP** 14/14 · **SAN** 60/99 max · **Breaking point** 56");
    expect(text).toContain("Occult **50** ☒ · Search **80**");
    expect(text).toContain("Tom — **12** (individual)");
    expect(text).toContain("checks ☒☐");
    expect(customIds(message ?? {})).toEqual(["protagonist:sskill:p1:0", "protagonist:sstat:p1"]);
    expect(menuOptions(message ?? {}, "protagonist:sskill:p1:0")).toEqual([
      { label: "Occult", value: "s1", description: "50% · failure mark ☒" },
      { label: "Search", value: "s2", description: "80%" },
    ]);
    expect(menuOptions(message ?? {}, "protagonist:sstat:p1").map((o) => o.label)).toEqual([
      "STR × 5 — 20%",
      "DEX × 5 — 55%",
      "CON × 5 — 50%",
      "INT × 5 — 85%",
      "POW × 5 — 70%",
      "CHA × 5 — 60%",
      "Luck — 50%",
    ]);
    expect(validateMessageBody(message ?? {})).toEqual([]);
  });

  it("a Protagonist out of play gets no roll menus", () => {
    const [message] = messagesOf(sheetLayout(view(snapshot({ status: "dead" })), [], MENUS));
    expect(customIds(message ?? {})).toEqual([]);
  });

  it("the largest sheet the bot accepts stays within Discord's limits, every skill in a menu", () => {
    const messages = messagesOf(
      sheetLayout(view(largest), [{ name: "Crafting", value: "c".repeat(1024) }], MENUS),
    );
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(validateMessageBody(message)).toEqual([]);
      expect(countComponents(message.components)).toBeLessThanOrEqual(V2_LIMITS.components);
      expect(displayText(message).length).toBeLessThanOrEqual(V2_LIMITS.text);
    }
    const text = messages.map(displayText).join("\n");
    for (const skill of largest.skills) expect(text).toContain(skill.name.slice(0, 40));
    expect(text).toContain("Disorder 29");
    expect(text).toContain("Bond 29");
    expect(text).toContain("### Crafting");
    const menus = customIds(messages[0] ?? {}).filter((id) => id.includes("sskill"));
    expect(menus).toHaveLength(Math.ceil(SHEET_LIMITS.skills / V2_LIMITS.selectOptions));
    const options = menus.flatMap((id) => menuOptions(messages[0] ?? {}, id));
    expect(options.map((o) => o.value)).toEqual(largest.skills.map((s) => s.id));
  });
});
