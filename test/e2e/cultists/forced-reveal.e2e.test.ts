/**
 * Two players, the stars reaching 20: a player holding the 15 or the 20 must reveal, and play
 * waits for them (every other move is refused, privately) until they choose which of their
 * characters becomes the Cultist and which dies. With two Academics instead, nobody must reveal
 * and the face-up 25 acts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "../support/seeded-bot.js";
import { answer, choices, storedGameState, tableReady, textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-forced";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

interface Stored {
  forcedReveals: string[];
  activation: unknown;
  reveals: unknown[];
}

function stored(): Promise<Stored> {
  return storedGameState<Stored>(t);
}

async function expectUndoRefused(host: string): Promise<void> {
  const before = JSON.stringify(await stored());
  const refusal = await answer(t, host, "undo");
  expect(isEphemeral(refusal)).toBe(true);
  expect(textOf(refusal)).toContain("cannot be taken back");
  expect(JSON.stringify(await stored())).toBe(before);
}

describe("a two-player game at 20 on the Star Chart", () => {
  it("waits for a forced reveal, or lets the face-up 25 act", async () => {
    const host = t.gmId;
    const players = [t.playerId, t.secondPlayerId];
    await tableReady(t, host, players, 2);
    await answer(t, host, "deal", { first: players[0] ?? "" });
    await answer(t, host, "stars advance", { amount: 20 });

    const { forcedReveals, activation } = await stored();
    if (forcedReveals.length === 0) {
      expect(activation).not.toBeNull();
      // The face-up 25 acted in front of the table: undo may not take that back.
      await expectUndoRefused(host);
      return;
    }
    const [must = ""] = forcedReveals;
    const other = players.find((p) => p !== must) ?? "";
    for (const who of [must, other]) {
      const blocked = await answer(t, who, "turn");
      expect(isEphemeral(blocked)).toBe(true);
      expect(textOf(blocked)).toContain("play waits for their reveal");
    }
    expect((await stored()).forcedReveals).toEqual(forcedReveals);

    const mine = await choices(t, must, "reveal", "cultist");
    expect(mine).toHaveLength(2);
    const [cultist, sacrifice] = mine;
    const revealed = await answer(t, must, "reveal", {
      cultist: cultist?.value ?? "",
      sacrifice: sacrifice?.value ?? "",
    });
    expect(isEphemeral(revealed)).toBe(false);
    const after = await stored();
    expect(after.forcedReveals).not.toContain(must);
    expect(after.reveals.length).toBeGreaterThan(0);
    // A reveal is out for good: the host's undo may not take it back.
    await expectUndoRefused(host);
    expect((await stored()).reveals).toEqual(after.reveals);
    if (after.forcedReveals.length === 0) {
      expect(isEphemeral(await answer(t, players[0] ?? "", "turn"))).toBe(false);
    }
  }, 60_000);
});
