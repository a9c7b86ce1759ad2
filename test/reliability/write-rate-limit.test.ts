/**
 * The write rate limit on the real commands: what each module declares as writing names real
 * subcommands and components, writes are limited per user once the burst is spent (privately,
 * nothing changed), and reads, autocomplete and other users are not.
 */
import { ApplicationCommandOptionType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commands } from "../../commands/cthulhu-eternal/index.js";
import { definitionJson } from "../../src/core/discord/command.js";
import { WriteRateLimiter } from "../../src/core/discord/rate-limit.js";
import { OTHER_PLAYER, PLAYER, startTable, type Table } from "./support/table.js";

const BURST = 3;
const ROLL_BURST = 2 * BURST;
let table: Table;

beforeAll(async () => {
  // One token a minute: nothing refills during the test.
  table = await startTable({
    writeRateLimiter: new WriteRateLimiter({ burst: BURST, perMinute: 1 }),
    rollRateLimiter: new WriteRateLimiter({ burst: ROLL_BURST, perMinute: 1 }),
  });
});

afterAll(async () => {
  await table.stop();
});

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

describe("write declarations of the command modules", () => {
  it.each(commands.map((module) => [definitionJson(module.definition).name, module] as const))(
    "/%s declares only subcommands and components it has",
    (_name, module) => {
      const writes = module.writes;
      if (writes === undefined || typeof writes === "boolean") return;
      const json = definitionJson(module.definition);
      const paths = (json.options ?? []).flatMap((option) => {
        if (option.type === ApplicationCommandOptionType.Subcommand) return [option.name];
        if (option.type !== ApplicationCommandOptionType.SubcommandGroup) return [];
        return (option.options ?? []).map((sub) => `${option.name} ${sub.name}`);
      });
      const actions = [
        ...Object.keys(module.buttons ?? {}),
        ...Object.keys(module.selectMenus ?? {}),
        ...Object.keys(module.modals ?? {}),
      ];
      expect(writes.subcommands?.filter((path) => !paths.includes(path)) ?? []).toEqual([]);
      expect(writes.components?.filter((action) => !actions.includes(action)) ?? []).toEqual([]);
      if (writes.command === true) expect(paths).toEqual([]);
    },
  );
});

describe("a player writing too fast", () => {
  it("is told to slow down once the burst is spent, and nothing more is written", async () => {
    const { fake } = table.bot;
    for (let i = 0; i < BURST; i += 1) {
      const ok = await fake
        .sendSlashCommand({
          name: "hp",
          subcommand: "heal",
          user: PLAYER,
          options: { amount: "1" },
        })
        .response();
      expect(ok.data?.embeds?.length).toBe(1);
    }
    await table.bot.dispatcher.drain(5_000);
    const before = table.checksum();
    const limited = await fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: PLAYER,
        options: { amount: "1" },
      })
      .response();
    expect(isEphemeral(limited.data?.flags)).toBe(true);
    expect(limited.data?.content).toMatch(/^Slow down: .* try again in \d+ s\.$/);
    await table.bot.dispatcher.drain(5_000);
    expect(table.checksum()).toBe(before);
  });

  it("still reads: sheets, Bonds, Resources, history and autocomplete", async () => {
    const { fake } = table.bot;
    const reads = [
      fake.sendSlashCommand({ name: "bond", subcommand: "list", user: PLAYER }),
      fake.sendSlashCommand({ name: "resources", subcommand: "status", user: PLAYER }),
      fake.sendSlashCommand({ name: "history", user: PLAYER }),
      fake.sendSlashCommand({ name: "protagonist", subcommand: "show", user: PLAYER }),
    ];
    for (const read of reads) {
      const response = await read.response();
      expect(response.data?.content ?? "").not.toMatch(/Slow down/);
    }
    const choices = await fake
      .sendAutocomplete({ name: "roll", user: PLAYER, options: { skill: "occ" }, focused: "skill" })
      .response();
    expect(JSON.stringify(choices.data)).toContain("Occult");
  });

  it("still rolls: rolls have their own bucket", async () => {
    const response = await table.bot.fake
      .sendSlashCommand({ name: "roll", user: PLAYER, options: { expression: "1d6" } })
      .response();
    expect(response.data?.embeds?.length).toBe(1);
  });

  it("does not slow anyone else down", async () => {
    const response = await table.bot.fake
      .sendSlashCommand({ name: "roll", user: OTHER_PLAYER, options: { expression: "1d6" } })
      .response();
    expect(response.data?.embeds?.length).toBe(1);
  });
});

describe("a player rolling too fast", () => {
  it("is told, in words about rolling, once the roll burst is spent; nothing is rolled or logged", async () => {
    const { fake } = table.bot;
    const rolls = () =>
      fake.sendSlashCommand({ name: "roll", user: OTHER_PLAYER, options: { target: 50 } });
    // The test above rolled once for OTHER_PLAYER.
    for (let i = 1; i < ROLL_BURST; i += 1) {
      expect((await rolls().response()).data?.embeds?.length).toBe(1);
    }
    await table.bot.dispatcher.drain(5_000);
    const before = table.checksum();
    const limited = await rolls().response();
    expect(isEphemeral(limited.data?.flags)).toBe(true);
    expect(limited.data?.content).toMatch(
      /^You're rolling faster than the table can read — wait \d+ s\. Nothing was rolled\.$/,
    );
    await table.bot.dispatcher.drain(5_000);
    expect(table.checksum()).toBe(before);
    // Changing the table is another bucket: this player still may.
    const heal = await fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "heal",
        user: OTHER_PLAYER,
        options: { amount: "1" },
      })
      .response();
    expect(heal.data?.content ?? "").not.toMatch(/Slow down|rolling faster/);
  });
});
