/**
 * /bond on a seeded table (a GM and two players) through the real bot process: the list with
 * crossed-off Bonds, add, damage to broken, improve capped at CHA, repression, projecting the
 * latest SAN loss, and the Bond autocomplete. Each seeded sheet has CHA 12, WP 14, SAN 70, and
 * the Bonds "Her brother Tom" (individual, 12) and "Miskatonic University faculty" (community).
 */
import { InteractionResponseType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeDiscord } from "../support/fake-discord/index.js";
import { customIds, fieldValue, isEphemeral } from "./support/messages.js";
import { startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-bond-token";
const TOM = "Her brother Tom";
const FACULTY = "Miskatonic University faculty";
let t: SeededBot;
let fake: FakeDiscord;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  fake = t.fake;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const mine = () => t.table.protagonists[0]?.id ?? "";
const theirs = () => t.table.protagonists[1]?.id ?? "";

interface BondRow {
  id: string;
  name: string;
  score: number;
  crossedOff: boolean;
}

function bonds(protagonistId: string): Promise<BondRow[]> {
  return t.db.bond.findMany({
    where: { protagonistId },
    select: { id: true, name: true, score: true, crossedOff: true },
    orderBy: { createdAt: "asc" },
  });
}

async function bond(protagonistId: string, name: string): Promise<BondRow> {
  const found = (await bonds(protagonistId)).find((b) => b.name === name);
  if (!found) throw new Error(`no Bond ${name}`);
  return found;
}

async function wp(protagonistId: string): Promise<number> {
  const row = await t.db.protagonist.findUnique({ where: { id: protagonistId } });
  return row?.wp ?? -1;
}

function sanTests(): Promise<number> {
  return t.db.event.count({ where: { kind: "san-test" } });
}

async function bondCommand(subcommand: string, options: Record<string, string | number> = {}) {
  return fake.sendSlashCommand({ name: "bond", subcommand, options }).waitForOriginal();
}

describe("/bond", () => {
  it("lists every Bond with its kind, score and maximum", async () => {
    const message = await bondCommand("list");
    const embed = message.embeds[0];
    expect(embed?.title).toBe("Bonds — Protagonist 1");
    const faculty = (await bond(mine(), FACULTY)).score;
    // Bonds made together share a creation time: their order is not part of the contract.
    expect(embed?.description?.split("\n").sort()).toEqual(
      [`**${FACULTY}** · community · ${faculty}/20`, `**${TOM}** · individual · 12/12`].sort(),
    );
    expect(embed?.footer?.text).toMatch(/up to CHA \(12\)/);
  });

  it("adds a Bond at CHA, and damage that breaks it crosses it off but keeps it listed", async () => {
    const added = await bondCommand("add", { name: "Old friend *Sam*", kind: "individual" });
    expect(added.embeds[0]?.description).toBe(
      "**Protagonist 1**\n**Old friend \\*Sam\\*** · individual · 12/12",
    );
    const sam = await bond(mine(), "Old friend *Sam*");
    expect(sam.score).toBe(12);

    const broken = await bondCommand("damage", { bond: sam.id, amount: "99" });
    const embed = broken.embeds[0];
    expect(embed?.title).toBe("💔 Bond broken");
    expect(embed?.description).toMatch(/~~Old friend \\\*Sam\\\*~~ 12 → \*\*0\*\* \(−99\)/);
    expect(embed?.description).toMatch(/the GM may call for a Helplessness SAN test/);
    expect(await bond(mine(), "Old friend *Sam*")).toMatchObject({ score: 0, crossedOff: true });

    // The answer carries the GM's button for the Helplessness SAN test; a player is told who may.
    const [helpless] = customIds(broken).filter((id) => id.startsWith("bond:helpless:"));
    expect(helpless).toMatch(new RegExp(`^bond:helpless:\\d+:${sam.id}$`));
    const byPlayer = await fake
      .sendButton({ customId: helpless ?? "", messageId: broken.id })
      .response();
    expect(isEphemeral(byPlayer.data)).toBe(true);
    expect(byPlayer.data?.content).toMatch(
      /^Only a GM \(the campaign's GMs, or anyone with Manage/,
    );
    const opened = await fake
      .sendButton({ customId: helpless ?? "", messageId: broken.id, user: fake.guild().ownerId })
      .response();
    expect(opened.type).toBe(InteractionResponseType.Modal);
    const form = String(opened.data?.custom_id);
    expect(JSON.stringify(fake.shownModal(form))).toContain('"value":"0/1D4"');
    const tests = await sanTests();
    const result = await fake
      .sendModalSubmit({
        customId: form,
        fields: { loss: "0/0", source: "Sam walked out" },
        messageId: broken.id,
        user: fake.guild().ownerId,
      })
      .waitForOriginal();
    expect(isEphemeral(result)).toBe(false);
    expect(result.embeds[0]?.title).toMatch(/ — no SAN lost · SAN test \(Helplessness, 0\/0\)$/);
    expect(result.embeds[0]?.description).toBe("**Protagonist 1**\nFacing: Sam walked out");
    expect(await sanTests()).toBe(tests + 1);
    // Once per broken Bond.
    const twice = await fake
      .sendButton({ customId: helpless ?? "", messageId: broken.id, user: fake.guild().ownerId })
      .response();
    expect(isEphemeral(twice.data)).toBe(true);
    expect(twice.data?.content).toMatch(/was already rolled \(#\d+\)/);

    const list = await bondCommand("list");
    expect(list.embeds[0]?.description?.split("\n").at(-1)).toBe(
      "~~Old friend \\*Sam\\*~~ · individual · 0/12 · broken",
    );

    const again = await fake
      .sendSlashCommand({
        name: "bond",
        subcommand: "damage",
        options: { bond: sam.id, amount: "1" },
      })
      .response();
    expect(isEphemeral(again.data)).toBe(true);
    expect(again.data?.content).toMatch(/cannot be damaged: it is broken/);
  });

  it("rolls 1D4 of damage and shows the face it rolled", async () => {
    const before = (await bond(mine(), FACULTY)).score;
    const message = await bondCommand("damage", { bond: FACULTY, amount: "1d4" });
    const after = (await bond(mine(), FACULTY)).score;
    const description = message.embeds[0]?.description ?? "";
    const rolled = Number(/\(1D4 = \*\*(\d)\*\*\)/.exec(description)?.[1]);
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(rolled).toBeLessThanOrEqual(4);
    // The community Bond starts low (half Resources), so the roll may break it: it stops at 0.
    expect(after).toBe(Math.max(0, before - rolled));
    const name = after === 0 ? `~~${FACULTY}~~` : `**${FACULTY}**`;
    expect(description).toContain(`${name} ${before} → **${after}** (1D4 = **${rolled}**)`);
  });

  it("improves a Bond up to CHA and says when the cap cut the gain", async () => {
    await bondCommand("damage", { bond: TOM, amount: "2" });
    const message = await bondCommand("improve", { bond: TOM, amount: 5 });
    expect(message.embeds[0]?.description).toBe(
      `**Protagonist 1**\n**${TOM}** 10 → **12** (+2)\nCapped at 12 (CHA): asked +5, gained +2.`,
    );
    const full = await fake
      .sendSlashCommand({ name: "bond", subcommand: "improve", options: { bond: TOM, amount: 1 } })
      .response();
    expect(full.data?.content).toMatch(/already at its maximum \(12\)/);
  });

  it("suggests the closest Bond for a name that matches none, and changes nothing", async () => {
    const before = (await bond(mine(), TOM)).score;
    const typo = await fake
      .sendSlashCommand({
        name: "bond",
        subcommand: "improve",
        options: { bond: "Her brothr Tom", amount: 1 },
      })
      .response();
    expect(typo.data?.content).toBe(
      `**Protagonist 1** has no Bond “Her brothr Tom”. Did you mean **${TOM}**?`,
    );
    expect((await bond(mine(), TOM)).score).toBe(before);
  });

  it("represses insanity: shows the WP and Bond paid, then the SAN test", async () => {
    const wpBefore = await wp(mine());
    const tomBefore = (await bond(mine(), TOM)).score;
    const message = await bondCommand("repress", { bond: TOM, episode: "the voices" });
    const embed = message.embeds[0];
    const paid = wpBefore - (await wp(mine()));
    expect(embed?.title).toMatch(/^(✅ Repressed|❌ Not repressed) — Repressing insanity$/);
    expect(embed?.description).toBe("**Protagonist 1**\nRepressing: the voices");
    expect(fieldValue(embed, "Cost (paid either way)")).toBe(
      `🔗 Drew on **${TOM}**: 1D4 = **${paid}**\nWP ${wpBefore} → ${wpBefore - paid} · Bond ${tomBefore} → ${tomBefore - paid}`,
    );
    expect(fieldValue(embed, "SAN test")).toMatch(
      /^\*\*\d{2,3}\*\* \(tens \d, ones \d\) vs SAN 70$/,
    );
    expect((await bond(mine(), TOM)).score).toBe(tomBefore - paid);
  });

  it("projects the latest SAN loss onto a Bond, once", async () => {
    await fake
      .sendSlashCommand({ name: "san", options: { loss: "3/3", threat: "unnatural" } })
      .waitForOriginal();
    const tomBefore = (await bond(mine(), TOM)).score;
    const wpBefore = await wp(mine());
    const message = await bondCommand("project", { bond: TOM });
    const roll = wpBefore - (await wp(mine()));
    expect(fieldValue(message.embeds[0], "Projected onto a Bond")).toBe(
      `🔗 Onto **${TOM}**: 1D4 = **${roll}**\nWP ${wpBefore} → ${wpBefore - roll} · Bond ${tomBefore} → ${tomBefore - roll} · SAN loss 3 → ${Math.max(0, 3 - roll)}`,
    );
    const again = await fake
      .sendSlashCommand({ name: "bond", subcommand: "project", options: { bond: FACULTY } })
      .response();
    expect(isEphemeral(again.data)).toBe(true);
    expect(again.data?.content).toMatch(/already been projected/);
  });

  it("autocompletes only the standing Bonds of the Protagonist in question", async () => {
    const choices = async (options: Record<string, string>) => {
      const response = await fake
        .sendAutocomplete({
          name: "bond",
          subcommand: "damage",
          options: { bond: "", ...options },
          focused: "bond",
        })
        .response();
      return (response.data?.choices ?? []).map((c) => c.value);
    };
    // Bonds made together share a creation time, so compare as sets.
    const standing = async (id: string) =>
      (await bonds(id))
        .filter((b) => !b.crossedOff)
        .map((b) => b.id)
        .sort();
    expect((await choices({})).sort()).toEqual(await standing(mine()));
    expect((await choices({ protagonist: theirs() })).sort()).toEqual(await standing(theirs()));
    expect(await standing(theirs())).not.toContain((await standing(mine()))[0]);
  });
});
