import { describe, expect, it } from "vitest";

import { crossedNumbers } from "../../../../src/games/cultists-of-cthulhu/rules/stars.js";
import {
  act,
  characterOf,
  cultistNumberOf,
  dealt,
  factsOf,
  HOST,
  refusal,
  rolesOf,
  type Game,
} from "./support.js";
import { duelDealt, soloRowCultistAt } from "./tables.js";

function advance(g: Game, amount: number, by = HOST) {
  return act(g, { by, type: "advance-stars", amount });
}

describe("the Star Chart", () => {
  it("starts at 0, rises by whole positive amounts, and stops at 30", () => {
    const g = dealt(3);
    expect(g.state.stars).toBe(0);
    expect(refusal(g, { by: "p1", type: "advance-stars", amount: 0 })).toMatchObject({
      code: "invalid-amount",
    });
    expect(refusal(g, { by: "p1", type: "advance-stars", amount: -2 })).toMatchObject({
      code: "invalid-amount",
    });
    expect(refusal(g, { by: "p1", type: "advance-stars", amount: 1.5 })).toMatchObject({
      code: "invalid-amount",
    });
    expect(refusal(g, { by: "stranger", type: "advance-stars", amount: 1 })).toEqual({
      code: "not-a-player",
      player: "stranger",
    });
    advance(g, 28, "p2");
    expect(factsOf(advance(g, 5), "stars-advanced")[0]).toMatchObject({ from: 28, to: 30 });
    expect(advance(g, 1)).toEqual([]);
    expect(g.state.stars).toBe(30);
  });

  it("never goes down, whatever is played (a seeded run of cards and events)", () => {
    const g = dealt(4, { seed: 9 });
    let last = 0;
    for (let i = 0; i < 40 && g.state.phase === "playing"; i++) {
      if (i % 3 === 0) advance(g, 1 + (i % 4));
      while (g.state.turn?.kind === "player") act(g, { by: HOST, type: "end-turn" });
      act(g, {
        by: HOST,
        type: "play-star-card",
        card: { name: null, duration: "instant", advance: 1 + (i % 3) },
      });
      act(g, { by: HOST, type: "end-university-turn" });
      expect(g.state.stars).toBeGreaterThanOrEqual(last);
      expect(g.state.stars).toBeLessThanOrEqual(30);
      last = g.state.stars;
    }
    expect(last).toBe(30);
  });

  it("passes a number when it moves from below it to it or beyond", () => {
    expect(crossedNumbers(14, 15, [15, 20, 25])).toEqual([15]);
    expect(crossedNumbers(13, 14, [15, 20, 25])).toEqual([]);
    expect(crossedNumbers(15, 16, [15, 20, 25])).toEqual([]);
    expect(crossedNumbers(14, 26, [25, 15, 20])).toEqual([15, 20, 25]);
  });
});

describe("three to six players: the Cultist's number", () => {
  it("tells only the Cultist, exactly when the chart reaches it", () => {
    const g = dealt(4, { seed: 3 });
    const { cultist } = rolesOf(g);
    const number = cultistNumberOf(g, cultist);
    const before = advance(g, number - 1);
    expect(factsOf(before, "cultist-may-reveal")).toEqual([]);
    const at = advance(g, 1);
    expect(factsOf(at, "cultist-may-reveal")).toEqual([
      {
        type: "cultist-may-reveal",
        player: cultist,
        number,
        visibility: { to: "players", players: [cultist] },
      },
    ]);
    expect(at.filter((f) => f.visibility.to === "table").map((f) => f.type)).toEqual([
      "stars-advanced",
    ]);
    expect(factsOf(advance(g, 30), "cultist-may-reveal")).toEqual([]);
  });

  it("is told once when one card jumps past it", () => {
    const g = dealt(3, { seed: 5 });
    const { cultist } = rolesOf(g);
    const facts = advance(g, 27);
    expect(factsOf(facts, "cultist-may-reveal").map((f) => f.player)).toEqual([cultist]);
  });
});

describe("two players", () => {
  it("must reveal at their number: play waits for them, then goes on", () => {
    const g = duelDealt("one-each");
    const cultist = Object.keys(g.state.deal?.hands ?? {}).find(
      (p) => g.state.cards[g.state.deal?.hands[p] ?? ""]?.kind === "cultist",
    ) as string;
    const other = cultist === "p1" ? "p2" : "p1";
    const number = cultistNumberOf(g, cultist);
    expect(factsOf(advance(g, number - 1), "cultist-must-reveal")).toEqual([]);
    const at = advance(g, 1);
    expect(factsOf(at, "cultist-must-reveal")[0]).toMatchObject({
      player: cultist,
      visibility: { to: "players", players: [cultist] },
    });
    expect(factsOf(at, "awaiting-reveal")).toHaveLength(1);
    expect(g.state.forcedReveals).toEqual([cultist]);
    expect(refusal(g, { by: other, type: "end-turn" })).toEqual({ code: "awaiting-reveal" });
    expect(refusal(g, { by: HOST, type: "advance-stars", amount: 1 })).toEqual({
      code: "awaiting-reveal",
    });
    const [keep, lose] = [characterOf(g, cultist, 0), characterOf(g, cultist, 1)];
    expect(refusal(g, { by: cultist, type: "reveal", cultist: keep, sacrifice: keep })).toEqual({
      code: "reveal-choice",
      problem: "sacrifice",
    });
    expect(refusal(g, { by: cultist, type: "reveal", sacrifice: lose })).toEqual({
      code: "reveal-choice",
      problem: "cultist",
    });
    const revealed = act(g, { by: cultist, type: "reveal", cultist: keep, sacrifice: lose });
    expect(revealed.map((f) => f.type)).toEqual([
      "cultist-revealed",
      "character-sacrificed",
      "character-died",
      "event-rules-changed",
    ]);
    expect(g.state.forcedReveals).toEqual([]);
    act(g, { by: HOST, type: "end-turn" });
  });

  it("cannot reveal before the stars reach their number", () => {
    const g = duelDealt("one-each");
    const cultist = Object.keys(g.state.deal?.hands ?? {}).find(
      (p) => g.state.cards[g.state.deal?.hands[p] ?? ""]?.kind === "cultist",
    ) as string;
    advance(g, cultistNumberOf(g, cultist) - 1);
    expect(
      refusal(g, {
        by: cultist,
        type: "reveal",
        cultist: characterOf(g, cultist, 0),
        sacrifice: characterOf(g, cultist, 1),
      }),
    ).toEqual({
      code: "stars-not-aligned",
    });
  });

  it("two Academics and no reveal at 20: the face-up 25 Cultist acts", () => {
    const g = duelDealt("both-academics");
    expect(factsOf(advance(g, 19), "face-up-cultist-activated")).toEqual([]);
    const at20 = advance(g, 1);
    expect(factsOf(at20, "face-up-cultist-activated")[0]?.card).toMatchObject({
      kind: "cultist",
      number: 25,
    });
    expect(factsOf(at20, "event-rules-changed")).toHaveLength(1);
    expect(g.state.activation?.card).toBe(g.state.deal?.faceUp);
    expect(Object.values(g.state.characters).every((c) => !c.dead)).toBe(true);
    expect(factsOf(advance(g, 5), "face-up-cultist-activated")).toEqual([]);
  });

  it("a Cultist revealed at 15 means no face-up activation at 20", () => {
    const g = duelDealt("one-each", 15);
    const cultist = Object.keys(g.state.deal?.hands ?? {}).find(
      (p) => g.state.cards[g.state.deal?.hands[p] ?? ""]?.kind === "cultist",
    ) as string;
    advance(g, 15);
    act(g, {
      by: cultist,
      type: "reveal",
      cultist: characterOf(g, cultist, 0),
      sacrifice: characterOf(g, cultist, 1),
    });
    expect(factsOf(advance(g, 10), "face-up-cultist-activated")).toEqual([]);
    expect(g.state.activation).toBeNull();
  });

  it("a jump past 15 and 20 with both Cultists dealt waits for both reveals, and the 25 stays face up", () => {
    const g = duelDealt("both-cultists");
    const facts = advance(g, 21);
    expect(factsOf(facts, "cultist-must-reveal").map((f) => f.number)).toEqual([15, 20]);
    expect(factsOf(facts, "awaiting-reveal")).toHaveLength(2);
    expect([...g.state.forcedReveals].sort()).toEqual(["p1", "p2"]);
    for (const p of ["p1", "p2"]) {
      act(g, {
        by: p,
        type: "reveal",
        cultist: characterOf(g, p, 0),
        sacrifice: characterOf(g, p, 1),
      });
    }
    expect(g.state.activation).toBeNull();
    expect(g.state.forcedReveals).toEqual([]);
  });
});

describe("one player: the row", () => {
  it.each([0, 1, 2])(
    "turns over a card at 15, 20, 25 until the Cultist (here at place %i)",
    (place) => {
      const g = soloRowCultistAt(place);
      const reveals: number[] = [];
      for (const target of [14, 15, 19, 20, 24, 25, 30]) {
        const facts = advance(g, target - g.state.stars);
        for (const f of factsOf(facts, "row-card-revealed")) reveals.push(f.index);
        const activated = factsOf(facts, "cultist-activated");
        if (activated.length > 0) {
          expect(target).toBe([15, 20, 25][place]);
          expect(activated[0]?.card).toMatchObject({ kind: "cultist", number: target });
        }
      }
      expect(reveals).toEqual([0, 1, 2].slice(0, place + 1));
      expect(g.state.activation).not.toBeNull();
    },
  );

  it("brings in the set-aside character when the Cultist card does more than summon", () => {
    // The 25 card empowers (support.ts); the 20 card only summons.
    const strong = soloRowCultistAt(2);
    const setAside = strong.state.deal?.setAside as string;
    const facts = advance(strong, 25);
    expect(factsOf(facts, "set-aside-character-entered")[0]?.character).toBe(setAside);
    expect(strong.state.characters[setAside]).toMatchObject({
      status: "in-play",
      rerolls: false,
      owner: null,
    });

    const summoner = soloRowCultistAt(1);
    expect(factsOf(advance(summoner, 20), "set-aside-character-entered")).toEqual([]);
    expect(summoner.state.characters[summoner.state.deal?.setAside as string]?.status).toBe(
      "set-aside",
    );
  });

  it("turns over several cards at once when the chart jumps", () => {
    const g = soloRowCultistAt(2);
    const facts = advance(g, 26);
    expect(factsOf(facts, "row-card-revealed").map((f) => f.index)).toEqual([0, 1, 2]);
    expect(factsOf(facts, "cultist-activated")[0]?.card).toMatchObject({ number: 25 });
  });
});
