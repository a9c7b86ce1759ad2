/**
 * Gear and attacks through the built bot: off until a GM switches it on; a player arms their
 * Protagonist and attacks another until each damage type's critical has shown (Default +1D10,
 * Blasting doubled, Piercing maximum, Periodic a wound), the target's armour and HP applied; the
 * GM runs a round of the wound and the player treats it. The dice are the bot's own: Firearms is
 * set to 99, so every doubled roll is a critical and one comes soon.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldValue } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-gear-token";
const UNLIMITED = { WRITE_RATE_LIMIT_BURST: "1000", ROLL_RATE_LIMIT_BURST: "1000" };
let t: SeededBot;
let attacker: { id: string; name: string };
let target: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { env: UNLIMITED });
  const [first, second] = t.table.protagonists;
  if (!first || !second) throw new Error("the seed makes two Protagonists");
  attacker = first;
  target = second;
  await t.db.skill.updateMany({
    where: { protagonistId: attacker.id, name: "Firearms" },
    data: { rating: 99 },
  });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const gear = (
  subcommand: string,
  options: Record<string, string | number | boolean>,
  user?: string,
) =>
  t.fake
    .sendSlashCommand({ name: "gear", subcommand, options, ...(user ? { user } : {}) })
    .response();
const targetGear = async () => {
  const row = await t.db.protagonist.findUniqueOrThrow({
    where: { id: target.id },
    select: { extras: true, hp: true, hpMax: true },
  });
  const extras = row.extras as {
    gear?: { periodic: { name: string }[]; armour: { protection: number }[] };
  } | null;
  return {
    hp: row.hp,
    hpMax: row.hpMax,
    periodic: extras?.gear?.periodic ?? [],
    armour: extras?.gear?.armour ?? [],
  };
};

describe("gear and attacks, an Extra", () => {
  it("answers privately while the module is off, naming it and how a GM turns it on", async () => {
    const off = await gear("list", {});
    expect(isEphemeral(off.data)).toBe(true);
    expect(off.data?.content).toContain("Gear and Attacks");
    expect(off.data?.content).toContain("/campaign extras");
  });

  it("shows each damage type's critical on a Protagonist target, armour and HP applied", async () => {
    await t.switchOn("gear");
    for (const [name, type] of [
      ["Pistol", "default"],
      ["Grenade", "blasting"],
      ["Rifle", "piercing"],
      ["Flamer", "periodic"],
    ] as const) {
      const added = await gear("weapon", {
        name,
        skill: "Firearms",
        damage: "1D6",
        range: "far",
        type,
      });
      expect(added.data?.content).toContain(`now has **${name}**`);
    }
    const vest = await gear(
      "armour",
      { name: "Vest", protection: 1, fragile: true, protagonist: target.id },
      t.gmId,
    );
    expect(vest.data?.content).toContain("protection 1 (Fragile)");

    const expected = {
      Pistol: /Critical \(Default\): \+1D10 \(\d+\)/,
      Grenade: /Critical \(Blasting\): damage doubled/,
      Rifle: /Critical \(Piercing\): the dice's maximum, 6/,
      Flamer: /Critical \(Periodic\): a \*\*Flamer\*\* wound/,
    };
    for (const [weapon, effect] of Object.entries(expected)) {
      let seen = false;
      for (let attempt = 0; attempt < 300 && !seen; attempt += 1) {
        await t.setProtagonist(target.id, { hp: 12, hpMax: 12, status: "active" });
        const answer = await gear("attack", { weapon, target: target.id });
        const embed = answer.data?.embeds?.[0];
        if (!embed?.title?.startsWith("✨")) continue;
        seen = true;
        expect(fieldValue(embed, "Damage")).toMatch(effect);
        const dealt = Number(/\*\*(\d+) damage\*\*/.exec(fieldValue(embed, "Damage") ?? "")?.[1]);
        expect(fieldValue(embed, target.name)).toContain(`HP 12 → **${Math.max(0, 12 - dealt)}**`);
        expect((await targetGear()).hp).toBe(Math.max(0, 12 - dealt));
      }
      expect(seen, `no critical with ${weapon}`).toBe(true);
    }
    const after = await targetGear();
    expect(after.periodic.map((p) => p.name)).toEqual(["Flamer"]);
    expect(after.armour[0]?.protection).toBe(0);
  });

  it("hurts each round until treated; only a GM runs the round", async () => {
    await t.setProtagonist(target.id, { hp: 12, hpMax: 12, status: "active" });
    const refused = await gear("periodic", { protagonist: target.id });
    expect(isEphemeral(refused.data)).toBe(true);
    const round = await gear("periodic", { protagonist: target.id }, t.gmId);
    expect(round.data?.embeds?.[0]?.description).toMatch(/Flamer: 1D6 = \d/);
    const treated = await gear("treat", { item: "Flamer", protagonist: target.id }, t.gmId);
    expect(treated.data?.content).toContain("wound is treated");
    expect((await targetGear()).periodic).toEqual([]);
  });

  it("an entity: a GM arms it and it strikes; attacked, the table sees hurt, never its HP", async () => {
    await t.switchOn("entities");
    await t.fake
      .sendSlashCommand({
        name: "entity",
        subcommand: "add",
        options: { name: "Deep One", kind: "creature", hp: 40, tags: "Armored 1" },
        user: t.gmId,
      })
      .response();
    const armed = await gear(
      "weapon",
      { entity: "Deep One", name: "Claws", damage: "1D4", range: "touch" },
      t.gmId,
    );
    // Hidden: the GM's alone.
    expect(isEphemeral(armed.data)).toBe(true);
    expect(armed.data?.content).toContain("**Deep One** now has **Claws**");
    await t.setProtagonist(target.id, { hp: 12, hpMax: 12, status: "active" });
    const struck = await gear(
      "strike",
      { entity: "Deep One", weapon: "Claws", target: target.id },
      t.gmId,
    );
    const strikeEmbed = struck.data?.embeds?.[0];
    expect(strikeEmbed?.title).toBe(`⚔️ Something unseen strikes ${target.name}`);
    const dealt = Number(/\*\*(\d+) damage\*\*/.exec(fieldValue(strikeEmbed, "Damage") ?? "")?.[1]);
    expect((await targetGear()).hp).toBe(12 - dealt);
    const playerStrike = await gear("strike", {
      entity: "Deep One",
      weapon: "Claws",
      target: target.id,
    });
    expect(isEphemeral(playerStrike.data)).toBe(true);

    await t.fake
      .sendSlashCommand({
        name: "entity",
        subcommand: "show",
        options: { name: "Deep One" },
        user: t.gmId,
      })
      .response();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const answer = await gear("attack", { weapon: "Pistol", opponent: "Deep One" });
      const embed = answer.data?.embeds?.[0];
      if (!embed?.title?.startsWith("✅") && !embed?.title?.startsWith("✨")) continue;
      expect(isEphemeral(answer.data)).toBe(false);
      // A roll of 1 is all stopped by Armored 1: unhurt; anything more hurts it (40 HP).
      const campaign = await t.db.campaign.findFirstOrThrow({ where: { id: t.table.campaignId } });
      const extras = campaign.extras as {
        entities?: { data?: { entities: { wounds: number }[] } };
      };
      const wounds = extras.entities?.data?.entities[0]?.wounds ?? -1;
      expect(fieldValue(embed, "Deep One")).toBe(wounds > 0 ? "🩸 Hurt" : "Unhurt");
      expect(JSON.stringify(embed)).not.toMatch(/HP \d/);
      // Its Armored 1 is its stat block's: the table reads the dice, not what armour took.
      expect(JSON.stringify(embed)).not.toContain("Armour");
      return;
    }
    throw new Error("Firearms 99 missed fifty times");
  });
});
