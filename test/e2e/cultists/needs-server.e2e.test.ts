/**
 * /cultists keeps a table's secrets in a server the bot was added to. Where it has no table — a
 * server that has the bot only on a member's account, or a DM — it answers privately, in the
 * game's words, that the bot must be added to the server; it stores nothing and logs nothing
 * above info.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "../support/seeded-bot.js";
import { textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-needs-server";
const ELSEWHERE = "100000000000000502";
const INFO = 30;
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, {
    fake: { userInstall: true, externalGuilds: [{ id: ELSEWHERE, name: "Without the bot" }] },
  });
  t.fake.installToUser(t.playerId);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("/cultists without a server that has the bot", () => {
  it.each([
    ["a server with the bot on a member's account only", "open", ELSEWHERE],
    ["a server with the bot on a member's account only", "role", ELSEWHERE],
    ["a DM", "open", null],
    ["a DM", "role", null],
  ] as const)(
    "in %s, /cultists %s says so privately and stores nothing",
    async (_where, sub, guildId) => {
      const logsBefore = t.bot.logs.length;
      const response = await t.fake
        .sendSlashCommand({
          name: "cultists",
          guildId,
          subcommand: sub,
          ...(sub === "open" ? { options: { scenario: "Fungi from Yuggoth" } } : {}),
        })
        .waitForOriginal();
      expect(isEphemeral(response)).toBe(true);
      expect(textOf(response)).toContain("a server the bot has been added to");
      expect(await t.db.cultistsGame.count()).toBe(0);
      const loud = t.bot.logs.slice(logsBefore).filter((line) => (line.level ?? 0) > INFO);
      expect(loud).toEqual([]);
    },
  );

  it("/cultists help still answers in a DM, with the default settings", async () => {
    const response = await t.fake
      .sendSlashCommand({ name: "cultists", guildId: null, subcommand: "help" })
      .waitForOriginal();
    expect(isEphemeral(response)).toBe(true);
    expect(textOf(response)).toContain("/cultists open");
  });
});
