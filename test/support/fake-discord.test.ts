/**
 * Proves the fake Discord speaks enough REST + gateway v10 for the real discord.js Client: login,
 * guild cache, every interaction response style, command registration, faults and reconnects.
 */
import { REST } from "@discordjs/rest";
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  ComponentType,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  InteractionResponseType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  Routes,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type TextChannel,
} from "discord.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "./fake-discord/index.js";
import { buildModalSubmission } from "./fake-discord/modal-submission.js";

type Handler = (interaction: Interaction) => Promise<void>;

const COMMANDS: RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  {
    name: "roll",
    description: "Roll dice",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "dice",
        description: "e.g. 1d100",
        required: true,
      },
      { type: ApplicationCommandOptionType.Integer, name: "bonus", description: "modifier" },
      {
        type: ApplicationCommandOptionType.String,
        name: "skill",
        description: "skill",
        autocomplete: true,
      },
    ],
  },
  {
    name: "sheet",
    description: "Character sheet",
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: "show",
        description: "Show a sheet",
        options: [{ type: ApplicationCommandOptionType.User, name: "who", description: "whose" }],
      },
    ],
  },
];

describe("fake Discord with a real discord.js Client", () => {
  let fake: FakeDiscord;
  let client: Client;
  let handler: Handler = () => Promise.resolve();
  const handlerErrors: unknown[] = [];

  beforeAll(async () => {
    fake = await startFakeDiscord();
    client = new Client({
      intents: [GatewayIntentBits.Guilds],
      rest: { api: fake.apiUrl },
      // discord.js spaces IDENTIFYs 5-6.5s apart; skip that so the re-identify test stays fast.
      ws: { buildIdentifyThrottler: () => ({ waitForIdentify: () => Promise.resolve() }) },
    });
    client.on(Events.InteractionCreate, (interaction) => {
      handler(interaction).catch((error: unknown) => handlerErrors.push(error));
    });
    const ready = new Promise<void>((resolve) =>
      client.once(Events.ClientReady, () => {
        resolve();
      }),
    );
    await client.login("fake-token");
    await ready;
    await client.application?.commands.set(COMMANDS);
  });

  afterEach(() => {
    handler = () => Promise.resolve();
    expect(handlerErrors).toEqual([]);
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("logs in: READY, guild cache, recorded token and identify", () => {
    const guild = fake.guild();
    expect(client.user?.id).toBe(fake.botUser.id);
    expect(client.application?.id).toBe(fake.applicationId);
    const cached = client.guilds.cache.get(guild.id);
    expect(cached?.name).toBe("Fake Guild");
    expect(cached?.channels.cache.get(fake.defaultChannelId())?.name).toBe("general");
    expect(cached?.members.me?.id).toBe(fake.botUser.id);
    expect(cached?.roles.everyone.id).toBe(guild.id);
    expect(fake.tokens).toEqual(["fake-token"]);
    expect(fake.gateway.identifies[0]).toMatchObject({
      token: "fake-token",
      intents: GatewayIntentBits.Guilds,
    });
    expect(fake.requestsTo(/^\/gateway\/bot$/, "GET")).toHaveLength(1);
    expect(fake.requests.every((request) => !("authorization" in request.headers))).toBe(true);
  });

  it("answers a slash command with an ephemeral reply and typed options", async () => {
    handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const dice = interaction.options.getString("dice", true);
      const bonus = interaction.options.getInteger("bonus") ?? 0;
      await interaction.reply({
        content: `${interaction.user.username} rolls ${dice}+${bonus}`,
        flags: MessageFlags.Ephemeral,
      });
    };
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d100", bonus: 5 } });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(response.data?.content).toBe("tester rolls 1d100+5");
    expect(response.data?.flags).toBe(MessageFlags.Ephemeral);
    const original = await handle.waitForOriginal();
    expect(original.content).toBe("tester rolls 1d100+5");
    // Ephemeral replies are not channel messages.
    expect(fake.channelMessages(fake.defaultChannelId())).not.toContainEqual(original);
    const [callback] = fake.requestsTo(new RegExp(`^/interactions/${handle.id}/`));
    expect(callback?.query).toEqual({ with_response: "false" });
    expect(callback?.token).toBeUndefined();
  });

  it("refuses options the registered command does not have", () => {
    expect(() =>
      fake.sendSlashCommand({ name: "roll", options: { dice: "1d6", luck: 3 } }),
    ).toThrow(/no option "luck"/);
    expect(() => fake.sendSlashCommand({ name: "roll", options: {} })).toThrow(
      /requires option "dice"/,
    );
  });

  it("supports subcommands with resolved user options", async () => {
    handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const who = interaction.options.getUser("who", true);
      await interaction.reply(`${interaction.options.getSubcommand()} ${who.username}`);
    };
    const owner = fake.guild().ownerId;
    const handle = fake.sendSlashCommand({
      name: "sheet",
      subcommand: "show",
      options: { who: owner },
    });
    expect((await handle.response()).data?.content).toBe("show owner");
    expect(fake.channelMessages(fake.defaultChannelId()).at(-1)?.content).toBe("show owner");
  });

  it("handles deferReply + editReply + followUp", async () => {
    handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.editReply({ content: "done" });
      const message = await interaction.fetchReply();
      await interaction.followUp({
        content: `follow-up to ${message.id}`,
        flags: MessageFlags.Ephemeral,
      });
      await interaction.deleteReply();
    };
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "2d6" } });
    expect((await handle.response()).type).toBe(
      InteractionResponseType.DeferredChannelMessageWithSource,
    );
    const original = await handle.waitForOriginal();
    expect(original.content).toBe("done");
    expect(original.edited_timestamp).toBeNull();
    const [followUp] = await handle.waitForFollowUps(1);
    expect(followUp?.content).toBe(`follow-up to ${original.id}`);
    expect(fake.requestsTo(/\/messages\/@original$/, "PATCH")).toHaveLength(1);
    expect(fake.requestsTo(/\/messages\/@original$/, "PATCH")[0]?.rawPath).toMatch(/%40original$/);
    await fake.waitForRequest((r) => r.method === "DELETE" && r.path.includes(handle.token));
    expect(handle.originalDeleted()).toBe(true);
  });

  it("returns the callback resource when discord.js asks with_response=true", async () => {
    let resourceContent: string | undefined;
    handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const callback = await interaction.reply({ content: "with response", withResponse: true });
      resourceContent = callback.resource?.message?.content;
    };
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d12" } });
    await handle.response();
    const request = await fake.waitForRequest((r) => r.path.includes(handle.token));
    expect(request.query).toEqual({ with_response: "true" });
    expect(request.response?.body).toMatchObject({
      interaction: { id: handle.id, response_message_id: handle.original()?.id },
      resource: { type: InteractionResponseType.ChannelMessageWithSource },
    });
    await vi.waitFor(() => {
      expect(resourceContent).toBe("with response");
    });
  });

  it("delivers DM interactions (no guild, a user instead of a member)", async () => {
    let seen: { inGuild: boolean; userId: string } | undefined;
    handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen = { inGuild: interaction.inGuild(), userId: interaction.user.id };
      await interaction.reply("hello in DM");
    };
    const handle = fake.sendSlashCommand({ guildId: null, name: "roll", options: { dice: "1d2" } });
    expect(handle.payload.guild_id).toBeUndefined();
    expect((await handle.response()).data?.content).toBe("hello in DM");
    expect(seen).toEqual({ inGuild: false, userId: fake.defaultUser.id });
  });

  it("acknowledges heartbeats and serves the application and command lists", async () => {
    const mark = fake.gateway.mark();
    fake.gateway.requestHeartbeat();
    await fake.gateway.waitFor("heartbeat", { since: mark });
    await vi.waitFor(() => {
      expect(client.ws.ping).toBeGreaterThanOrEqual(0);
    });
    const application = await client.application?.fetch();
    expect(application?.id).toBe(fake.applicationId);
    const commands = await client.application?.commands.fetch();
    expect(commands?.map((command) => command.name).sort()).toEqual(["roll", "sheet"]);
  });

  it("answers autocomplete with respond()", async () => {
    handler = async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const typed = interaction.options.getFocused();
      await interaction.respond([{ name: `Luck (${typed})`, value: "luck" }]);
    };
    const handle = fake.sendAutocomplete({
      name: "roll",
      options: { dice: "1d100", skill: "lu" },
      focused: "skill",
    });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.ApplicationCommandAutocompleteResult);
    expect(response.data?.choices).toEqual([{ name: "Luck (lu)", value: "luck" }]);
  });

  it("updates the message of a button, and handles a string select", async () => {
    handler = async (interaction) => {
      if (interaction.isButton()) {
        await interaction.update({ content: `pressed ${interaction.customId}`, components: [] });
      } else if (interaction.isStringSelectMenu()) {
        await interaction.reply(`picked ${interaction.values.join(",")}`);
      }
    };
    const button = fake.sendButton({ customId: "push-luck" });
    expect((await button.response()).type).toBe(InteractionResponseType.UpdateMessage);
    const sourceId = button.payload.message?.id ?? "";
    expect(fake.message(sourceId)?.content).toBe("pressed push-luck");
    expect((await button.waitForOriginal()).id).toBe(sourceId);

    const select = fake.sendSelect({ customId: "pick", values: ["a", "b"] });
    expect((await select.response()).data?.content).toBe("picked a,b");
  });

  it("presses a button on a message the bot sent", async () => {
    handler = async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId("again").setLabel("Again").setStyle(ButtonStyle.Primary),
        );
        await interaction.reply({ content: "first", components: [row] });
      } else if (interaction.isButton()) {
        await interaction.deferUpdate();
        await interaction.editReply({ content: "second" });
      }
    };
    const command = fake.sendSlashCommand({ name: "roll", options: { dice: "1d4" } });
    const message = await command.waitForOriginal();
    const press = fake.sendButton({ customId: "again", messageId: message.id });
    expect((await press.response()).type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await press.waitForOriginal({ predicate: (m) => m.content === "second" });
    expect(fake.message(message.id)?.content).toBe("second");
  });

  it("shows a modal and receives its submission", async () => {
    handler = async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const modal = new ModalBuilder()
          .setCustomId("bond")
          .setTitle("New bond")
          .addLabelComponents(
            new LabelBuilder()
              .setLabel("Name")
              .setTextInputComponent(
                new TextInputBuilder().setCustomId("name").setStyle(TextInputStyle.Short),
              ),
          );
        await interaction.showModal(modal);
      } else if (interaction.isModalSubmit()) {
        await interaction.reply(`bond with ${interaction.fields.getTextInputValue("name")}`);
      }
    };
    const command = fake.sendSlashCommand({ name: "roll", options: { dice: "1d8" } });
    const shown = await command.response();
    expect(shown.type).toBe(InteractionResponseType.Modal);
    expect(shown.data?.custom_id).toBe("bond");
    expect(() => fake.sendModalSubmit({ customId: "bond", fields: { nam: "x" } })).toThrow(
      /no field/,
    );
    const submit = fake.sendModalSubmit({ customId: "bond", fields: { name: "Alice" } });
    expect((await submit.response()).data?.content).toBe("bond with Alice");
  });

  it("records uploaded files as attachments", async () => {
    handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({
        content: "sheet",
        files: [{ attachment: Buffer.from("STR 12"), name: "sheet.txt" }],
      });
    };
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d2" } });
    const response = await handle.response();
    expect(response.files.map((file) => [file.field, file.filename, file.data.toString()])).toEqual(
      [["files[0]", "sheet.txt", "STR 12"]],
    );
    expect((await handle.waitForOriginal()).attachments.map((a) => a.filename)).toEqual([
      "sheet.txt",
    ]);
  });

  it("rejects a second acknowledgement like Discord (40060)", async () => {
    let secondReply: Promise<unknown> = Promise.resolve();
    handler = async (interaction) => {
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
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d3" } });
    await handle.response();
    await fake.waitForRequest((r) => r.path.endsWith("/callback") && r.response?.status === 400);
    const caught = await secondReply;
    expect(caught).toBeInstanceOf(DiscordAPIError);
    expect((caught as DiscordAPIError).code).toBe(40060);
    expect(handle.rejections()[0]).toMatch(/40060/);
  });

  it("bulk-overwrites commands through the client and through @discordjs/rest", async () => {
    const before = fake.commands().find((command) => command.name === "roll")?.id;
    const set = await client.application?.commands.set(COMMANDS);
    expect(set?.find((command) => command.name === "roll")?.id).toBe(before);

    const rest = new REST({ api: fake.apiUrl }).setToken("fake-token");
    const guildId = fake.guild().id;
    const result = (await rest.put(Routes.applicationGuildCommands(fake.applicationId, guildId), {
      body: [{ name: "ping", description: "Ping" }],
    })) as { id: string; guild_id: string }[];
    expect(result[0]?.guild_id).toBe(guildId);
    expect(fake.commands(guildId).map((command) => command.name)).toEqual(["ping"]);
    await rest.put(Routes.applicationCommands(fake.applicationId), { body: COMMANDS });
    expect(fake.requestsTo(/^\/applications\/\d+\/commands$/, "PUT").length).toBeGreaterThanOrEqual(
      3,
    );

    await expect(
      rest.put(Routes.applicationCommands(fake.applicationId), {
        body: [{ name: "Bad Name", description: "x" }],
      }),
    ).rejects.toMatchObject({ code: 50035 });
    expect(fake.commands().map((command) => command.name)).toEqual(["roll", "sheet"]);
  });

  it("posts to a channel and 404s unknown routes", async () => {
    const channel = client.channels.cache.get(fake.defaultChannelId()) as TextChannel;
    const sent = await channel.send("The stars are right");
    const stored = await fake.waitForChannelMessage(channel.id, (m) => m.id === sent.id);
    expect(stored.content).toBe("The stars are right");
    await expect(client.rest.get("/no/such/route")).rejects.toMatchObject({
      status: 404,
    });
    expect(fake.unmatchedRequests().map((request) => request.path)).toEqual(["/no/such/route"]);
    await expect(channel.send({ content: "x".repeat(2001) })).rejects.toMatchObject({
      code: 50035,
    });
  });

  it("retries through an injected 429 and a 500", async () => {
    handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("eventually");
    };
    fake.faults.failNext({ path: /\/callback$/, status: 429, retryAfterSeconds: 0.05 });
    fake.faults.failNext({ path: /\/callback$/, status: 500 });
    const mark = fake.requestMark();
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d5" } });
    expect((await handle.response()).data?.content).toBe("eventually");
    const statuses = fake.requests
      .filter((r) => r.seq > mark && r.path.endsWith("/callback"))
      .map((r) => r.response?.status);
    expect(statuses).toEqual([429, 500, 204]);
  });

  it("resumes after op 7 and still answers interactions", async () => {
    handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("still here");
    };
    const sessionId = fake.gateway.sessionId;
    const mark = fake.gateway.mark();
    fake.gateway.requestReconnect();
    const resumed = await fake.gateway.waitFor("resumed", { since: mark });
    expect(resumed.sessionId).toBe(sessionId);
    const connect = fake.gateway.log.find(
      (entry) => entry.index > mark && entry.kind === "connect",
    );
    expect(connect?.detail).toBe("/gateway-resume");
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d7" } });
    expect((await handle.response()).data?.content).toBe("still here");
  });

  it("replays events missed while the connection was down", async () => {
    handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("caught up");
    };
    const mark = fake.gateway.mark();
    fake.gateway.dropConnection();
    await fake.gateway.waitFor("close", { since: mark });
    // Dispatched while disconnected: buffered, then replayed on RESUME.
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d9" } });
    await fake.gateway.waitFor("resumed", { since: mark });
    expect((await handle.response()).data?.content).toBe("caught up");
  });

  it("re-identifies after a non-resumable invalid session", async () => {
    handler = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply("new session");
    };
    const before = fake.gateway.sessionId;
    const mark = fake.gateway.mark();
    fake.gateway.invalidateSession(false);
    await fake.gateway.waitFor("ready", { since: mark });
    await fake.gateway.waitForSession();
    expect(fake.gateway.sessionId).not.toBe(before);
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d10" } });
    expect((await handle.response()).data?.content).toBe("new session");
  });

  it("explains what it waited for on timeout", async () => {
    const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d11" } });
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
