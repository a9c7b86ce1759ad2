/**
 * /undo at the table through the real bot: players may not undo their own rolls and tests unless
 * the campaign allows it, and an undo blocked by later changes lists the whole chain and offers
 * "Undo back to", which undoes it all or refuses a chain that changed since.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttonIds, isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-undo-chain-token";
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

const sheet = () => t.db.protagonist.findUnique({ where: { id: first.id } });
const hp = async () => (await sheet())?.hp ?? -1;
const san = async () => (await sheet())?.san ?? -1;
const undoneBy = async (id: number) =>
  (await t.db.event.findUnique({ where: { id } }))?.undoneById ?? null;

async function damage(): Promise<number> {
  await t.fake
    .sendSlashCommand({
      name: "hp",
      subcommand: "damage",
      options: { amount: "1", protagonist: first.id },
    })
    .response();
  return await t.latestEventId();
}

describe("player-undo-rolls", () => {
  it("refuses a player's undo of their own SAN test by default, then allows it once on", async () => {
    // 2/2 costs SAN whatever the roll.
    await t.fake
      .sendSlashCommand({ name: "san", options: { loss: "2/2", threat: "unnatural" } })
      .waitForOriginal();
    const test = await t.latestEventId();
    const sanAfter = await san();
    const refused = await t.fake
      .sendSlashCommand({ name: "undo", options: { event: test } })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toMatch(/only a GM can: ask a GM to undo it/);
    expect(refused.data?.content).toContain("`/campaign settings player-undo-rolls:True`");
    expect(await san()).toBe(sanAfter);

    const on = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "settings",
        options: { "player-undo-rolls": true },
        user: t.gmId,
      })
      .response();
    expect(JSON.stringify(on.data)).toMatch(/Players undo rolls/);
    const handle = t.fake.sendSlashCommand({ name: "undo", options: { event: test } });
    expect((await handle.waitForOriginal()).embeds[0]?.title).toBe(`↩️ Undo #${test}?`);
    const done = await (await t.press(handle, "undo:confirm")).response();
    expect(done.data?.embeds?.[0]?.title).toBe(`↩️ Undone #${test}`);
    expect(await san()).toBe(sanAfter + 2);
  });
});

describe("undo back to", () => {
  it("lists the whole chain and undoes it, newest first, with the asked change", async () => {
    await t.setProtagonist(first.id, { hp: 10 });
    const asked = await damage();
    const second = await damage();
    const third = await damage();
    const handle = t.fake.sendSlashCommand({ name: "undo", options: { event: asked } });
    const prompt = await handle.waitForOriginal();
    expect(isEphemeral(prompt)).toBe(true);
    const lines = prompt.embeds[0]?.description?.split("\n") ?? [];
    expect(lines.slice(1, 3)).toEqual([
      `• #${second} · ${first.name}: HP 9 → 8 (damage 1)`,
      `• #${third} · ${first.name}: HP 8 → 7 (damage 1)`,
    ]);
    expect(buttonIds(prompt)[0]).toMatch(/^undo:back:/);

    const press = await t.press(handle, "undo:back");
    const done = await press.response();
    expect(done.data?.embeds?.[0]?.title).toBe(`↩️ Undone back to #${asked}`);
    expect(done.data?.components).toEqual([]);
    expect(await hp()).toBe(10);
    for (const id of [asked, second, third]) expect(await undoneBy(id)).not.toBeNull();
    const [announcement] = await press.waitForFollowUps(1);
    expect(isEphemeral(announcement)).toBe(false);
    expect(announcement?.content.split("\n")).toHaveLength(3);
  });

  it("refuses a press after the chain changed, undoing nothing", async () => {
    const asked = await damage();
    await damage();
    const handle = t.fake.sendSlashCommand({ name: "undo", options: { event: asked } });
    await handle.waitForOriginal();
    const newer = await damage();
    const hpBefore = await hp();
    const refused = await (await t.press(handle, "undo:back")).response();
    expect(refused.data?.embeds?.[0]?.description).toMatch(/have changed since this was shown/);
    expect(refused.data?.components).toEqual([]);
    expect(await hp()).toBe(hpBefore);
    expect(await undoneBy(asked)).toBeNull();
    expect(await undoneBy(newer)).toBeNull();
  });
});
