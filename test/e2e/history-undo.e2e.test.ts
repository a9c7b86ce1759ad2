/**
 * /history and /undo on a seeded table through the real bot: paging with Older / Newer (only for
 * the requester), undone entries marked, and undo's Confirm / Cancel with the database checked
 * after each, including the refusals when a later change depends on the one to undo.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buttonDisabled,
  listedIds,
  isEphemeral,
  startSeededBot,
  type SeededBot,
} from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-history-token";
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

async function hp(id: string): Promise<number> {
  return (await t.db.protagonist.findUnique({ where: { id } }))?.hp ?? -1;
}

async function hpChange(
  subcommand: "damage" | "heal",
  amount: number,
  user?: string,
): Promise<number> {
  const response = await t.fake
    .sendSlashCommand({
      name: "hp",
      subcommand,
      options: { amount: String(amount), protagonist: first.id },
      ...(user ? { user } : {}),
    })
    .response();
  expect(response.data?.embeds?.[0]?.title).toBe(`❤️ HP — ${first.name}`);
  return await t.latestEventId();
}

describe("/history", () => {
  const changes: number[] = [];

  it("lists a Protagonist's 10 newest events privately, then pages Older and Newer", async () => {
    for (let i = 0; i < 12; i += 1) changes.push(await hpChange(i % 2 ? "heal" : "damage", 1));
    const handle = t.fake.sendSlashCommand({
      name: "history",
      options: { protagonist: first.id },
    });
    const page = await handle.waitForOriginal();
    expect(isEphemeral(page)).toBe(true);
    const embed = page.embeds[0];
    expect(embed?.title).toBe(`📜 History — ${first.name}`);
    expect(listedIds(embed?.description)).toEqual(changes.slice(2).reverse());
    const line = embed?.description?.split("\n")[0] ?? "";
    expect(line).toMatch(
      new RegExp(`^\`#${changes[11]}\` <t:\\d+:R> <@${t.playerId}> ${first.name}: HP 9 → 10`),
    );
    expect(buttonDisabled(page, "history:older")).toBe(false);
    expect(buttonDisabled(page, "history:newer")).toBe(true);

    const older = await (await t.press(handle, "history:older")).response();
    expect(listedIds(older.data?.embeds?.[0]?.description)).toEqual(changes.slice(0, 2).reverse());
    const olderMessage = (await handle.waitForOriginal({
      predicate: (m) => listedIds(m.embeds[0]?.description).length === 2,
    })) as { components?: unknown[] };
    expect(buttonDisabled(olderMessage, "history:older")).toBe(true);
    expect(buttonDisabled(olderMessage, "history:newer")).toBe(false);

    const newer = await (await t.press(handle, "history:newer")).response();
    expect(listedIds(newer.data?.embeds?.[0]?.description)).toEqual(changes.slice(2).reverse());
  });

  it("tells anyone else pressing the buttons that they are not theirs", async () => {
    const handle = t.fake.sendSlashCommand({ name: "history", options: { public: true } });
    const page = await handle.waitForOriginal();
    expect(isEphemeral(page)).toBe(false);
    const stranger = await (await t.press(handle, "history:older", t.secondPlayerId)).response();
    expect(isEphemeral(stranger.data)).toBe(true);
    expect(stranger.data?.content).toMatch(/^These buttons belong to whoever ran `\/history`/);
    expect(t.fake.message(page.id)?.embeds[0]?.description).toBe(page.embeds[0]?.description);
  });
});

describe("/undo", () => {
  it("asks first; a stranger can't confirm; Cancel changes nothing", async () => {
    await t.setProtagonist(first.id, { hp: 10 });
    const change = await hpChange("damage", 2);
    const handle = t.fake.sendSlashCommand({ name: "undo" });
    const prompt = await handle.waitForOriginal();
    expect(isEphemeral(prompt)).toBe(true);
    expect(prompt.embeds[0]?.title).toBe(`↩️ Undo #${change}?`);
    expect(prompt.embeds[0]?.description).toBe(`${first.name}: HP 10 → 8 (damage 2)`);

    const stranger = await (await t.press(handle, "undo:confirm", t.secondPlayerId)).response();
    expect(stranger.data?.content).toMatch(/belong to whoever ran `\/undo`/);
    expect(await hp(first.id)).toBe(8);

    const cancel = await (await t.press(handle, "undo:cancel")).response();
    expect(cancel.data?.embeds?.[0]?.title).toBe(`Undo of #${change} cancelled`);
    expect(cancel.data?.components).toEqual([]);
    expect(await hp(first.id)).toBe(8);
    expect(await t.db.event.count({ where: { kind: "undo" } })).toBe(0);
  });

  it("Confirm restores the state, tells the table, and history marks the change undone", async () => {
    const change = await t.latestEventId();
    const handle = t.fake.sendSlashCommand({ name: "undo" });
    const confirm = await t.press(handle, "undo:confirm");
    const done = await confirm.response();
    expect(done.data?.embeds?.[0]?.title).toBe(`↩️ Undone #${change}`);
    expect(done.data?.embeds?.[0]?.fields?.[0]?.value).toBe(first.name);
    const [announcement] = await confirm.waitForFollowUps(1);
    expect(isEphemeral(announcement)).toBe(false);
    expect(announcement?.content).toBe(
      `↩️ <@${t.playerId}> undid #${change}: ${first.name}: HP 10 → 8 (damage 2)`,
    );
    expect(await hp(first.id)).toBe(10);
    const row = await t.db.event.findUnique({ where: { id: change } });
    expect(row?.undoneById).toBeGreaterThan(change);

    const history = await t.fake
      .sendSlashCommand({ name: "history", options: { protagonist: first.id } })
      .waitForOriginal();
    const lines = history.embeds[0]?.description?.split("\n") ?? [];
    expect(lines[0]).toMatch(/↩️ undid #\d+/);
    expect(lines[1]).toMatch(/~~.*HP 10 → 8 \(damage 2\)~~ \*\(undone\)\*$/);
  });

  it("refuses, privately, an undo a later change depends on — asked or confirmed", async () => {
    const mine = await hpChange("damage", 1);
    const gms = await hpChange("heal", 1, t.gmId);
    const asked = await t.fake.sendSlashCommand({ name: "undo" }).response();
    expect(isEphemeral(asked.data)).toBe(true);
    expect(asked.data?.embeds?.[0]?.title).toBe(`Can't undo #${mine}`);
    expect(asked.data?.embeds?.[0]?.description).toMatch(
      new RegExp(`^Later changes depend on #${mine} .*\n• #${gms} · ${first.name}: HP`),
    );
    // The GM's heal isn't the player's to undo: no "Undo back to" for them.
    expect(asked.data?.embeds?.[0]?.description).toContain(
      `You can't undo #${gms} (someone else's)`,
    );
    expect(asked.data?.components).toEqual([]);

    // The GM undoes their heal first; then a prompt for the player's change is valid...
    const gmUndo = t.fake.sendSlashCommand({ name: "undo", user: t.gmId });
    await (await t.press(gmUndo, "undo:confirm", t.gmId)).response();
    const handle = t.fake.sendSlashCommand({ name: "undo" });
    expect((await handle.waitForOriginal()).embeds[0]?.title).toBe(`↩️ Undo #${mine}?`);
    // ...until the GM changes the Protagonist again before the player confirms.
    const later = await hpChange("damage", 1, t.gmId);
    const hpBefore = await hp(first.id);
    const refused = await (await t.press(handle, "undo:confirm")).response();
    expect(refused.data?.embeds?.[0]?.title).toBe(`Can't undo #${mine}`);
    expect(refused.data?.embeds?.[0]?.description).toMatch(new RegExp(`\n• #${later} · `));
    expect(refused.data?.components).toEqual([]);
    expect(await hp(first.id)).toBe(hpBefore);
  });

  it("offers a GM the campaign's recent changes to undo", async () => {
    const response = await t.fake
      .sendAutocomplete({ name: "undo", options: { event: "" }, focused: "event", user: t.gmId })
      .response();
    const choices =
      (response.data as { choices?: { name: string; value: number }[] }).choices ?? [];
    const latest = await t.latestEventId();
    expect(choices[0]?.value).toBe(latest);
    expect(choices[0]?.name).toMatch(new RegExp(`^#${latest} · ${first.name}: HP`));
  });
  it("searches the changes by what their lines say, not by the log's stored fields", async () => {
    const damage = await hpChange("damage", 1, t.gmId);
    const suggested = async (query: string): Promise<number[]> => {
      const response = await t.fake
        .sendAutocomplete({
          name: "undo",
          options: { event: query },
          focused: "event",
          user: t.gmId,
        })
        .response();
      const choices = (response.data as { choices?: { value: number }[] }).choices ?? [];
      return choices.map((choice) => choice.value);
    };
    expect(await suggested("DAMAGE 1")).toContain(damage);
    expect(await suggested(`${first.name}: hp`)).toContain(damage);
    expect(await suggested(`#${damage}`)).toEqual([damage]);
    // Words of the stored payload that no line shows find nothing.
    expect(await suggested("died")).toEqual([]);
    expect(await suggested('"action"')).toEqual([]);
  });
});

describe("/history words", () => {
  it("shows outcomes and places in the game's words, in events logged before too", async () => {
    // An event logged by an older version, with the codes its summary carried then.
    await t.db.event.create({
      data: {
        guildId: t.fake.guild().id,
        campaignId: t.table.campaignId,
        actorId: t.playerId,
        kind: "test",
        sessionNumber: 1,
        input: {},
        summary: `${first.name}: Alertness 11 vs 60: critical-success`,
        visibility: "campaign",
      },
    });
    await t.setProtagonist(first.id, { resourcesChecked: 0 });
    const tested = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "test", options: { where: "at-hand" } })
      .response();
    expect(tested.data?.embeds?.[0]?.title).toMatch(/Resources \(at hand\)$/);

    const page = await t.fake.sendSlashCommand({ name: "history" }).response();
    const lines = page.data?.embeds?.[0]?.description ?? "";
    expect(lines).toContain(`${first.name}: Resources test (at hand, normal)`);
    expect(lines).toContain(`${first.name}: Alertness 11 vs 60: critical success`);
    expect(lines).not.toMatch(/critical-success|at-hand/);
  });
});
