import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  InteractionResponseType,
  MessageFlags,
  SlashCommandBuilder,
  type ApplicationCommandOptionChoiceData,
} from "discord.js";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandModule } from "../../../src/games/cthulhu-eternal/command.js";
import { customId } from "../../../src/core/discord/custom-id.js";
import { messages } from "../../../src/core/discord/messages.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import { RulesError } from "../../../src/games/cthulhu-eternal/rules/errors.js";
import { startInProcessBot, type InProcessBot } from "./support/in-process-bot.js";

/** Short, so slow handlers need not be slow; the defer must still come well before they answer. */
const AUTO_DEFER_MS = 150;
const SLOW_MS = 600;

function command(
  name: string,
  handler: CommandModule["execute"],
  extra: Partial<CommandModule> = {},
) {
  const definition = new SlashCommandBuilder()
    .setName(name)
    .setDescription(`test command ${name}`)
    .addStringOption((option) =>
      option.setName("text").setDescription("any text").setAutocomplete(true),
    );
  return { definition, execute: handler, ...extra } satisfies CommandModule;
}

const fruit: ApplicationCommandOptionChoiceData[] = Array.from({ length: 30 }, (_, i) => ({
  name: `fruit ${i}`,
  value: `fruit-${i}`,
}));

const modules: CommandModule[] = [
  command("echo", async (interaction, { reply }) => {
    await reply.send(interaction.options.getString("text") ?? "nothing");
  }),
  command("boom", () => Promise.reject(new Error("database on fire"))),
  command("refuse", () => Promise.reject(new UserError("You cannot do that here."))),
  command("rules", () => Promise.reject(new RulesError("test.rule", "The rules say no."))),
  command("slow", async (_interaction, { reply }) => {
    await sleep(SLOW_MS);
    await reply.send("slow but done");
  }),
  command(
    "slow-secret",
    async (_interaction, { reply }) => {
      await sleep(SLOW_MS);
      await reply.send("a secret, slowly");
    },
    { ephemeral: true },
  ),
  command("slow-refusal", async () => {
    await sleep(SLOW_MS);
    throw new UserError("Changed my mind.");
  }),
  command("silent", () => Promise.resolve()),
  command(
    "picker",
    async (_interaction, { reply }) => {
      await reply.send({
        content: "pick",
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder()
              .setCustomId(customId("picker", "go", 7))
              .setLabel("Go")
              .setStyle(ButtonStyle.Primary),
          ),
        ],
      });
    },
    {
      autocomplete: (interaction) =>
        Promise.resolve(
          fruit.filter((choice) => choice.name.includes(interaction.options.getFocused())),
        ),
      buttons: {
        go: async (_interaction, { reply, args }) => {
          await reply.edit({ content: `went with ${args.join(",")}`, components: [] });
        },
        quiet: () => Promise.resolve(),
      },
    },
  ),
];

let bot: InProcessBot;

beforeAll(async () => {
  bot = await startInProcessBot({
    modules,
    autoDeferAfterMs: AUTO_DEFER_MS,
    extraDefinitions: [{ name: "retired", description: "no longer exists" }],
  });
});

afterAll(async () => {
  await bot.stop();
});

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

describe("dispatcher", () => {
  it("answers a quick command directly, with pings disabled", async () => {
    const handle = bot.fake.sendSlashCommand({
      name: "echo",
      options: { text: "hi <@123456789012345678> @everyone" },
    });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(response.data?.content).toBe("hi <@123456789012345678> @everyone");
    expect(response.data?.allowed_mentions).toEqual({ parse: [] });
    expect(isEphemeral(response.data?.flags)).toBe(false);
  });

  it("turns an unexpected error into a private message with a reference, logged in full", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "boom" });
    const response = await handle.response();
    expect(isEphemeral(response.data?.flags)).toBe(true);
    expect(response.data?.content).toBe(messages.internalError("REF123"));
    expect(response.data?.content).not.toContain("database on fire");
    expect(response.data?.allowed_mentions).toEqual({ parse: [] });
    const logged = bot.logs.lines.find(
      (line) => line.msg === "interaction failed" && line.interactionId === handle.id,
    );
    expect(logged).toMatchObject({
      reference: "REF123",
      command: "boom",
      guildId: bot.fake.guild().id,
      userId: bot.fake.defaultUser.id,
      err: { message: "database on fire" },
    });
    expect(JSON.stringify(logged)).toContain("dispatcher.test.ts"); // the stack, for debugging
  });

  it.each([
    ["refuse", "You cannot do that here."],
    ["rules", "The rules say no."],
  ])("shows a player-facing error (%s) privately, as written", async (name, text) => {
    const response = await bot.fake.sendSlashCommand({ name }).response();
    expect(isEphemeral(response.data?.flags)).toBe(true);
    expect(response.data?.content).toBe(text);
  });

  it("defers a slow command in time, then edits in the answer", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "slow" });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(response.latencyMs).toBeLessThan(SLOW_MS);
    expect(isEphemeral(response.data?.flags)).toBe(false);
    const original = await handle.waitForOriginal();
    expect(original.content).toBe("slow but done");
    const edit = bot.fake
      .requestsTo(/^\/webhooks\/\d+\/[^/]+\/messages\/@original$/, "PATCH")
      .find((request) => request.path.includes(handle.token));
    expect(edit?.body).toMatchObject({ allowed_mentions: { parse: [] } });
  });

  it("defers privately when the command is private", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "slow-secret" });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(isEphemeral(response.data?.flags)).toBe(true);
    expect((await handle.waitForOriginal()).content).toBe("a secret, slowly");
  });

  it("keeps an error private even after a public defer: the public placeholder never shows it", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "slow-refusal" });
    expect((await handle.response()).type).toBe(
      InteractionResponseType.DeferredChannelMessageWithSource,
    );
    const [followUp] = await handle.waitForFollowUps(1);
    expect(followUp?.content).toBe("Changed my mind.");
    expect(isEphemeral(followUp?.flags)).toBe(true);
    // The "thinking…" everyone saw was removed without ever holding the refusal.
    expect(handle.originalDeleted()).toBe(true);
    expect(handle.original()?.content).toBe("");
  });

  it("answers for a handler that said nothing, and warns", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "silent" });
    const response = await handle.response();
    expect(response.data?.content).toBe(messages.done);
    expect(isEphemeral(response.data?.flags)).toBe(true);
    expect(
      bot.logs.lines.some(
        (line) =>
          line.msg === "handler finished without answering" && line.interactionId === handle.id,
      ),
    ).toBe(true);
  });

  it("tells the user when a command no longer exists", async () => {
    const response = await bot.fake.sendSlashCommand({ name: "retired" }).response();
    expect(response.data?.content).toBe(messages.unknownCommand);
    expect(isEphemeral(response.data?.flags)).toBe(true);
  });

  it("routes a button by its custom id, with its args, and updates its message", async () => {
    const command = bot.fake.sendSlashCommand({ name: "picker" });
    const message = await command.waitForOriginal();
    const press = bot.fake.sendButton({ customId: "picker:go:7", messageId: message.id });
    const response = await press.response();
    expect(response.type).toBe(InteractionResponseType.UpdateMessage);
    expect(response.data?.content).toBe("went with 7");
    expect(bot.fake.message(message.id)?.content).toBe("went with 7");
  });

  it("acknowledges a button whose handler said nothing without a message", async () => {
    const response = await bot.fake.sendButton({ customId: "picker:quiet" }).response();
    expect(response.type).toBe(InteractionResponseType.DeferredMessageUpdate);
  });

  it.each(["picker:gone:1", "nobody:go", "not-our-scheme"])(
    "says a button with an unknown custom id (%s) has expired",
    async (id) => {
      const response = await bot.fake.sendButton({ customId: id }).response();
      expect(response.data?.content).toBe(messages.expired.button);
      expect(isEphemeral(response.data?.flags)).toBe(true);
    },
  );

  it("sends at most 25 autocomplete choices, and none for a command without autocomplete", async () => {
    const picker = await bot.fake
      .sendAutocomplete({ name: "picker", focused: "text", options: { text: "fruit" } })
      .response();
    expect(picker.type).toBe(InteractionResponseType.ApplicationCommandAutocompleteResult);
    expect(picker.data?.choices).toHaveLength(25);
    const echo = await bot.fake
      .sendAutocomplete({ name: "echo", focused: "text", options: { text: "x" } })
      .response();
    expect(echo.data?.choices).toEqual([]);
  });

  it("when stopping: lets running work finish and tells newcomers to retry", async () => {
    const running = bot.fake.sendSlashCommand({ name: "slow" });
    await running.response(); // deferred: the handler is running now
    bot.dispatcher.stopAccepting();
    const late = await bot.fake
      .sendSlashCommand({ name: "echo", options: { text: "x" } })
      .response();
    expect(late.data?.content).toBe(messages.restarting);
    expect(isEphemeral(late.data?.flags)).toBe(true);
    expect(bot.dispatcher.inFlightCount).toBeGreaterThan(0);
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    expect(running.original()?.content).toBe("slow but done");
  });

  it("made only requests Discord knows", () => {
    expect(bot.fake.unmatchedRequests()).toEqual([]);
  });
});
