/**
 * `/cultists wound` takes Wounds, heals one, or turns one's token over (a token read later), for
 * its player or the host; the log shows each, and the host's undo takes one back. Asking for two
 * at once, or for a Wound the character does not have, is refused privately, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  extraPlayerId,
  isEphemeral,
  startSeededBot,
  type SeededBot,
} from "../support/seeded-bot.js";
import { answer, choices, storedGameState, dealtTable, textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-wounds";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { players: 3 });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

interface Stored {
  characters: Record<string, { wounds: { kind: string }[] }>;
}

describe("/cultists wound", () => {
  it("takes, turns over and heals Wounds; refuses what cannot be done", async () => {
    const host = t.gmId;
    const [p1, p2] = [t.playerId, t.secondPlayerId];
    await dealtTable(t, host, [p1, p2, extraPlayerId(3)], 1);
    const target = (await choices(t, p1, "check", "character"))[0]?.value ?? "";
    const wounds = async () =>
      (await storedGameState<Stored>(t)).characters[target]?.wounds.map((w) => w.kind);

    expect(isEphemeral(await answer(t, p1, "wound", { target, amount: 2, token: "speed" }))).toBe(
      false,
    );
    expect(await wounds()).toEqual(["speed", "plain"]);
    const turned = await answer(t, p1, "wound", { target, set: "plain", token: "defense" });
    expect(isEphemeral(turned)).toBe(false);
    expect(await wounds()).toEqual(["speed", "defense"]);
    const healed = await answer(t, p1, "wound", { target, heal: "speed" });
    expect(isEphemeral(healed)).toBe(false);
    expect(textOf(healed)).toContain("heals");
    expect(await wounds()).toEqual(["defense"]);

    for (const [user, options, words] of [
      [p2, { target, heal: "defense" }, "not"],
      [p1, { target, heal: "plain" }, "has no plain Wound"],
      [p1, { target, heal: "defense", amount: 1 }, "one at a time"],
      [p1, { target, set: "defense" }, "Wound token"],
    ] as const) {
      const refusal = await answer(t, user, "wound", options);
      expect(isEphemeral(refusal)).toBe(true);
      expect(textOf(refusal)).toContain(words);
      expect(await wounds()).toEqual(["defense"]);
    }

    expect(isEphemeral(await answer(t, host, "undo"))).toBe(false);
    expect(await wounds()).toEqual(["speed", "defense"]);
  }, 60_000);
});
