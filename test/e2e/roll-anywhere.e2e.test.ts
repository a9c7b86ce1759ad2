/**
 * /roll as a table plays it through the real bot, registered globally on an app that may be
 * installed on user accounts: a GM rolling for a crowd of NPCs is never throttled (rolls have
 * their own bucket); dice, Luck and plain targets need no campaign and work in servers without
 * one (logged without a campaign), in the bot's DM, in group DMs and in servers the bot is not in
 * (answered, never logged); a Protagonist's tests need a table and say so.
 */
import { ApplicationIntegrationType, InteractionContextType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-roll-anywhere";
const EMPTY_SERVER = "100000000000000501";
const ELSEWHERE = "100000000000000502";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, {
    globalCommands: true,
    otherGuilds: [{ id: EMPTY_SERVER, name: "No campaign here" }],
    fake: { userInstall: true, externalGuilds: [{ id: ELSEWHERE, name: "Without the bot" }] },
  });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

function eventCount(): Promise<number> {
  return t.db.event.count();
}

const NEEDS_A_TABLE =
  "A skill or stat test rolls a Protagonist's sheet, and Protagonists live in a campaign, in a server the bot is in: roll it there. Here you can roll dice (`expression`), a `target` or `luck`.";

describe("registration", () => {
  it("offers /roll to both installs everywhere, and keeps every other command in servers", () => {
    const commands = t.fake.commands();
    const roll = commands.find((c) => c.name === "roll");
    expect(roll?.integration_types).toEqual([
      ApplicationIntegrationType.GuildInstall,
      ApplicationIntegrationType.UserInstall,
    ]);
    expect(roll?.contexts).toEqual([
      InteractionContextType.Guild,
      InteractionContextType.BotDM,
      InteractionContextType.PrivateChannel,
    ]);
    for (const command of commands.filter((c) => c.name !== "roll")) {
      expect(command.integration_types, command.name).toEqual([
        ApplicationIntegrationType.GuildInstall,
      ]);
      expect(command.contexts, command.name).toEqual([InteractionContextType.Guild]);
    }
  });
});

describe("a GM rolling for many NPCs", () => {
  it("is never stopped for two dozen rolls in a row, and can still change the table", async () => {
    for (let npc = 1; npc <= 24; npc += 1) {
      const response = await t.fake
        .sendSlashCommand({ name: "roll", user: t.gmId, options: { target: 40 + npc } })
        .response();
      expect(response.data?.content ?? "", `NPC ${npc}`).not.toMatch(/Slow down|faster/);
      expect(response.data?.embeds?.length, `NPC ${npc}`).toBe(1);
      expect(isEphemeral(response.data)).toBe(false);
    }
    const damage = await t.fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: t.gmId,
        options: { amount: "1", protagonist: t.table.protagonists[0]?.id ?? "" },
      })
      .response();
    expect(damage.data?.embeds?.[0]?.title).toMatch(/^❤️ HP — /);
  });
});

describe("/roll in a server with no campaign", () => {
  it("answers a plain target and Luck, logged without a campaign", async () => {
    for (const options of [{ target: 50 }, { luck: true }] as Record<string, number | boolean>[]) {
      const response = await t.fake
        .sendSlashCommand({ name: "roll", guildId: EMPTY_SERVER, options })
        .response();
      expect(isEphemeral(response.data)).toBe(false);
      expect(response.data?.embeds?.[0]?.title).toMatch(/ — (Test|Luck)$/);
    }
    const logged = await t.db.event.findMany({
      where: { guildId: EMPTY_SERVER },
      select: { campaignId: true, kind: true },
      orderBy: { id: "asc" },
    });
    expect(logged).toEqual([
      { campaignId: null, kind: "test" },
      { campaignId: null, kind: "test" },
    ]);
  });

  it("still says a skill test needs a campaign", async () => {
    const response = await t.fake
      .sendSlashCommand({ name: "roll", guildId: EMPTY_SERVER, options: { skill: "Alertness" } })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toMatch(/no campaign yet/);
  });
});

describe("/roll outside the servers the bot is in", () => {
  it("rolls dice, targets and Luck in the bot's DM, and logs nothing", async () => {
    const before = await eventCount();
    const plainRolls: Record<string, string | number | boolean>[] = [
      { expression: "2d6" },
      { target: 30, modifier: 20 },
      { luck: true },
    ];
    for (const options of plainRolls) {
      const response = await t.fake
        .sendSlashCommand({ name: "roll", guildId: null, options })
        .response();
      expect(isEphemeral(response.data)).toBe(false);
      expect(response.data?.embeds?.length).toBe(1);
    }
    expect(await eventCount()).toBe(before);
  });

  it("rolls an opposed test of two targets in the bot's DM, and logs nothing", async () => {
    const before = await eventCount();
    const response = await t.fake
      .sendSlashCommand({
        name: "roll",
        guildId: null,
        options: { target: 45, versus: 60, "versus-label": "the cultist" },
      })
      .response();
    expect(isEphemeral(response.data)).toBe(false);
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("⚔️ Opposed test — Test");
    expect(embed?.fields?.slice(0, 2).map((field) => field.value.split("\n").at(-1))).toEqual([
      "Target 45",
      "Target 60",
    ]);
    expect(embed?.description).toMatch(/^\*\*(.+ wins|No winner)\*\*: /);
    expect(await eventCount()).toBe(before);
  });

  it("refuses a Protagonist's test there, privately, saying where it works", async () => {
    const response = await t.fake
      .sendSlashCommand({ name: "roll", guildId: null, options: { stat: "POW" } })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toBe(NEEDS_A_TABLE);
  });

  it("rolls in a group DM and in a server without the bot, once installed on the account", async () => {
    const player = t.fake.defaultUser.id;
    expect(() =>
      t.fake.sendSlashCommand({ name: "roll", guildId: null, privateChannel: "group-dm" }),
    ).toThrow(/no installation/);
    t.fake.installToUser(player);
    const before = await eventCount();
    const inGroup = await t.fake
      .sendSlashCommand({
        name: "roll",
        guildId: null,
        privateChannel: "group-dm",
        options: { expression: "1d100" },
      })
      .response();
    expect(inGroup.data?.embeds?.[0]?.title).toBe("🎲 1d100");
    const elsewhere = await t.fake
      .sendSlashCommand({ name: "roll", guildId: ELSEWHERE, options: { target: 45 } })
      .response();
    expect(elsewhere.data?.embeds?.[0]?.title).toMatch(/ — Test$/);
    const secret = await t.fake
      .sendSlashCommand({ name: "roll", guildId: ELSEWHERE, options: { luck: true, secret: true } })
      .response();
    expect(isEphemeral(secret.data)).toBe(true);
    const skill = await t.fake
      .sendSlashCommand({ name: "roll", guildId: ELSEWHERE, options: { skill: "Alertness" } })
      .response();
    expect(skill.data?.content).toBe(NEEDS_A_TABLE);
    expect(await eventCount()).toBe(before);
    expect(await t.db.event.count({ where: { guildId: ELSEWHERE } })).toBe(0);
  });

  it("offers nothing with state outside servers the bot is in", () => {
    for (const where of [
      { guildId: ELSEWHERE },
      { guildId: null, privateChannel: "dm" as const },
    ]) {
      expect(() => t.fake.sendSlashCommand({ name: "history", ...where })).toThrow(/fake Discord/);
    }
  });
});
