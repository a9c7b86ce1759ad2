/**
 * /hp and /wp on a seeded table through the real bot: damage and healing with before → after,
 * death at 0 HP (shown and stored), emotional collapse at 2 WP, lethality consistent with its
 * digits, exhaustion and rest, and refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-harm-token";
let t: SeededBot;
let first: { id: string; name: string };
let second: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [p1, p2] = t.table.protagonists;
  if (!p1 || !p2) throw new Error("the seed makes two Protagonists");
  first = p1;
  second = p2;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

async function sheet(id: string) {
  const row = await t.db.protagonist.findUnique({
    where: { id },
    select: { hp: true, hpMax: true, wp: true, wpMax: true, status: true, exhausted: true },
  });
  if (!row) throw new Error(`no Protagonist ${id}`);
  return row;
}

function field(
  embed: { fields?: { name: string; value: string }[] } | undefined,
  name: string,
): string | undefined {
  return embed?.fields?.find((f) => f.name === name)?.value;
}

describe("/hp", () => {
  it("damages by points: before → after / max, in public", async () => {
    await t.setProtagonist(first.id, { hp: 10 });
    const response = await t.fake
      .sendSlashCommand({ name: "hp", subcommand: "damage", options: { amount: "3" } })
      .response();
    expect(isEphemeral(response.data)).toBe(false);
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe(`❤️ HP — ${first.name}`);
    expect(field(embed, "Damage")).toBe("3");
    expect(field(embed, "HP")).toBe("10 → **7** / 10");
    expect((await sheet(first.id)).hp).toBe(7);
  });

  it("damages by dice, showing the dice, and stores what it shows", async () => {
    await t.setProtagonist(first.id, { hp: 10 });
    const response = await t.fake
      .sendSlashCommand({ name: "hp", subcommand: "damage", options: { amount: "1D4" } })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(field(embed, "Damage")).toMatch(/^1d4 \[\d\] = \*\*\d\*\*$/i);
    const rolled = Number(/= \*\*(\d)\*\*/.exec(field(embed, "Damage") ?? "")?.[1]);
    expect(field(embed, "HP")).toBe(`10 → **${10 - rolled}** / 10`);
    expect((await sheet(first.id)).hp).toBe(10 - rolled);
  });

  it("heals, never above the maximum", async () => {
    await t.setProtagonist(first.id, { hp: 8 });
    const response = await t.fake
      .sendSlashCommand({ name: "hp", subcommand: "heal", options: { amount: "5" } })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(field(embed, "Healing")).toBe("5");
    expect(field(embed, "HP")).toBe("8 → **10** / 10");
    expect(embed?.footer?.text).toMatch(/not above max 10/);
  });

  it("refuses mistyped dice and a value above the maximum, privately, changing nothing", async () => {
    await t.setProtagonist(first.id, { hp: 6 });
    const events = await t.db.event.count();
    const typo = await t.fake
      .sendSlashCommand({ name: "hp", subcommand: "damage", options: { amount: "1d" } })
      .response();
    expect(isEphemeral(typo.data)).toBe(true);
    const tooMuch = await t.fake
      .sendSlashCommand({ name: "hp", subcommand: "set", options: { amount: 99 } })
      .response();
    expect(isEphemeral(tooMuch.data)).toBe(true);
    expect(tooMuch.data?.content).toBe(`**${first.name}** has at most 10 HP.`);
    expect((await sheet(first.id)).hp).toBe(6);
    expect(await t.db.event.count()).toBe(events);
  });

  it("at 0 HP the Protagonist dies: shown, stored, and out of play", async () => {
    await t.setProtagonist(second.id, { hp: 4, status: "active" });
    const response = await t.fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: t.secondPlayerId,
        options: { amount: "9" },
      })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(field(embed, "HP")).toBe("4 → **0** / 10 (dead)");
    expect(embed?.description).toBe(`💀 **${second.name} is dead (HP 0)**`);
    expect(await sheet(second.id)).toMatchObject({ hp: 0, status: "dead" });

    const heal = await t.fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "heal",
        user: t.secondPlayerId,
        options: { amount: "2", protagonist: second.id },
      })
      .response();
    expect(isEphemeral(heal.data)).toBe(true);
    expect(heal.data?.content).toMatch(/is dead and out of play/);
    expect((await sheet(second.id)).hp).toBe(0);
  });

  it("a lethality roll is lethal at or under the rating, else its digits are the damage", async () => {
    await t.setProtagonist(second.id, { hp: 10, status: "active" });
    const response = await t.fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "lethality",
        user: t.gmId,
        options: { rating: 40, protagonist: second.id },
      })
      .response();
    const embed = response.data?.embeds?.[0];
    const [, value, tens, ones] =
      /^\*\*(\d+)\*\* \(tens (\d), ones (\d)\)$/.exec(field(embed, "Roll") ?? "") ?? [];
    const roll = Number(value);
    expect(field(embed, "Lethality")).toBe("40%");
    if (roll <= 40) {
      expect(embed?.title).toBe(`☠️ Lethal — ${second.name}`);
      expect(field(embed, "HP")).toBe("10 → **0** / 10 (dead)");
      expect(await sheet(second.id)).toMatchObject({ hp: 0, status: "dead" });
    } else {
      const digit = (d: number) => (d === 0 ? 10 : d);
      const damage = digit(Number(tens)) + digit(Number(ones));
      expect(embed?.title).toBe(`🩸 Not lethal — ${second.name}`);
      expect(field(embed, "Damage")).toBe(
        `${digit(Number(tens))} + ${digit(Number(ones))} = ${damage} → **${damage}**`,
      );
      expect((await sheet(second.id)).hp).toBe(Math.max(0, 10 - damage));
    }
  });
});

describe("/wp", () => {
  it("a loss to 2 or less is an emotional collapse", async () => {
    await t.setProtagonist(first.id, { wp: 14 });
    const response = await t.fake
      .sendSlashCommand({ name: "wp", subcommand: "damage", options: { amount: "12" } })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe(`🧠 WP — ${first.name}`);
    expect(field(embed, "WP")).toBe("14 → **2** / 14 (emotional collapse)");
    expect(embed?.description).toBe(`😣 **${first.name} suffers an emotional collapse (WP 2)**`);
    expect((await sheet(first.id)).wp).toBe(2);
  });

  it("exhaustion costs 1D6 WP and sets the penalty; rest gives 1D6 back and clears it", async () => {
    await t.setProtagonist(first.id, { wp: 14, exhausted: false });
    const tired = await t.fake.sendSlashCommand({ name: "wp", subcommand: "exhaust" }).response();
    const lost = Number(field(tired.data?.embeds?.[0], "WP lost (1D6)"));
    expect(lost).toBeGreaterThanOrEqual(1);
    expect(field(tired.data?.embeds?.[0], "Test penalty")).toMatch(/until rested/);
    expect(await sheet(first.id)).toMatchObject({ wp: 14 - lost, exhausted: true });

    const rested = await t.fake.sendSlashCommand({ name: "wp", subcommand: "rest" }).response();
    const regained = Number(field(rested.data?.embeds?.[0], "WP regained (1D6)"));
    expect(await sheet(first.id)).toMatchObject({
      wp: Math.min(14, 14 - lost + regained),
      exhausted: false,
    });
  });
});
