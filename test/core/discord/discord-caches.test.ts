import { SlashCommandBuilder } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type { CommandModule } from "../../../src/games/cthulhu-eternal/command.js";
import { startInProcessBot, type InProcessBot } from "./support/in-process-bot.js";

/**
 * The client keeps only the caches the bot reads (src/core/discord/client.ts): members and users are not
 * kept, yet what the bot needs of them (roles, display name, Manage Server) still comes with
 * each interaction.
 */
const whoami: CommandModule = {
  definition: new SlashCommandBuilder().setName("whoami").setDescription("who is acting"),
  async execute(interaction, { reply }) {
    const actor = actorFrom(interaction);
    await reply.send(
      JSON.stringify({
        user: actor.userId,
        name: interaction.user.displayName,
        roles: actor.roleIds,
        canManageGuild: actor.canManageGuild,
      }),
    );
  },
};

let bot: InProcessBot;
beforeAll(async () => {
  bot = await startInProcessBot({
    modules: [whoami],
    fakeOptions: {
      guilds: [
        {
          name: "Delta Green",
          roles: [{ name: "Keeper" }, { name: "Players" }],
          members: [{ user: { id: "400000000000000001", username: "agent" }, roles: ["Players"] }],
        },
      ],
    },
  });
});
afterAll(() => bot.stop());

describe("Discord caches", () => {
  it("keeps the guild, its channels and roles, and of its members only the bot", () => {
    const guild = bot.client.guilds.cache.get(bot.fake.guild().id);
    expect(guild?.channels.cache.size).toBeGreaterThan(0);
    expect(guild?.roles.cache.map((role) => role.name)).toEqual(
      expect.arrayContaining(["@everyone", "Keeper", "Players"]),
    );
    expect([...(guild?.members.cache.keys() ?? [])]).toEqual([bot.client.user.id]);
    expect(guild?.members.me?.id).toBe(bot.client.user.id);
    expect([...bot.client.users.cache.keys()]).toEqual([bot.client.user.id]);
  });

  it("still hands each interaction its member's roles and name, and caches neither", async () => {
    const guild = bot.fake.guild();
    const keeper = guild.roles.find((role) => role.name === "Keeper");
    const handle = bot.fake.sendSlashCommand({
      name: "whoami",
      user: { id: "400000000000000002", username: "handler", globalName: "The Handler" },
      roles: ["Keeper"],
    });
    const answer = JSON.parse((await handle.response()).data?.content ?? "{}") as unknown;
    expect(answer).toEqual({
      user: "400000000000000002",
      name: "The Handler",
      roles: [keeper?.id],
      canManageGuild: false,
    });
    const cached = bot.client.guilds.cache.get(guild.id);
    expect(cached?.members.cache.has("400000000000000002")).toBe(false);
    expect(bot.client.users.cache.has("400000000000000002")).toBe(false);
  });
});
