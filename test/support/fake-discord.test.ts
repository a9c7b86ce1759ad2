/**
 * Proves the fake Discord speaks enough REST + gateway v10 for the real discord.js Client: login,
 * guild cache and every interaction response style.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  GatewayIntentBits,
  InteractionResponseType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import { describe, expect, it, vi } from "vitest";
import { clientOnFakeDiscord } from "./fake-discord-client.js";

describe("fake Discord with a real discord.js Client", () => {
  const on = clientOnFakeDiscord();

  it("logs in: READY, guild cache, recorded token and identify", () => {
    const guild = on.fake.guild();
    expect(on.client.user?.id).toBe(on.fake.botUser.id);
    expect(on.client.application?.id).toBe(on.fake.applicationId);
    const cached = on.client.guilds.cache.get(guild.id);
    expect(cached?.name).toBe("Fake Guild");
    expect(cached?.channels.cache.get(on.fake.defaultChannelId())?.name).toBe("general");
    expect(cached?.members.me?.id).toBe(on.fake.botUser.id);
    expect(cached?.roles.everyone.id).toBe(guild.id);
    expect(on.fake.tokens).toEqual(["fake-token"]);
    expect(on.fake.gateway.identifies[0]).toMatchObject({
      token: "fake-token",
      intents: GatewayIntentBits.Guilds,
    });
    expect(on.fake.requestsTo(/^\/gateway\/bot$/, "GET")).toHaveLength(1);
    expect(on.fake.requests.every((request) => !("authorization" in request.headers))).toBe(true);
  });

  it("answers a slash command with an ephemeral reply and typed options", async () => {
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const dice = interaction.options.getString("dice", true);
      const bonus = interaction.options.getInteger("bonus") ?? 0;
      await interaction.reply({
        content: `${interaction.user.username} rolls ${dice}+${bonus}`,
        flags: MessageFlags.Ephemeral,
      });
    };
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d100", bonus: 5 } });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(response.data?.content).toBe("tester rolls 1d100+5");
    expect(response.data?.flags).toBe(MessageFlags.Ephemeral);
    const original = await handle.waitForOriginal();
    expect(original.content).toBe("tester rolls 1d100+5");
    // Ephemeral replies are not channel messages.
    expect(on.fake.channelMessages(on.fake.defaultChannelId())).not.toContainEqual(original);
    const [callback] = on.fake.requestsTo(new RegExp(`^/interactions/${handle.id}/`));
    expect(callback?.query).toEqual({ with_response: "false" });
    expect(callback?.token).toBeUndefined();
  });

  it("refuses options the registered command does not have", () => {
    expect(() =>
      on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d6", luck: 3 } }),
    ).toThrow(/no option "luck"/);
    expect(() => on.fake.sendSlashCommand({ name: "roll", options: {} })).toThrow(
      /requires option "dice"/,
    );
  });

  it("supports subcommands with resolved user options", async () => {
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const who = interaction.options.getUser("who", true);
      await interaction.reply(`${interaction.options.getSubcommand()} ${who.username}`);
    };
    const owner = on.fake.guild().ownerId;
    const handle = on.fake.sendSlashCommand({
      name: "sheet",
      subcommand: "show",
      options: { who: owner },
    });
    expect((await handle.response()).data?.content).toBe("show owner");
    expect(on.fake.channelMessages(on.fake.defaultChannelId()).at(-1)?.content).toBe("show owner");
  });

  it("handles deferReply + editReply + followUp", async () => {
    on.handler = async (interaction) => {
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
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "2d6" } });
    expect((await handle.response()).type).toBe(
      InteractionResponseType.DeferredChannelMessageWithSource,
    );
    const original = await handle.waitForOriginal();
    expect(original.content).toBe("done");
    expect(original.edited_timestamp).toBeNull();
    const [followUp] = await handle.waitForFollowUps(1);
    expect(followUp?.content).toBe(`follow-up to ${original.id}`);
    expect(on.fake.requestsTo(/\/messages\/@original$/, "PATCH")).toHaveLength(1);
    expect(on.fake.requestsTo(/\/messages\/@original$/, "PATCH")[0]?.rawPath).toMatch(
      /%40original$/,
    );
    await on.fake.waitForRequest((r) => r.method === "DELETE" && r.path.includes(handle.token));
    expect(handle.originalDeleted()).toBe(true);
  });

  it("returns the callback resource when discord.js asks with_response=true", async () => {
    let resourceContent: string | undefined;
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const callback = await interaction.reply({ content: "with response", withResponse: true });
      resourceContent = callback.resource?.message?.content;
    };
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d12" } });
    await handle.response();
    const request = await on.fake.waitForRequest((r) => r.path.includes(handle.token));
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
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen = { inGuild: interaction.inGuild(), userId: interaction.user.id };
      await interaction.reply("hello in DM");
    };
    const handle = on.fake.sendSlashCommand({
      guildId: null,
      name: "roll",
      options: { dice: "1d2" },
    });
    expect(handle.payload.guild_id).toBeUndefined();
    expect((await handle.response()).data?.content).toBe("hello in DM");
    expect(seen).toEqual({ inGuild: false, userId: on.fake.defaultUser.id });
  });

  it("acknowledges heartbeats and serves the application and command lists", async () => {
    const mark = on.fake.gateway.mark();
    on.fake.gateway.requestHeartbeat();
    await on.fake.gateway.waitFor("heartbeat", { since: mark });
    await vi.waitFor(() => {
      expect(on.client.ws.ping).toBeGreaterThanOrEqual(0);
    });
    const application = await on.client.application?.fetch();
    expect(application?.id).toBe(on.fake.applicationId);
    const commands = await on.client.application?.commands.fetch();
    expect(commands?.map((command) => command.name).sort()).toEqual(["roll", "sheet"]);
  });

  it("answers autocomplete with respond()", async () => {
    on.handler = async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const typed = interaction.options.getFocused();
      await interaction.respond([{ name: `Luck (${typed})`, value: "luck" }]);
    };
    const handle = on.fake.sendAutocomplete({
      name: "roll",
      options: { dice: "1d100", skill: "lu" },
      focused: "skill",
    });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.ApplicationCommandAutocompleteResult);
    expect(response.data?.choices).toEqual([{ name: "Luck (lu)", value: "luck" }]);
  });

  it("updates the message of a button, and handles a string select", async () => {
    on.handler = async (interaction) => {
      if (interaction.isButton()) {
        await interaction.update({ content: `pressed ${interaction.customId}`, components: [] });
      } else if (interaction.isStringSelectMenu()) {
        await interaction.reply(`picked ${interaction.values.join(",")}`);
      }
    };
    const button = on.fake.sendButton({ customId: "push-luck" });
    expect((await button.response()).type).toBe(InteractionResponseType.UpdateMessage);
    const sourceId = button.payload.message?.id ?? "";
    expect(on.fake.message(sourceId)?.content).toBe("pressed push-luck");
    expect((await button.waitForOriginal()).id).toBe(sourceId);

    const select = on.fake.sendSelect({ customId: "pick", values: ["a", "b"] });
    expect((await select.response()).data?.content).toBe("picked a,b");
  });

  it("presses a button on a message the bot sent", async () => {
    on.handler = async (interaction) => {
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
    const command = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d4" } });
    const message = await command.waitForOriginal();
    const press = on.fake.sendButton({ customId: "again", messageId: message.id });
    expect((await press.response()).type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await press.waitForOriginal({ predicate: (m) => m.content === "second" });
    expect(on.fake.message(message.id)?.content).toBe("second");
  });

  it("shows a modal and receives its submission", async () => {
    on.handler = async (interaction) => {
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
    const command = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d8" } });
    const shown = await command.response();
    expect(shown.type).toBe(InteractionResponseType.Modal);
    expect(shown.data?.custom_id).toBe("bond");
    expect(() => on.fake.sendModalSubmit({ customId: "bond", fields: { nam: "x" } })).toThrow(
      /no field/,
    );
    const submit = on.fake.sendModalSubmit({ customId: "bond", fields: { name: "Alice" } });
    expect((await submit.response()).data?.content).toBe("bond with Alice");
  });

  it("records uploaded files as attachments", async () => {
    on.handler = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({
        content: "sheet",
        files: [{ attachment: Buffer.from("STR 12"), name: "sheet.txt" }],
      });
    };
    const handle = on.fake.sendSlashCommand({ name: "roll", options: { dice: "1d2" } });
    const response = await handle.response();
    expect(response.files.map((file) => [file.field, file.filename, file.data.toString()])).toEqual(
      [["files[0]", "sheet.txt", "STR 12"]],
    );
    expect((await handle.waitForOriginal()).attachments.map((a) => a.filename)).toEqual([
      "sheet.txt",
    ]);
  });
});
