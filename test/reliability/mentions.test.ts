/**
 * Text from users is shown as text: Protagonist and Bond names holding @everyone, raw user,
 * role and channel mentions, markdown and backticks, and whatever a player types into an option,
 * never ping anyone and never render as mentions or formatting, in answers, refusals (which quote
 * names), embeds or the history. Asserted on every request the bot sent the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_USER_ID, rawMentionIn } from "./support/hostile.js";
import { outgoingMessages } from "./support/outgoing.js";
import { OTHER_PLAYER, PLAYER, startTable, type Table } from "./support/table.js";

const HERO = `@everyone <@${FOREIGN_USER_ID}> **bold**`;
const SIDEKICK = `\`tick\` __under__ <#${FOREIGN_USER_ID}>`;
const BOND = `<@${FOREIGN_USER_ID}> @here ||spoiler||`;
const TYPED = `@here <@&${FOREIGN_USER_ID}> **typed**`;

/** Markdown the names hold; shown escaped, these exact runs never appear. */
const RAW_MARKDOWN = ["**bold**", "`tick`", "__under__", "||spoiler||", "**typed**"];

let table: Table;
let mark: number;

beforeAll(async () => {
  table = await startTable({ playerChoices: [{ name: HERO }, { name: SIDEKICK }] });
  mark = table.bot.fake.requestMark();
});

afterAll(async () => {
  await table.stop();
});

describe("user text in everything the bot sends", () => {
  it("runs commands that show names and echo typed text", async () => {
    const { fake } = table.bot;
    const answers = [
      fake.sendSlashCommand({ name: "roll", user: PLAYER, options: { skill: "Occult" } }),
      fake.sendSlashCommand({ name: "roll", user: PLAYER, options: { skill: TYPED } }),
      fake.sendSlashCommand({ name: "roll", user: OTHER_PLAYER, options: { luck: true } }),
      fake.sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: PLAYER,
        options: { amount: "1" },
      }),
      fake.sendSlashCommand({
        name: "bond",
        subcommand: "add",
        user: PLAYER,
        options: { name: BOND, kind: "individual" },
      }),
      fake.sendSlashCommand({
        name: "bond",
        subcommand: "damage",
        user: PLAYER,
        options: { bond: TYPED, amount: "1" },
      }),
      fake.sendSlashCommand({ name: "bond", subcommand: "list", user: PLAYER }),
      // Refused, quoting the other player's Protagonist by name.
      fake.sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: PLAYER,
        options: { amount: "1", protagonist: table.protagonists[1]?.id ?? "" },
      }),
      fake.sendSlashCommand({
        name: "san",
        user: table.gmId,
        options: { loss: "0/1", threat: "unnatural", all: true },
      }),
      fake.sendSlashCommand({ name: "history", user: table.gmId, options: { public: true } }),
    ];
    for (const handle of answers) {
      // One at a time, so the history sees every change before it.
      const response = await handle.response();
      expect(response.type).toBeGreaterThan(0);
      await table.bot.dispatcher.drain(5_000);
    }
  });

  it("sent every message with pings disabled", () => {
    const sent = outgoingMessages(table.bot.fake.requests, mark);
    expect(sent.length).toBeGreaterThanOrEqual(10);
    for (const message of sent) expect(message.allowedMentions).toEqual({ parse: [] });
  });

  it("showed names and typed text, but never as a mention or formatting", () => {
    const texts = outgoingMessages(table.bot.fake.requests, mark).flatMap((m) => m.texts);
    const everything = texts.map((shown) => shown.text).join("\n");
    // The names are there (escaped), so the check below is not vacuous.
    expect(everything).toContain("bold");
    expect(everything).toContain("spoiler");
    expect(everything).toContain("typed");
    // Footers and authors render neither, so the raw name is the right thing to show there.
    const shownRaw = texts.filter(
      ({ text, rendering }) =>
        (rendering === "rich" && rawMentionIn(text) !== undefined) ||
        (rendering !== "plain" && RAW_MARKDOWN.some((markdown) => text.includes(markdown))),
    );
    expect(shownRaw).toEqual([]);
  });
});
