/**
 * The write rate limit in the dispatcher: what a module declares as writing is limited per user,
 * with a private "slow down" that says when to retry; reads, autocomplete and undeclared
 * components never are, and a refused write never reaches its handler.
 */
import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandModule } from "../../../src/games/cthulhu-eternal/command.js";
import { messages } from "../../../src/core/discord/messages.js";
import { WriteRateLimiter } from "../../../src/core/discord/rate-limit.js";
import { commandWrites, componentWrites } from "../../../src/core/discord/writes.js";
import { startInProcessBot, type InProcessBot } from "./support/in-process-bot.js";

const ran: string[] = [];

const ledger: CommandModule = {
  definition: new SlashCommandBuilder()
    .setName("ledger")
    .setDescription("test: writes and reads")
    .addSubcommand((sub) =>
      sub
        .setName("add")
        .setDescription("writes")
        .addStringOption((o) => o.setName("what").setDescription("x").setAutocomplete(true)),
    )
    .addSubcommand((sub) => sub.setName("show").setDescription("reads")),
  writes: { subcommands: ["add"], components: ["confirm"] },
  rollComponents: ["roll"],
  execute: async (interaction, { reply }) => {
    ran.push(interaction.options.getSubcommand());
    await reply.send("ok");
  },
  autocomplete: () => Promise.resolve([{ name: "a", value: "a" }]),
  buttons: {
    confirm: async (_interaction, { reply }) => {
      ran.push("confirm");
      await reply.edit("confirmed");
    },
    page: async (_interaction, { reply }) => {
      ran.push("page");
      await reply.edit("next page");
    },
    roll: async (_interaction, { reply }) => {
      ran.push("roll");
      await reply.send("rolled");
    },
  },
};

const BURST = 2;
const ROLL_BURST = 4;
let bot: InProcessBot;

beforeAll(async () => {
  // One token a minute: nothing refills during the test.
  const writeRateLimiter = new WriteRateLimiter({ burst: BURST, perMinute: 1 });
  const rollRateLimiter = new WriteRateLimiter({ burst: ROLL_BURST, perMinute: 1 });
  bot = await startInProcessBot({ modules: [ledger], writeRateLimiter, rollRateLimiter });
});

afterAll(async () => {
  await bot.stop();
});

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

describe("what a module declares", () => {
  const chat = (sub: string | null) =>
    ({
      options: {
        getSubcommandGroup: () => null,
        getSubcommand: () => sub,
      },
    }) as unknown as ChatInputCommandInteraction;
  const module = (writes: CommandModule["writes"]): CommandModule => ({ ...ledger, writes });

  it("reads the whole module, the command, subcommands and component actions", () => {
    expect(commandWrites(module(true), chat("show"))).toBe(true);
    expect(componentWrites(module(true), "page")).toBe(true);
    expect(commandWrites(module(undefined), chat("add"))).toBe(false);
    expect(commandWrites(module({ command: true }), chat(null))).toBe(true);
    expect(componentWrites(module({ command: true }), "page")).toBe(false);
    expect(commandWrites(module({ subcommands: ["add"] }), chat("add"))).toBe(true);
    expect(commandWrites(module({ subcommands: ["add"] }), chat("show"))).toBe(false);
    expect(componentWrites(module({ components: ["confirm"] }), "confirm")).toBe(true);
  });
});

describe("per-user write rate limit", () => {
  it("lets a burst of writes through, then says privately when to try again", async () => {
    const user = { id: "400000000000000001", username: "eager" };
    for (let i = 0; i < BURST; i += 1) {
      const ok = await bot.fake
        .sendSlashCommand({ name: "ledger", subcommand: "add", user })
        .response();
      expect(ok.data?.content).toBe("ok");
    }
    ran.length = 0;
    const limited = await bot.fake
      .sendSlashCommand({ name: "ledger", subcommand: "add", user })
      .response();
    expect(isEphemeral(limited.data?.flags)).toBe(true);
    expect(limited.data?.content).toBe(messages.slowDown(60));
    expect(ran).toEqual([]); // the handler never ran

    const button = await bot.fake.sendButton({ customId: "ledger:confirm", user }).response();
    expect(isEphemeral(button.data?.flags)).toBe(true);
    expect(button.data?.content).toMatch(/^Slow down/);
    expect(ran).toEqual([]);
  });

  it("never limits reads, autocomplete or components that only page", async () => {
    const user = { id: "400000000000000002", username: "reader" };
    for (let i = 0; i < BURST; i += 1) {
      await bot.fake.sendSlashCommand({ name: "ledger", subcommand: "add", user }).response();
    }
    for (let i = 0; i < 5; i += 1) {
      const read = await bot.fake
        .sendSlashCommand({ name: "ledger", subcommand: "show", user })
        .response();
      expect(read.data?.content).toBe("ok");
      const choices = await bot.fake
        .sendAutocomplete({
          name: "ledger",
          subcommand: "add",
          options: { what: "a" },
          focused: "what",
          user,
        })
        .response();
      expect(choices.data).toMatchObject({ choices: [{ name: "a", value: "a" }] });
      const page = await bot.fake.sendButton({ customId: "ledger:page", user }).response();
      expect(page.data?.content).toBe("next page");
    }
  });

  it("a component declared as rolling spends the roll bucket, not the write bucket", async () => {
    const user = { id: "400000000000000004", username: "roller" };
    for (let i = 0; i < BURST; i += 1) {
      await bot.fake.sendSlashCommand({ name: "ledger", subcommand: "add", user }).response();
    }
    for (let i = 0; i < ROLL_BURST; i += 1) {
      const rolled = await bot.fake.sendButton({ customId: "ledger:roll", user }).response();
      expect(rolled.data?.content).toBe("rolled");
    }
    const limited = await bot.fake.sendButton({ customId: "ledger:roll", user }).response();
    expect(limited.data?.content).toMatch(/rolling faster than the table/);
  });

  it("limits each user on their own", async () => {
    const other = { id: "400000000000000003", username: "calm" };
    const response = await bot.fake
      .sendSlashCommand({ name: "ledger", subcommand: "add", user: other })
      .response();
    expect(response.data?.content).toBe("ok");
  });

  it("logs a limited write as a refusal, once, without the error machinery", () => {
    const refusals = bot.logs.lines.filter(
      (line) => line.msg === "request refused" && String(line.userMessage).startsWith("Slow down"),
    );
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    expect(bot.logs.lines.some((line) => line.msg === "interaction failed")).toBe(false);
  });
});
