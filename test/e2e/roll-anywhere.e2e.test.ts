/**
 * /roll as a table plays it through the real bot: a GM rolling for a crowd of NPCs is never
 * throttled (rolls have their own bucket), and plain tests need no campaign.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-roll-anywhere";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("a GM rolling for many NPCs", () => {
  it("is never stopped for two dozen rolls in a row, and can still change the table", async () => {
    for (let npc = 1; npc <= 24; npc += 1) {
      const response = await t.fake
        .sendSlashCommand({ name: "roll", user: t.gmId, options: { target: 40 + npc } })
        .response();
      expect(response.data?.content ?? "", `NPC ${npc}`).not.toMatch(/Slow down|faster/);
      expect(response.data?.embeds?.length, `NPC ${npc}`).toBe(1);
      expect(isEphemeral(response.data)).toBe(false);
    }
    const damage = await t.fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: t.gmId,
        options: { amount: "1", protagonist: t.table.protagonists[0]?.id ?? "" },
      })
      .response();
    expect(damage.data?.embeds?.[0]?.title).toMatch(/^❤️ HP — /);
  });
});
