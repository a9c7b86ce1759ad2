/**
 * Copies of secret rolls stay on the campaign's server, and a GM channel the bot cannot write to
 * costs nobody their roll: the roller gets the result and learns what the GM must fix, and where.
 */
import { MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gmCopyFailed } from "../../src/games/cthulhu-eternal/presentation/secret-roll.js";
import { PLAYER, startTable, type Table } from "./support/table.js";

let table: Table;

beforeAll(async () => {
  table = await startTable();
});

afterAll(async () => {
  await table.stop();
});

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

function settings(options: Record<string, string>) {
  return table.bot.fake
    .sendSlashCommand({ name: "campaign", subcommand: "settings", user: table.gmId, options })
    .waitForOriginal();
}

function secretRoll() {
  return table.bot.fake
    .sendSlashCommand({ name: "roll", user: PLAYER, options: { expression: "1d6", secret: true } })
    .waitForOriginal();
}

async function gmChannelId(): Promise<string | null> {
  const campaign = await table.prisma.campaign.findUniqueOrThrow({
    where: { id: table.campaignId },
  });
  return campaign.gmChannelId;
}

const foreignChannel = () => table.bot.fake.defaultChannelId(table.otherGuildId);
const homeChannel = () => table.bot.fake.defaultChannelId(table.guildId);

describe("the GM channel", () => {
  it("refuses a channel of another server, privately, changing nothing", async () => {
    const refused = await settings({
      "secret-rolls": "gm-channel",
      "gm-channel": foreignChannel(),
    });
    expect(isEphemeral(refused.flags)).toBe(true);
    expect(refused.content).toMatch(/text channel of this server/);
    expect(await gmChannelId()).toBeNull();
  });

  it("sends no copy to a channel of another server stored before, and says so", async () => {
    await table.prisma.campaign.update({
      where: { id: table.campaignId },
      data: { secretRollMode: "gm-channel", gmChannelId: foreignChannel() },
    });
    const answer = await secretRoll();
    expect(isEphemeral(answer.flags)).toBe(true);
    expect(answer.embeds).toHaveLength(1);
    expect(answer.content).toMatch(/not a channel of this server/);
    await table.bot.dispatcher.drain(5_000);
    expect(table.bot.fake.channelMessages(foreignChannel())).toEqual([]);
  });

  it("answers the roll when Discord refuses the copy (403), naming the permission and the channel", async () => {
    await settings({ "secret-rolls": "gm-channel", "gm-channel": homeChannel() });
    expect(await gmChannelId()).toBe(homeChannel());
    table.bot.fake.faults.failNext({
      path: new RegExp(`^/channels/${homeChannel()}/messages$`),
      method: "POST",
      status: 403,
      body: { code: 50013, message: "Missing Permissions" },
    });
    const answer = await secretRoll();
    expect(isEphemeral(answer.flags)).toBe(true);
    expect(answer.embeds).toHaveLength(1);
    expect(answer.content).toContain("Send Messages");
    expect(answer.content).toContain(`<#${homeChannel()}>`);
    expect(table.bot.logs.lines.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
  });

  it("answers the roll when Discord fails the copy (5xx past the retries)", async () => {
    table.bot.fake.faults.failNext({
      path: new RegExp(`^/channels/${homeChannel()}/messages$`),
      method: "POST",
      status: 500,
      count: 10,
    });
    const answer = await secretRoll();
    table.bot.fake.faults.clear();
    expect(isEphemeral(answer.flags)).toBe(true);
    expect(answer.embeds).toHaveLength(1);
    expect(answer.content).toBe(gmCopyFailed);
    expect(table.bot.logs.lines.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
  });

  it("posts the copy there once it can", async () => {
    const answer = await secretRoll();
    expect(answer.content).toBe("");
    await table.bot.fake.waitForChannelMessage(homeChannel(), (message) =>
      message.content.startsWith("Secret roll by"),
    );
  });
});
