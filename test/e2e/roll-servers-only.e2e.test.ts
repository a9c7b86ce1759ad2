/**
 * A new application, which Discord lets install on servers only: the bot registers /roll for
 * what the application allows (Discord would refuse a user install it does not), so its commands
 * register, and /roll still works in the bot's DM.
 */
import { ApplicationIntegrationType, InteractionContextType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-roll-servers-only";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { globalCommands: true });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("an application without user installs", () => {
  it("gets /roll registered for servers and the bot's DM only", () => {
    const roll = t.fake.commands().find((c) => c.name === "roll");
    expect(roll?.integration_types).toEqual([ApplicationIntegrationType.GuildInstall]);
    expect(roll?.contexts).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);
  });

  it("rolls in the bot's DM, and offers nothing in a group DM", async () => {
    const response = await t.fake
      .sendSlashCommand({ name: "roll", guildId: null, options: { luck: true } })
      .response();
    expect(response.data?.embeds?.[0]?.title).toMatch(/ — Luck$/);
    expect(() =>
      t.fake.sendSlashCommand({ name: "roll", guildId: null, privateChannel: "group-dm" }),
    ).toThrow(/fake Discord/);
  });
});
