/**
 * A two-player game of Cultists of Cthulhu through the built bot: two characters each, one card
 * each from the two-player deal (the 25 face up on the table), a check by the host for a player's
 * character, and a win: the Academics' one goal, or, when both hold Cultists, the other's death.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "../support/seeded-bot.js";
import { answer, choices, pressOn, tableReady, textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-two";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("a two-player game through the bot", () => {
  it("plays from the lobby to a win", async () => {
    const host = t.gmId;
    const players = [t.playerId, t.secondPlayerId];
    const lobby = await tableReady(t, host, players, 2);
    expect(textOf(lobby)).toContain("A game for two players");
    await answer(t, host, "deal", { first: players[0] ?? "" });

    // The face-up 25 is on the table for everyone; each player's own card only in private.
    const status = await answer(t, host, "status");
    expect(textOf(status)).toContain("25");
    const roles = await Promise.all(players.map(async (p) => textOf(await answer(t, p, "role"))));
    expect(roles.every((r) => /Your role: (the Cultist|an Academic)/.test(r))).toBe(true);
    for (const role of roles) expect(textOf(status)).not.toContain(role.split("\n")[1] ?? "—");

    // Each controls two characters; the host rolls for one of them.
    const offered = await choices(t, host, "check", "character");
    expect(offered).toHaveLength(4);
    const roll = await answer(t, host, "check", {
      character: offered[0]?.value ?? "",
      ability: "brawn",
      difficulty: "red",
    });
    expect(isEphemeral(roll)).toBe(false);
    await pressOn(t, roll, "keep", host).response();

    const academics = players.filter((_, i) => roles[i]?.includes("an Academic"));
    let won;
    if (academics.length > 0) {
      await answer(t, host, "goal", { goal: "A", part: 1 });
      won = await answer(t, host, "goal", { goal: "A", part: 2 });
      expect(textOf(won)).toMatch(/Academic/);
    } else {
      // Both hold Cultists: the first wins once the second's characters are dead.
      const second = await choices(t, players[1] ?? "", "reveal", "cultist");
      for (const c of second) await answer(t, host, "wound", { target: c.value, amount: 3 });
      won = t.fake.message(status.id);
    }
    expect(textOf(t.fake.message(lobby.id)) + textOf(won)).toMatch(/wins?|won/i);
    const [row] = await t.db.cultistsGame.findMany();
    expect(row?.ended).toBe(true);
  }, 60_000);
});
