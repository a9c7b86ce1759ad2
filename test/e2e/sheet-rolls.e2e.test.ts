/**
 * Rolling from a posted sheet (a Components V2 message), through the real bot: a skill with a
 * modifier, a stat and Luck, public or secret, logged exactly as `/roll` logs them; a GM rolls
 * for another's Protagonist; anyone else is refused privately; a press reads the sheet as it is
 * now, never the numbers it was posted with.
 */
import { randomUUID } from "node:crypto";
import { InteractionResponseType, MessageFlags } from "discord.js";
import { SKILL_NAME_MAX } from "../../src/games/cthulhu-eternal/rules/creation/index.js";
import { SHEET_LIMITS } from "../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { NOTES_MAX } from "../../src/games/cthulhu-eternal/services/protagonist-edit.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredApiMessage } from "../support/fake-discord/index.js";
import { customIds, displayText } from "./support/messages.js";
import {
  isEphemeral,
  SECOND_PLAYER_ID,
  startSeededBot,
  type SeededBot,
} from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-sheet-rolls";
let t: SeededBot;
let mine: { id: string; name: string };
let theirs: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [first, second] = t.table.protagonists;
  if (first === undefined || second === undefined) throw new Error("the seed made no players");
  [mine, theirs] = [first, second];
}, 60_000);

afterAll(async () => {
  await t.stop();
});

async function postSheet(protagonistId: string, user?: string): Promise<StoredApiMessage> {
  return t.fake
    .sendSlashCommand({
      name: "protagonist",
      subcommand: "show",
      options: { protagonist: protagonistId },
      ...(user === undefined ? {} : { user }),
    })
    .waitForOriginal();
}

const menuId = (sheet: StoredApiMessage, action: string) =>
  customIds(sheet).find((id) => id.startsWith(`protagonist:${action}:`)) ?? "";

async function skillId(protagonistId: string, name: string): Promise<string> {
  const skill = await t.db.skill.findFirstOrThrow({ where: { protagonistId, name } });
  return skill.id;
}

/** Picks an option of a sheet's menu; the private panel it opens. */
function choose(sheet: StoredApiMessage, action: string, value: string, user?: string) {
  return t.fake.sendSelect({
    customId: menuId(sheet, action),
    messageId: sheet.id,
    values: [value],
    ...(user === undefined ? {} : { user }),
  });
}

/** The private panel a menu's choice opens (after the sheet is put back, which clears the choice). */
async function panelFor(sheet: StoredApiMessage, action: string, value: string, user?: string) {
  const [panel] = await choose(sheet, action, value, user).waitForFollowUps(1);
  if (!panel) throw new Error("no panel");
  return panel;
}

/** Presses a panel button by its label ("+20", "🔒 Roll"); the roll's answer. */
function press(panel: StoredApiMessage, label: string, user?: string) {
  const row = (panel.components ?? []) as {
    components: { label?: string; custom_id?: string }[];
  }[];
  const button = row.flatMap((r) => r.components).find((b) => b.label === label);
  return t.fake
    .sendButton({
      customId: button?.custom_id ?? "",
      messageId: panel.id,
      ...(user === undefined ? {} : { user }),
    })
    .response();
}

const latestEvent = () => t.db.event.findFirstOrThrow({ orderBy: { id: "desc" } });

describe("a sheet you can play from", () => {
  let sheet: StoredApiMessage;

  it("is posted as Components V2 with its roll menus", async () => {
    sheet = await postSheet(mine.id);
    expect((sheet.flags ?? 0) & MessageFlags.IsComponentsV2).not.toBe(0);
    expect(isEphemeral(sheet)).toBe(false);
    expect(displayText(sheet)).toContain(`## ${mine.name}`);
    expect(menuId(sheet, "sskill")).not.toBe("");
    expect(menuId(sheet, "sstat")).not.toBe("");
  });

  it("rolls a skill with a modifier for the table, logged as /roll logs it", async () => {
    const choice = choose(sheet, "sskill", await skillId(mine.id, "Occult"));
    // The sheet is put back first (a choice left showing in a menu can't be picked again).
    expect((await choice.response()).type).toBe(InteractionResponseType.UpdateMessage);
    const [panel] = await choice.waitForFollowUps(1);
    if (!panel) throw new Error("no panel");
    expect(isEphemeral(panel)).toBe(true);
    expect(panel.content).toContain("**Occult**");
    const answer = await press(panel, "+20");
    expect(isEphemeral(answer.data)).toBe(false);
    const embed = answer.data?.embeds?.[0];
    expect(embed?.title).toMatch(/— Occult$/);
    expect(embed?.fields?.find((f) => f.name === "Target")?.value).toContain("(50 + 20)");
    const fromSheet = await latestEvent();
    expect(fromSheet).toMatchObject({ kind: "test", visibility: "campaign" });
    expect(fromSheet.input).toMatchObject({
      subject: { kind: "skill", name: "Occult" },
      modifier: 20,
    });

    // The same roll typed: the same event.
    await t.fake
      .sendSlashCommand({ name: "roll", options: { skill: "Occult", modifier: 20 } })
      .response();
    const typed = await latestEvent();
    expect({ kind: typed.kind, visibility: typed.visibility, input: typed.input }).toEqual({
      kind: fromSheet.kind,
      visibility: fromSheet.visibility,
      input: fromSheet.input,
    });
  });

  it("rolls a stat secretly: only the roller sees it, logged for them and the GMs", async () => {
    const panel = await panelFor(sheet, "sstat", "POW");
    const answer = await press(panel, "🔒 Roll");
    expect(isEphemeral(answer.data)).toBe(true);
    expect(answer.data?.embeds?.[0]?.title).toMatch(/POW/);
    expect(await latestEvent()).toMatchObject({ kind: "test", visibility: "actor-and-gms" });
  });

  it("rolls Luck", async () => {
    const panel = await panelFor(sheet, "sstat", "luck");
    const answer = await press(panel, "−20");
    expect(answer.data?.embeds?.[0]?.title).toMatch(/Luck$/);
    expect(answer.data?.embeds?.[0]?.fields?.find((f) => f.name === "Target")?.value).toContain(
      "(50 − 20)",
    );
  });

  it("a press rolls the sheet as it is now, not as it was posted", async () => {
    const panel = await panelFor(sheet, "sskill", await skillId(mine.id, "Search"));
    await t.db.skill.updateMany({
      where: { protagonistId: mine.id, name: "Search" },
      data: { rating: 33 },
    });
    const answer = await press(panel, "Roll");
    expect(answer.data?.embeds?.[0]?.fields?.find((f) => f.name === "Target")?.value).toContain(
      "33",
    );
  });

  it("a GM rolls from another's sheet; anyone else is refused privately, nothing rolled", async () => {
    const theirSheet = await postSheet(theirs.id, t.gmId);
    const panel = await panelFor(theirSheet, "sstat", "INT", t.gmId);
    const answer = await press(panel, "Roll", t.gmId);
    expect(answer.data?.embeds?.[0]?.description ?? "").toContain(theirs.name);

    const before = await t.db.event.count();
    const refused = await choose(sheet, "sstat", "INT", SECOND_PLAYER_ID).response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toContain(
      `Only **${mine.name}**'s player and the campaign's GMs`,
    );
    const stolen = await press(await panelFor(sheet, "sstat", "INT"), "Roll", SECOND_PLAYER_ID);
    expect(isEphemeral(stolen.data)).toBe(true);
    expect(await t.db.event.count()).toBe(before);
  });

  it("the largest sheet the bot accepts is posted whole, every message within Discord's limits", async () => {
    const id = theirs.id;
    await t.db.skill.deleteMany({ where: { protagonistId: id } });
    await t.db.bond.deleteMany({ where: { protagonistId: id } });
    await t.db.skill.createMany({
      data: Array.from({ length: SHEET_LIMITS.skills }, (_, i) => {
        const name = `Skill ${i} `.padEnd(SKILL_NAME_MAX, "s");
        return { id: randomUUID(), protagonistId: id, name, key: name.toLowerCase(), rating: 99 };
      }),
    });
    await t.db.bond.createMany({
      data: Array.from({ length: SHEET_LIMITS.bonds }, (_, i) => ({
        protagonistId: id,
        name: `Bond ${i} `.padEnd(100, "b"),
        kind: "community",
        score: 10,
      })),
    });
    await t.db.disorder.createMany({
      data: Array.from({ length: SHEET_LIMITS.disorders }, (_, i) => ({
        protagonistId: id,
        name: `Disorder ${i} `.padEnd(200, "d"),
      })),
    });
    await t.db.protagonist.update({
      where: { id },
      data: { notes: "**Long** notes, -# with markup. ".repeat(70).slice(0, NOTES_MAX) },
    });
    const handle = t.fake.sendSlashCommand({
      name: "protagonist",
      subcommand: "show",
      options: { protagonist: id },
      user: t.gmId,
    });
    const first = await handle.waitForOriginal();
    // The sheet runs on over follow-ups; its last message ends with the campaign's name.
    let messages = [first];
    for (let k = 1; !displayText(messages.at(-1) ?? {}).includes("-# Campaign:") && k < 12; k++) {
      messages = [first, ...(await handle.waitForFollowUps(k))];
    }
    expect(messages.length).toBeGreaterThan(2);
    expect(handle.rejections()).toEqual([]);
    for (const message of messages) {
      // The fake refuses any message beyond Discord's limits; these were all accepted.
      expect((message.flags ?? 0) & MessageFlags.IsComponentsV2).not.toBe(0);
      expect(displayText(message).length).toBeLessThanOrEqual(4000);
    }
    const text = messages.map(displayText).join("\n");
    expect(text).toContain("Skill 99 ");
    expect(text).toContain("Bond 29 ");
    expect(text).toContain("Disorder 29 ");
    expect(text).toContain("### Notes");
    const skillMenus = customIds(first).filter((cid) => cid.startsWith("protagonist:sskill:"));
    expect(skillMenus).toHaveLength(4);
  });
});
