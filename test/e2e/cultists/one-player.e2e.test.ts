/**
 * A one-player game of Cultists of Cthulhu through the built bot: three characters and a
 * set-aside candidate, the row of three face-down cards, the stars turning the first at 15 for
 * the table, and the player's win on every goal, with every card shown at the end.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSeededBot, type SeededBot } from "../support/seeded-bot.js";
import { answer, sheetOptions, tableReady, textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-one";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("a one-player game through the bot", () => {
  it("plays from the lobby to the player's win", async () => {
    const host = t.gmId;
    const player = t.playerId;
    const lobby = await tableReady(t, host, [player], 3);
    const candidate = await answer(t, player, "character enter", {
      ...sheetOptions("The Stranger"),
      "set-aside": true,
    });
    expect(textOf(candidate)).not.toContain("⛔");
    await answer(t, host, "deal");
    await vi.waitFor(() => {
      expect(textOf(t.fake.message(lobby.id))).toContain("Round 1");
    });
    // The set-aside character stays unseen until it comes in or the game ends.
    expect(textOf(t.fake.message(lobby.id))).not.toContain("The Stranger");

    // The stars reach 15: the row's first card is turned over for the table.
    const turned = await answer(t, player, "stars advance", { amount: 15 });
    expect(textOf(turned)).toMatch(/card/i);

    for (const [goal, part] of [
      ["A", 1],
      ["A", 2],
      ["B", 1],
      ["B", 2],
    ] as const) {
      await answer(t, host, "goal", { goal, part });
    }
    await vi.waitFor(() => {
      expect(textOf(t.fake.message(lobby.id))).toContain("The Stranger");
    });
    const [row] = await t.db.cultistsGame.findMany();
    expect(row?.ended).toBe(true);
  }, 60_000);
});
