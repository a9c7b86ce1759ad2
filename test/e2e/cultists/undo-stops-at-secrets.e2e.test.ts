/**
 * The host's undo never goes back past a secret once it is out: not past the deal (the roles
 * would be dealt again), and not past the end, which shows every role to the channel (the host
 * could otherwise end, read the deal and undo). Undo of an ordinary move is the control.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  extraPlayerId,
  isEphemeral,
  startSeededBot,
  type SeededBot,
} from "../support/seeded-bot.js";
import { answer, storedGameState, dealtTable, textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-undo-secrets";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { players: 3 });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

interface Stored {
  phase: string;
  deal: unknown;
  stars: number;
}

describe("the host's undo", () => {
  it("refuses to take back the deal, undoes a move, and refuses to take back the end", async () => {
    const host = t.gmId;
    const players = [t.playerId, t.secondPlayerId, extraPlayerId(3)];
    await dealtTable(t, host, players, 1);
    const dealt = JSON.stringify((await storedGameState<Stored>(t)).deal);

    const keepDeal = await answer(t, host, "undo");
    expect(isEphemeral(keepDeal)).toBe(true);
    expect(textOf(keepDeal)).toContain("The roles are dealt");
    expect(JSON.stringify((await storedGameState<Stored>(t)).deal)).toBe(dealt);

    const starsBefore = (await storedGameState<Stored>(t)).stars;
    await answer(t, host, "stars advance", { amount: 1 });
    expect(isEphemeral(await answer(t, host, "undo"))).toBe(false);
    expect((await storedGameState<Stored>(t)).stars).toBe(starsBefore);

    const ended = await answer(t, host, "end");
    expect(isEphemeral(ended)).toBe(false);
    const keepEnd = await answer(t, host, "undo");
    expect(isEphemeral(keepEnd)).toBe(true);
    expect(textOf(keepEnd)).toContain("every role has been shown");
    expect((await storedGameState<Stored>(t)).phase).toBe("ended");
  }, 60_000);
});
