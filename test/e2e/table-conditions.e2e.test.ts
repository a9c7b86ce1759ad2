/**
 * Issue #16 "At the table", through the real bot: conditions shown as badges on the sheet, the
 * party view and the list, and said by the result that causes them (here WP 0 reached by
 * projecting, and HP 2); temporary insanity as an episode that lasts until the GM ends it; one
 * reaction per episode, however many presses arrive at once; a SAN result headed by its cost.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customIds, displayText, fieldValue, menuOptions } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-table-conditions";
let t: SeededBot;
let first: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [p1] = t.table.protagonists;
  if (!p1) throw new Error("the seed makes two Protagonists");
  first = p1;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

/** The seeded sheet: SAN 70, WP 14, HP 10, Tom an individual Bond at 12. */
beforeEach(async () => {
  for (const p of t.table.protagonists) {
    await t.setProtagonist(p.id, {
      san: 70,
      breakingPoint: 56,
      wp: 14,
      hp: 10,
      status: "active",
      temporarilyInsane: false,
    });
  }
});

async function lastSanTestId(): Promise<number> {
  const row = await t.db.event.findFirst({ where: { kind: "san-test" }, orderBy: { id: "desc" } });
  return row?.id ?? 0;
}

async function sheetDescription(): Promise<string> {
  const shown = await t.fake
    .sendSlashCommand({ name: "protagonist", subcommand: "show" })
    .waitForOriginal();
  // The sheet's heading: name, archetype and player, then the condition badges.
  const text = displayText(shown);
  return text.slice(0, text.indexOf("\n**STR**"));
}

async function partyField(name: string): Promise<string> {
  const party = await t.fake
    .sendSlashCommand({ name: "campaign", subcommand: "party", user: t.gmId })
    .waitForOriginal();
  return party.embeds[0]?.fields?.find((f) => f.name === name)?.value ?? "";
}

async function listText(): Promise<string> {
  const list = await t.fake
    .sendSlashCommand({ name: "protagonist", subcommand: "list" })
    .waitForOriginal();
  return list.embeds[0]?.description ?? "";
}

describe("conditions", () => {
  it("WP 0 reached by projecting: the result says so, and the sheet, party and list show it", async () => {
    await t.setProtagonist(first.id, { wp: 1 });
    const message = await t.fake
      .sendSlashCommand({ name: "san", options: { loss: "5/5", threat: "unnatural" } })
      .waitForOriginal();
    const eventId = await lastSanTestId();
    await t.fake
      .sendButton({ customId: `san:project:${eventId}`, messageId: message.id })
      .waitForOriginal({ predicate: (m) => customIds(m).includes(`san:bond:${eventId}`) });
    const [tom] = menuOptions(t.fake.message(message.id) ?? {}, `san:bond:${eventId}`).filter(
      (o) => o.label === "Her brother Tom",
    );
    const projected = await t.fake
      .sendSelect({
        customId: `san:bond:${eventId}`,
        values: [tom?.value ?? ""],
        messageId: message.id,
      })
      .waitForOriginal({
        predicate: (m) => fieldValue(m.embeds[0], "Projected onto a Bond") !== undefined,
      });
    expect(fieldValue(projected.embeds[0], "What it set off")).toContain(
      `💤 **${first.name} falls unconscious (WP 0)**`,
    );

    expect(await sheetDescription()).toMatch(/\n💤 Unconscious$/);
    expect(await partyField(first.name)).toContain("💤 Unconscious");
    expect(await listText()).toContain("HP 10/10 · WP 0/14 · SAN 66 · 💤 Unconscious");
  });

  it("HP 2 reads unconscious, not Active, and a healthy sheet reads Active", async () => {
    expect(await sheetDescription()).toMatch(/\n🟢 Active$/);
    const hit = await t.fake
      .sendSlashCommand({ name: "hp", subcommand: "damage", options: { amount: "8" } })
      .response();
    expect(hit.data?.embeds?.[0]?.description).toBe(
      `💤 **${first.name} falls unconscious (HP 2)**`,
    );
    expect(await sheetDescription()).toMatch(/\n💤 Unconscious$/);
  });
});

describe("temporary insanity", () => {
  it("shows until the GM ends the episode; a player can't end it", async () => {
    const message = await t.fake
      .sendSlashCommand({ name: "san", options: { loss: "6/6", threat: "unnatural" } })
      .waitForOriginal();
    const eventId = await lastSanTestId();
    expect(await sheetDescription()).toMatch(/\n😱 Temporarily insane$/);

    const byPlayer = await t.fake
      .sendButton({ customId: `san:calm:${eventId}`, messageId: message.id })
      .response();
    expect(isEphemeral(byPlayer.data)).toBe(true);
    expect(byPlayer.data?.content).toMatch(/^Only a GM ends an episode of temporary insanity/);
    expect(await sheetDescription()).toMatch(/😱 Temporarily insane/);

    const ended = t.fake.sendButton({
      customId: `san:calm:${eventId}`,
      messageId: message.id,
      user: t.gmId,
    });
    const [announcement] = await ended.waitForFollowUps(1);
    expect(announcement?.content).toBe(
      `🧘 **${first.name}**'s episode of temporary insanity is over.`,
    );
    // Ending the episode is a change: the loss can't be projected under it any more.
    expect(customIds(await ended.waitForOriginal())).toEqual([]);
    expect(await sheetDescription()).toMatch(/\n🟢 Active$/);
  });

  it("announces one reaction per episode, even for two presses at once", async () => {
    const message = await t.fake
      .sendSlashCommand({ name: "san", options: { loss: "6/6", threat: "unnatural" } })
      .waitForOriginal();
    const eventId = await lastSanTestId();
    const flee = t.fake.sendButton({
      customId: `san:react:${eventId}:flee`,
      messageId: message.id,
    });
    const struggle = t.fake.sendButton({
      customId: `san:react:${eventId}:struggle`,
      messageId: message.id,
    });
    const answers = await Promise.all([flee.response(), struggle.response()]);
    const refused = answers.filter((a) => isEphemeral(a.data));
    expect(refused).toHaveLength(1);
    expect(refused[0]?.data?.content).toMatch(
      new RegExp(`^\\*\\*${first.name}\\*\\* already chose to \\*\\*(Flee|Struggle)\\*\\*`),
    );
    const winner = isEphemeral(answers[0].data) ? struggle : flee;
    const [chosen] = await winner.waitForFollowUps(1);
    expect(chosen?.content).toMatch(/temporarily insane, (flees|struggles)/);
    const announcements = t.fake
      .channelMessages(t.fake.defaultChannelId())
      .filter((m) => BigInt(m.id) > BigInt(message.id) && /temporarily insane, /.test(m.content));
    expect(announcements.map((m) => m.id)).toEqual([chosen?.id]);
    const reactions = (await t.db.event.findMany({ where: { kind: "san-reaction" } })).filter(
      (event) => (event.input as { sanEventId?: unknown }).sanEventId === eventId,
    );
    expect(reactions).toHaveLength(1);

    const later = await t.fake
      .sendButton({ customId: `san:react:${eventId}:submit`, messageId: message.id })
      .response();
    expect(isEphemeral(later.data)).toBe(true);
    expect(later.data?.content).toMatch(/already chose to \*\*(Flee|Struggle)\*\*/);
  });
});

describe("SAN results", () => {
  it("head a success that still costs SAN with its cost", async () => {
    await t.setProtagonist(first.id, { san: 99 });
    const message = await t.fake
      .sendSlashCommand({ name: "san", options: { loss: "1/3", threat: "unnatural" } })
      .waitForOriginal();
    // SAN 99: everything but 100 succeeds.
    expect(message.embeds[0]?.title).toMatch(
      /^(✅ Success — lost 1 SAN|✨ Critical success — lost 1 SAN|💀 Fumble — lost 3 SAN) · SAN test/,
    );
  });
});
