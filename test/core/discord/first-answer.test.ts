/**
 * First answers through discord.js against a Discord that fails the way real Discord does: a
 * callback taken and then answered 5xx (so the REST client's retry meets "already acknowledged"),
 * a 4xx, texts over Discord's limits, and buttons on private messages.
 */
import { setTimeout as sleep } from "node:timers/promises";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  SlashCommandBuilder,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandModule } from "../../../src/games/cthulhu-eternal/command.js";
import { customId } from "../../../src/core/discord/custom-id.js";
import { messages } from "../../../src/core/discord/messages.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import { startInProcessBot, type InProcessBot } from "./support/in-process-bot.js";

const AUTO_DEFER_MS = 150;
const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback$/;

function command(name: string, execute: CommandModule["execute"]): CommandModule {
  return {
    definition: new SlashCommandBuilder().setName(name).setDescription(`test command ${name}`),
    execute,
  };
}

const LONG_REFUSAL = `Unknown fields: ${Array.from({ length: 300 }, (_, i) => `field${i}`).join(", ")}.`;

const modules: CommandModule[] = [
  command("echo", async (_interaction, { reply }) => {
    await reply.send("echoed");
  }),
  command("slow", async (_interaction, { reply }) => {
    await sleep(AUTO_DEFER_MS * 3);
    await reply.send("slow but done");
  }),
  command("long-refusal", () => Promise.reject(new UserError(LONG_REFUSAL))),
  command("long-embed", async (_interaction, { reply }) => {
    await reply.send({
      embeds: [{ title: "🐙".repeat(200), description: "d".repeat(5000) }],
    });
  }),
  {
    ...command("private-panel", async (_interaction, { reply }) => {
      await reply.send({
        content: "your panel",
        ephemeral: true,
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder()
              .setCustomId(customId("private-panel", "more"))
              .setLabel("More")
              .setStyle(ButtonStyle.Primary),
          ),
        ],
      });
    }),
    buttons: {
      more: async (_interaction, { reply }) => {
        await reply.send("more, for you only");
      },
    },
  },
];

let bot: InProcessBot;

beforeAll(async () => {
  bot = await startInProcessBot({ modules, autoDeferAfterMs: AUTO_DEFER_MS });
});

afterAll(async () => {
  await bot.stop();
});

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

function errorsLoggedSince(mark: number) {
  return bot.logs.lines.slice(mark).filter((line) => (line.level ?? 0) >= 50);
}

function callbackBodiesOf(token: string): string[] {
  return bot.fake
    .requestsTo(CALLBACK, "POST")
    .filter((request) => request.path.includes(token))
    .map((request) => JSON.stringify(request.body));
}

describe("a first answer that Discord took but answered with a 5xx", () => {
  it("is not an error: the player has the answer, once, and no 'something went wrong'", async () => {
    const mark = bot.logs.lines.length;
    bot.fake.faults.failNext({ path: CALLBACK, status: 502, afterHandling: true });
    const handle = bot.fake.sendSlashCommand({ name: "echo" });
    expect((await handle.waitForOriginal()).content).toBe("echoed");
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    expect(handle.callbacks()).toHaveLength(1);
    expect(handle.followUps()).toEqual([]);
    expect(errorsLoggedSince(mark)).toEqual([]);
  });

  it("on the automatic defer: the answer still replaces the 'thinking…'", async () => {
    const mark = bot.logs.lines.length;
    bot.fake.faults.failNext({ path: CALLBACK, status: 502, afterHandling: true });
    const handle = bot.fake.sendSlashCommand({ name: "slow" });
    expect((await handle.waitForOriginal()).content).toBe("slow but done");
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    expect(handle.followUps()).toEqual([]);
    expect(errorsLoggedSince(mark)).toEqual([]);
  });
});

describe("a first answer refused with a 4xx", () => {
  it("is not sent again with the same body", async () => {
    bot.fake.faults.failNext({
      path: CALLBACK,
      status: 400,
      body: { code: 50035, message: "Invalid Form Body", errors: {} },
    });
    const handle = bot.fake.sendSlashCommand({ name: "echo" });
    const shown = await handle.waitForOriginal();
    expect(shown.content).toBe(messages.internalError("REF123"));
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    const bodies = callbackBodiesOf(handle.token);
    expect(new Set(bodies).size).toBe(bodies.length);
  });
});

describe("texts over Discord's limits", () => {
  it("a refusal longer than 2,000 characters reaches the player, cut", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "long-refusal" });
    const shown = await handle.waitForOriginal();
    expect(isEphemeral(shown.flags)).toBe(true);
    expect(shown.content.length).toBeLessThanOrEqual(2000);
    expect(shown.content.startsWith("Unknown fields: field0, field1")).toBe(true);
    expect(shown.content.endsWith("…")).toBe(true);
    expect(handle.rejections()).toEqual([]);
  });

  it("an embed over its limits is cut between emoji, not refused", async () => {
    const handle = bot.fake.sendSlashCommand({ name: "long-embed" });
    const shown = await handle.waitForOriginal();
    const [embed] = shown.embeds;
    expect(embed?.title?.length).toBeLessThanOrEqual(256);
    expect(embed?.title).toMatch(/^(🐙)+…$/u);
    expect(embed?.description?.length).toBeLessThanOrEqual(4096);
    expect(handle.rejections()).toEqual([]);
  });
});

describe("a button on a private message", () => {
  it("answers privately too", async () => {
    const panel = bot.fake.sendSlashCommand({ name: "private-panel" });
    const message = await panel.waitForOriginal();
    expect(isEphemeral(message.flags)).toBe(true);
    const press = bot.fake.sendButton({
      customId: customId("private-panel", "more"),
      messageId: message.id,
    });
    const answer = await press.waitForOriginal({
      predicate: (shown) => shown.content === "more, for you only",
    });
    expect(isEphemeral(answer.flags)).toBe(true);
  });
});
