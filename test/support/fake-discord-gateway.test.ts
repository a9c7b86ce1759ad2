/**
 * The fake Discord with a real discord.js Client: command registration, faults (40060, 404, 429,
 * 500), reconnects and replays, modal layouts, threads.
 */
import { REST } from "@discordjs/rest";
import {
  ChannelType,
  Client,
  ComponentType,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  Routes,
  type TextChannel,
} from "discord.js";
import { describe, expect, it } from "vitest";
import { startFakeDiscord } from "./fake-discord/index.js";
import { buildModalSubmission } from "./fake-discord/modal-submission.js";
import { COMMANDS, clientOnFakeDiscord } from "./fake-discord-client.js";

describe("fake Discord with a real discord.js Client: registration, faults and reconnects", () => {
  const on = clientOnFakeDiscord();

  it("rejects a second acknowledgement like Discord (40060)", async () => {
    let secondReply: Promise<unknown> = Promise.resolve();
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply("one");
      // Bypass discord.js's own guard to hit the API twice.
      interaction.replied = false;
      secondReply = interaction.reply("two").then(
        () => undefined,
        (error: unknown) => error,
      );
      await secondReply;
    };
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d3" } });
    await handle.response();
    await on.fake.waitForRequest((r) => r.path.endsWith("/callback") && r.response?.status === 400);
    const caught = await secondReply;
    expect(caught).toBeInstanceOf(DiscordAPIError);
    expect((caught as DiscordAPIError).code).toBe(40060);
    expect(handle.rejections()[0]).toMatch(/40060/);
  });

  it("bulk-overwrites commands through the client and through @discordjs/rest", async () => {
    const before = on.fake.commands().find((command) => command.name === "roll")?.id;
    const set = await on.client.application?.commands.set(COMMANDS);
    expect(set?.find((command) => command.name === "roll")?.id).toBe(before);

    const rest = new REST({ api: on.fake.apiUrl }).setToken("fake-token");
    const guildId = on.fake.guild().id;
    const result = (await rest.put(
      Routes.applicationGuildCommands(on.fake.applicationId, guildId),
      {
        body: [{ name: "ping", description: "Ping" }],
      },
    )) as { id: string; guild_id: string }[];
    expect(result[0]?.guild_id).toBe(guildId);
    expect(on.fake.commands(guildId).map((command) => command.name)).toEqual(["ping"]);
    await rest.put(Routes.applicationCommands(on.fake.applicationId), { body: COMMANDS });
    expect(
      on.fake.requestsTo(/^\/applications\/\d+\/commands$/, "PUT").length,
    ).toBeGreaterThanOrEqual(3);

    await expect(
      rest.put(Routes.applicationCommands(on.fake.applicationId), {
        body: [{ name: "Bad Name", description: "x" }],
      }),
    ).rejects.toMatchObject({ code: 50035 });
    expect(on.fake.commands().map((command) => command.name)).toEqual(["roll", "sheet"]);
  });

  it("posts to a channel and 404s unknown routes", async () => {
    const channel = on.client.channels.cache.get(on.fake.defaultChannelId()) as TextChannel;
    const sent = await channel.send("The stars are right");
    const stored = await on.fake.waitForChannelMessage(channel.id, (m) => m.id === sent.id);
    expect(stored.content).toBe("The stars are right");
    await expect(on.client.rest.get("/no/such/route")).rejects.toMatchObject({
      status: 404,
    });
    expect(on.fake.unmatchedRequests().map((request) => request.path)).toEqual(["/no/such/route"]);
    await expect(channel.send({ content: "x".repeat(2001) })).rejects.toMatchObject({
      code: 50035,
    });
  });

  it("retries through an injected 429 and a 500", async () => {
    on.handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("eventually");
    };
    on.fake.faults.failNext({ path: /\/callback$/, status: 429, retryAfterSeconds: 0.05 });
    on.fake.faults.failNext({ path: /\/callback$/, status: 500 });
    const mark = on.fake.requestMark();
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d5" } });
    expect((await handle.response()).data?.content).toBe("eventually");
    const statuses = on.fake.requests
      .filter((r) => r.seq > mark && r.path.endsWith("/callback"))
      .map((r) => r.response?.status);
    expect(statuses).toEqual([429, 500, 204]);
  });

  it("resumes after op 7 and still answers interactions", async () => {
    on.handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("still here");
    };
    const sessionId = on.fake.gateway.sessionId;
    const mark = on.fake.gateway.mark();
    on.fake.gateway.requestReconnect();
    const resumed = await on.fake.gateway.waitFor("resumed", { since: mark });
    expect(resumed.sessionId).toBe(sessionId);
    const connect = on.fake.gateway.log.find(
      (entry) => entry.index > mark && entry.kind === "connect",
    );
    expect(connect?.detail).toBe("/gateway-resume");
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d7" } });
    expect((await handle.response()).data?.content).toBe("still here");
  });

  it("replays events missed while the connection was down", async () => {
    on.handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("caught up");
    };
    const mark = on.fake.gateway.mark();
    on.fake.gateway.dropConnection();
    await on.fake.gateway.waitFor("close", { since: mark });
    // Dispatched while disconnected: buffered, then replayed on RESUME.
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d9" } });
    await on.fake.gateway.waitFor("resumed", { since: mark });
    expect((await handle.response()).data?.content).toBe("caught up");
  });

  it("re-identifies after a non-resumable invalid session", async () => {
    on.handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("new session");
    };
    const before = on.fake.gateway.sessionId;
    const mark = on.fake.gateway.mark();
    on.fake.gateway.invalidateSession(false);
    await on.fake.gateway.waitFor("ready", { since: mark });
    await on.fake.gateway.waitForSession();
    expect(on.fake.gateway.sessionId).not.toBe(before);
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d10" } });
    expect((await handle.response()).data?.content).toBe("new session");
  });

  it("explains what it waited for on timeout", async () => {
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d11" } });
    await expect(handle.response({ timeoutMs: 50 })).rejects.toThrow(
      /answer \/roll .*no callback yet/,
    );
  });
});

describe("modal submissions mirror the modal the bot showed", () => {
  it("keeps a legacy action-row layout and enforces required/length like the client", () => {
    const template = {
      custom_id: "note",
      title: "Note",
      components: [
        {
          type: ComponentType.ActionRow,
          id: 1,
          components: [{ type: ComponentType.TextInput, id: 2, custom_id: "text", max_length: 5 }],
        },
      ],
    };
    expect(buildModalSubmission("note", { text: "hi" }, template)).toEqual([
      {
        type: ComponentType.ActionRow,
        id: 1,
        components: [{ type: ComponentType.TextInput, id: 2, custom_id: "text", value: "hi" }],
      },
    ]);
    expect(() => buildModalSubmission("note", {}, template)).toThrow(/required/);
    expect(() => buildModalSubmission("note", { text: "too long" }, template)).toThrow(
      /1?-?5 characters|0-5/,
    );
  });
});

describe("threads", () => {
  it("streams only active threads, and sends interactions from a thread with its parent", async () => {
    const fake = await startFakeDiscord({
      guilds: [
        {
          channels: [
            { id: "600000000000000001", name: "general" },
            {
              id: "600000000000000002",
              name: "case",
              type: ChannelType.PublicThread,
              parentId: "600000000000000001",
            },
            {
              id: "600000000000000003",
              name: "old-case",
              type: ChannelType.PublicThread,
              parentId: "600000000000000001",
              archived: true,
            },
          ],
        },
      ],
    });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    try {
      const ready = new Promise<void>((resolve) =>
        client.once(Events.ClientReady, () => {
          resolve();
        }),
      );
      await client.login("fake-token");
      await ready;
      const guild = client.guilds.cache.get(fake.guild().id);
      const thread = guild?.channels.cache.get("600000000000000002");
      expect(thread?.isThread() && thread.parentId).toBe("600000000000000001");
      expect(guild?.channels.cache.has("600000000000000003")).toBe(false);
      await client.application?.commands.set(COMMANDS);
      const handle = fake.sendSlashCommand({
        name: "roll",
        options: { dice: "1d6" },
        channelId: "600000000000000003",
      });
      expect(handle.payload.channel).toMatchObject({
        id: "600000000000000003",
        type: ChannelType.PublicThread,
        parent_id: "600000000000000001",
        guild_id: fake.guild().id,
      });
    } finally {
      await client.destroy();
      await fake.close();
    }
  });
});
