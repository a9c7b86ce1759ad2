/**
 * A roll's buttons act on that roll only: a press left on an earlier roll's message (a client
 * showing it before the edit, a double click) is refused privately and leaves the roll waiting
 * now exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buttonIds,
  extraPlayerId,
  isEphemeral,
  startSeededBot,
  type SeededBot,
} from "../support/seeded-bot.js";
import {
  answer,
  choices,
  pressOn,
  storedGameState,
  tableReady,
  textOf,
} from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-stale";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { players: 3 });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

function storedPending(): string {
  return JSON.stringify(storedGameState<{ pending: unknown }>(t).pending);
}

describe("a press on an earlier roll's buttons", () => {
  it("is refused, and the roll waiting now is untouched", async () => {
    const host = t.gmId;
    const players = [t.playerId, t.secondPlayerId, extraPlayerId(3)];
    const first = players[0] ?? "";
    const lobby = await tableReady(t, host, players, 1);
    await pressOn(t, lobby, "deal", host).response();
    const [character] = await choices(t, first, "check", "character");
    const check = { character: character?.value ?? "", ability: "reason", difficulty: "blue" };

    const earlier = await answer(t, first, "check", check);
    const staleIds = buttonIds(earlier).filter((id) => /^cultists:(reroll|keep):/.test(id));
    expect(staleIds.length).toBeGreaterThan(1);
    await pressOn(t, earlier, "keep", first).response();

    const now = await answer(t, first, "check", check);
    const waiting = storedPending();
    expect(waiting).not.toBe("null");
    for (const customId of staleIds) {
      const press = t.fake.sendButton({ customId, messageId: earlier.id, user: first });
      const refusal = await press.waitForOriginal();
      expect(isEphemeral(refusal)).toBe(true);
      expect(textOf(refusal)).toContain("That roll is over");
    }
    expect(storedPending()).toBe(waiting);
    expect(buttonIds(t.fake.message(now.id) ?? now)).toEqual(buttonIds(now));

    // The latest roll's own Keep still settles it.
    await pressOn(t, now, "keep", first).response();
    expect(storedPending()).toBe("null");
  }, 60_000);
});
