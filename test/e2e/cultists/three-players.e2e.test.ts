/**
 * A three-player game of Cultists of Cthulhu through the built bot and the fake Discord: the
 * lobby's buttons, characters and cards, the secret deal, a five-die check with its reroll
 * buttons, the University Turn moving the Star Chart until the Cultist is told privately (a
 * direct message, and their role view), the reveal, and the Academics' win with every role shown.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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
  cultists,
  pressOn,
  storedGameState,
  tableReady,
  textOf,
} from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-three";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { players: 3 });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

interface StoredTurn {
  turn: { kind: "player" | "university"; player: string } | null;
}

async function turnNow(): Promise<StoredTurn["turn"]> {
  return (await storedGameState<StoredTurn>(t)).turn;
}

describe("a three-player game through the bot", () => {
  it("plays from the lobby to the Academics' win", async () => {
    const host = t.gmId;
    const players = [t.playerId, t.secondPlayerId, extraPlayerId(3)];
    const lobby = await tableReady(t, host, players, 1);
    expect(textOf(lobby)).toContain("Fungi from Yuggoth");
    expect(buttonIds(lobby).some((id) => id.startsWith("cultists:deal:"))).toBe(true);

    // The deal: the status message turns into the board, edited in place.
    const dealt = await pressOn(t, lobby, "deal", host).response();
    expect(dealt.type).toBe(7);
    await vi.waitFor(() => {
      expect(textOf(t.fake.message(lobby.id))).toContain("Round 1");
    });
    const board = t.fake.message(lobby.id) ?? lobby;
    expect(buttonIds(board).some((id) => id.startsWith("cultists:role:"))).toBe(true);

    // Each player sees their own card privately; exactly one is the Cultist.
    const roles = new Map<string, string>();
    for (const p of players) {
      const role = await answer(t, p, "role");
      expect(isEphemeral(role)).toBe(true);
      roles.set(p, textOf(role));
    }
    const cultist = players.find((p) => roles.get(p)?.includes("Your role: the Cultist"));
    expect(cultist).toBeDefined();
    expect(players.filter((p) => roles.get(p)?.includes("Your role: an Academic"))).toHaveLength(2);

    // A five-die check on the first player's turn: the dice, then Keep makes it final.
    const offered = await choices(t, players[0] ?? "", "check", "character");
    expect(offered.map((c) => c.name)).toEqual([
      "Investigator 1-1",
      "Investigator 2-1",
      "Investigator 3-1",
    ]);
    const roll = await answer(t, players[0] ?? "", "check", {
      character: offered[0]?.value ?? "",
      ability: "reason",
      difficulty: "blue",
    });
    expect(isEphemeral(roll)).toBe(false);
    expect((textOf(roll).match(/🟢|🔵/gu) ?? []).length).toBeGreaterThanOrEqual(5);
    const kept = await pressOn(t, roll, "keep", players[0] ?? "").response();
    expect(kept.type).toBe(7);
    expect(buttonIds(t.fake.message(roll.id) ?? roll)).toEqual([]);

    // Someone else cannot end the first player's turn: privately refused.
    const refused = await answer(t, players[1] ?? "", "turn");
    expect(isEphemeral(refused)).toBe(true);

    // Every player ends their turn; the University Turn's player plays a Star Card to 25.
    for (let i = 0; i < 3; i++) {
      const now = await turnNow();
      await answer(t, now?.player ?? "", "turn");
    }
    const university = await turnNow();
    expect(university?.kind).toBe("university");
    const played = await answer(t, university?.player ?? "", "stars play", {
      advance: 25,
      duration: "instant",
      name: "The Stars Are Right",
    });
    expect(isEphemeral(played)).toBe(false);
    // Only the Cultist is told, by direct message; nothing public says so.
    await vi.waitFor(() => {
      expect(t.fake.directMessagesTo(cultist ?? "")).not.toEqual([]);
    });
    for (const p of players) {
      const dms = t.fake.directMessagesTo(p);
      if (p === cultist) expect(dms.map(textOf).join("\n")).toContain("you may reveal");
      else expect(dms).toEqual([]);
    }
    expect(textOf(played)).not.toContain("reveal");
    expect(textOf(t.fake.message(lobby.id))).not.toContain("may reveal");
    await answer(t, university?.player ?? "", "turn");

    // The Cultist reveals from their private role view; the table sees the card.
    const roleView = await answer(t, cultist ?? "", "role");
    const revealed = pressOn(t, roleView, "reveal", cultist ?? "");
    const [announcement] = await revealed.waitForFollowUps(1);
    expect(isEphemeral(announcement)).toBe(false);
    expect(textOf(announcement)).toMatch(/Cultist/);

    // The host marks every goal: the Academics win, and every role is shown.
    await answer(t, host, "goal", { goal: "A", part: 1 });
    await answer(t, host, "goal", { goal: "A", part: 2 });
    await answer(t, host, "goal", { goal: "B", part: 1 });
    const won = await answer(t, host, "goal", { goal: "B", part: 2 });
    expect(textOf(won)).toMatch(/Academics/);
    const final = textOf(t.fake.message(lobby.id));
    expect(final).toContain("Investigator 1-1");
    expect(final).toMatch(/Cultist/);
    const afterEnd = cultists(t, host, "goal", { goal: "A", part: 1 });
    expect(isEphemeral(await afterEnd.waitForOriginal())).toBe(true);
  }, 60_000);
});
