/**
 * Text from users is shown as text: Protagonist and Bond names, notes, an imported name and
 * whatever a player types into an option, holding @everyone, raw user, role and channel
 * mentions, slash-command mentions, timestamps, custom emoji, masked links, headings, quotes,
 * lists, subtext, spoilers and code, never ping anyone and never render, in answers, refusals
 * (which quote names), embeds, the sheet, lists, the party, the history and the public import
 * line. Asserted on every request the bot sent the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_USER_ID, rawMentionIn } from "./support/hostile.js";
import { outgoingMessages } from "./support/outgoing.js";
import { OTHER_PLAYER, PLAYER, startTable, type Table } from "./support/table.js";

const ID = FOREIGN_USER_ID;
const HERO = `# Heading @everyone <@${ID}> **bold** [link](https://example.com) <t:1700000000:R>`;
const SIDEKICK = `> quote \`tick\` __under__ <#${ID}> </roll:${ID}> <:cthulhu:${ID}>`;
const BOND = `- listed <@${ID}> @here ||spoiler|| <a:dance:${ID}>`;
const TYPED = `@here <@&${ID}> **typed**`;
const IMPORTED = `1. numbered -# sub \`\`\`fence\`\`\``;
const NOTES = [
  "-# subtext",
  ">>> all quoted",
  "## Smaller",
  "* starred",
  "[more](https://x.y)",
].join("\n");

/** What the names and notes hold; shown as text, none of these is ever sent as it would render. */
const RENDERED_RAW: readonly RegExp[] = [
  /\*\*bold\*\*/,
  /`tick`/,
  /__under__/,
  /\|\|spoiler\|\|/,
  /\*\*typed\*\*/,
  /```fence```/,
  /(?<!\\)\[(?:link|more)\]\(/,
  /^ *# Heading/m,
  /^ *## Smaller/m,
  /^ *> quote/m,
  /^ *>>> all/m,
  /^ *- listed/m,
  /^ *\* starred/m,
  /^ *1\. numbered/m,
  /^ *-# sub/m,
  new RegExp(`<(?:#|/roll:|:cthulhu:|a:dance:)${ID}`),
  /<t:1700000000/,
];

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

  it("shows notes, the sheet, the lists and the party", async () => {
    const { fake } = table.bot;
    const steps = [
      () =>
        fake.sendSlashCommand({
          name: "protagonist",
          subcommand: "edit",
          user: PLAYER,
          options: { notes: NOTES },
        }),
      () => fake.sendSlashCommand({ name: "protagonist", subcommand: "show", user: PLAYER }),
      () => fake.sendSlashCommand({ name: "protagonist", subcommand: "list", user: PLAYER }),
      () => fake.sendSlashCommand({ name: "campaign", subcommand: "party", user: table.gmId }),
    ];
    for (const step of steps) {
      await step().waitForOriginal();
      await table.bot.dispatcher.drain(5_000);
    }
  });

  it("imports a copy under a hostile name, announced publicly", async () => {
    const exported = await table.services.protagonists.exportJson({
      actor: { ...table.gm, userId: PLAYER.id, canManageGuild: false },
      protagonistId: table.protagonists[0]?.id ?? "",
    });
    const handle = table.bot.fake.sendSlashCommand({
      name: "protagonist",
      subcommand: "import",
      user: OTHER_PLAYER,
      options: { json: JSON.stringify(exported), name: IMPORTED },
    });
    const shown = await handle.waitForOriginal();
    expect(shown.content).toContain("Imported");
    await table.bot.dispatcher.drain(5_000);
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
    for (const word of ["bold", "spoiler", "typed", "Heading", "quote", "listed", "numbered"]) {
      expect(everything).toContain(word);
    }
    for (const word of ["subtext", "all quoted", "Smaller", "starred", "more", "fence"]) {
      expect(everything).toContain(word);
    }
    // Footers and authors render neither, so the raw name is the right thing to show there.
    const shownRaw = texts.filter(
      ({ text, rendering }) =>
        (rendering === "rich" && rawMentionIn(text) !== undefined) ||
        (rendering !== "plain" && RENDERED_RAW.some((raw) => raw.test(text))),
    );
    expect(shownRaw).toEqual([]);
  });
});
