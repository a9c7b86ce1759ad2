/**
 * A fake Discord with a history limit (a load run's): it forgets its oldest requests,
 * interactions and messages, as Discord forgets an expired interaction, and keeps serving the
 * latest ones.
 */
import { DiscordAPIError, type ChatInputCommandInteraction } from "discord.js";
import { describe, expect, it } from "vitest";
import { clientOnFakeDiscord } from "./fake-discord-client.js";

describe("a fake Discord that remembers three of each", () => {
  const on = clientOnFakeDiscord({ historyLimit: 3 });

  it("forgets the oldest requests, interactions and messages, and serves the latest", async () => {
    const answered: ChatInputCommandInteraction[] = [];
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      answered.push(interaction);
      await interaction.reply("rolled");
    };
    const ids: string[] = [];
    const replies: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d6" } });
      await handle.response();
      ids.push(handle.id);
      replies.push((await handle.waitForOriginal()).id);
    }
    expect(on.fake.requests.map((request) => request.path.split("/")[2])).toEqual(ids.slice(2));
    expect(on.fake.message(replies[0] ?? "")).toBeUndefined();
    expect(on.fake.message(replies[4] ?? "")?.content).toBe("rolled");
    await expect(answered[0]?.followUp("late")).rejects.toBeInstanceOf(DiscordAPIError);
    await expect(answered[4]?.followUp("late")).resolves.toMatchObject({ content: "late" });
  });
});
