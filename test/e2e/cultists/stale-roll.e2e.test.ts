/**
 * A roll's buttons act on that roll only: a press left on an earlier roll's message (a client
 * showing it before the edit, a double click), on a roll since undone, by someone who may not
 * act for its roller, or naming another game, is refused privately and leaves the roll waiting
 * now, and every message, exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customIds } from "../support/messages.js";
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
  dealtTable,
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

async function storedPending(): Promise<string> {
  return JSON.stringify((await storedGameState<{ pending: unknown }>(t)).pending);
}

describe("a press on an earlier roll's buttons", () => {
  it("is refused, and the roll waiting now is untouched", async () => {
    const host = t.gmId;
    const players = [t.playerId, t.secondPlayerId, extraPlayerId(3)];
    const first = players[0] ?? "";
    await dealtTable(t, host, players, 1);
    const [character] = await choices(t, first, "check", "character");
    const check = { character: character?.value ?? "", ability: "reason", difficulty: "blue" };

    const earlier = await answer(t, first, "check", check);
    const staleIds = buttonIds(earlier).filter((id) => /^cultists:(reroll|keep):/.test(id));
    expect(staleIds.length).toBeGreaterThan(1);
    await pressOn(t, earlier, "keep", first).response();

    const now = await answer(t, first, "check", check);
    const waiting = await storedPending();
    expect(waiting).not.toBe("null");
    for (const customId of staleIds) {
      const press = t.fake.sendButton({ customId, messageId: earlier.id, user: first });
      const refusal = await press.waitForOriginal();
      expect(isEphemeral(refusal)).toBe(true);
      expect(textOf(refusal)).toContain("That roll is over");
    }
    expect(await storedPending()).toBe(waiting);
    expect(buttonIds(t.fake.message(now.id) ?? now)).toEqual(buttonIds(now));

    // The latest roll's own Keep still settles it.
    await pressOn(t, now, "keep", first).response();
    expect(await storedPending()).toBe("null");
  }, 60_000);
});

describe("a press on another roll's menu, or someone else's roll", () => {
  it("is refused, and neither the settled message nor the waiting roll changes", async () => {
    const host = t.gmId;
    const [p1, p2, p3] = [t.playerId, t.secondPlayerId, extraPlayerId(3)];
    const [mine] = await choices(t, p1, "check", "character");
    const ofP2 = (await choices(t, p2, "check", "character")).find((c) => c.value !== mine?.value);
    await answer(t, p1, "item add", {
      character: mine?.value ?? "",
      name: "Lamp",
      hands: 0,
      rerolls: 1,
    });
    const check = (character: string) => ({ character, ability: "reason", difficulty: "blue" });

    const settled = await answer(t, p1, "check", check(mine?.value ?? ""));
    const diceMenu = customIds(settled).find((id) => id.startsWith("cultists:dice:")) ?? "";
    expect(diceMenu).not.toBe("");
    await pressOn(t, settled, "keep", p1).response();
    const settledText = textOf(t.fake.message(settled.id));

    const waiting = await answer(t, p2, "check", check(ofP2?.value ?? ""));
    const pending = await storedPending();
    const forged = diceMenu.replace(/^cultists:dice:[^:]+:/, "cultists:dice:made-up-game:");
    for (const [customId, messageId, user, words] of [
      [diceMenu, settled.id, p3, "That roll is over"],
      [diceMenu, settled.id, p1, "That roll is over"],
      [forged, waiting.id, p2, "another game"],
    ] as const) {
      const press = t.fake.sendSelect({ customId, messageId, values: ["0"], user });
      const refusal = await press.waitForOriginal();
      expect(isEphemeral(refusal)).toBe(true);
      expect(textOf(refusal)).toContain(words);
    }
    // Someone else's Keep on the waiting roll: only its roller, or the host, may press it.
    const notTheirs = await pressOn(t, waiting, "keep", p3).waitForOriginal();
    expect(isEphemeral(notTheirs)).toBe(true);
    expect(await storedPending()).toBe(pending);
    expect(textOf(t.fake.message(settled.id))).toBe(settledText);
    expect(textOf(t.fake.message(waiting.id))).toBe(textOf(waiting));

    await pressOn(t, waiting, "keep", host).response();
    expect(await storedPending()).toBe("null");
  }, 60_000);
});

describe("a press on a roll the host undid", () => {
  it("is refused: its buttons died with it, and the next roll waits untouched", async () => {
    const host = t.gmId;
    const first = t.playerId;
    const [character] = await choices(t, first, "check", "character");
    const check = { character: character?.value ?? "", ability: "reason", difficulty: "green" };
    const undone = await answer(t, first, "check", check);
    await answer(t, host, "undo");
    expect(await storedPending()).toBe("null");
    const next = await answer(t, first, "check", check);
    const pending = await storedPending();

    const refusal = await pressOn(t, undone, "keep", first).waitForOriginal();
    expect(isEphemeral(refusal)).toBe(true);
    expect(textOf(refusal)).toContain("That roll is over");
    expect(await storedPending()).toBe(pending);
    expect(textOf(t.fake.message(next.id))).toBe(textOf(next));
  }, 60_000);
});
