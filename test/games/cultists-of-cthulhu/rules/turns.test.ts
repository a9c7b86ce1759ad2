import { describe, expect, it } from "vitest";

import type { Fact } from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  act,
  characterOf,
  dealt,
  factsOf,
  HOST,
  readyToDeal,
  refusal,
  rolesOf,
  cultistNumberOf,
  type Game,
} from "./support.js";

/** Who takes each turn and who plays each University Turn, as the facts tell it. */
function sequence(facts: readonly Fact[]): string[] {
  return facts.flatMap((f) => {
    if (f.type === "turn-began") return [f.player];
    if (f.type === "university-turn-began") return [`U:${f.player}`];
    return [];
  });
}

function playRounds(g: Game, rounds: number): Fact[] {
  const start = g.log.length;
  for (let r = 0; r < rounds; r++) {
    while (g.state.turn?.kind === "player") act(g, { by: g.state.turn.player, type: "end-turn" });
    const player = g.state.turn?.player ?? HOST;
    act(g, {
      by: player,
      type: "play-star-card",
      card: { name: null, duration: "instant", advance: 1 },
    });
    act(g, { by: player, type: "end-university-turn" });
  }
  return g.log.slice(start);
}

describe("three to six players", () => {
  it("take turns to the left from the Starting Player, who then plays the University Turn and passes left", () => {
    const g = dealt(3);
    const facts = playRounds(g, 3);
    expect(sequence(g.log.slice(0, g.log.length - facts.length)).slice(-1)).toEqual(["p1"]);
    expect(sequence(facts)).toEqual([
      "p2",
      "p3",
      "U:p1",
      "p2",
      "p3",
      "p1",
      "U:p2",
      "p3",
      "p1",
      "p2",
      "U:p3",
      "p1",
    ]);
    expect(factsOf(facts, "starting-player-passed").map((f) => `${f.from}>${f.to}`)).toEqual([
      "p1>p2",
      "p2>p3",
      "p3>p1",
    ]);
    expect(factsOf(facts, "round-began").map((f) => [f.round, f.startingPlayer])).toEqual([
      [2, "p2"],
      [3, "p3"],
      [4, "p1"],
    ]);
    expect(factsOf(facts, "university-turn-began").every((f) => f.draw === 2)).toBe(true);
  });

  it("start with the first player the host names, in the seating the host set", () => {
    const g = readyToDeal(4);
    act(g, { by: HOST, type: "deal", firstPlayer: "p3" });
    expect(g.state.startingPlayer).toBe("p3");
    expect(sequence(playRounds(g, 1))).toEqual(["p4", "p1", "p2", "U:p3", "p4"]);
  });

  it("let only the player whose turn it is (or the host) end it", () => {
    const g = dealt(3);
    expect(refusal(g, { by: "p2", type: "end-turn" })).toEqual({
      code: "not-your-turn",
      player: "p1",
    });
    act(g, { by: HOST, type: "end-turn" });
    expect(g.state.turn).toEqual({ kind: "player", player: "p2" });
  });

  it("need a Star Card before the University Turn ends, and only one", () => {
    const g = dealt(3);
    for (const p of ["p1", "p2", "p3"]) act(g, { by: p, type: "end-turn" });
    expect(refusal(g, { by: "p1", type: "end-turn" })).toEqual({
      code: "university-turn-in-progress",
    });
    expect(refusal(g, { by: "p1", type: "end-university-turn" })).toEqual({
      code: "star-card-not-played",
    });
    const card = { name: "Frozen With Fear", duration: "one-round" as const, advance: 2 };
    expect(refusal(g, { by: "p2", type: "play-star-card", card })).toEqual({
      code: "not-your-turn",
      player: "p1",
    });
    act(g, { by: "p1", type: "play-star-card", card });
    expect(refusal(g, { by: "p1", type: "play-star-card", card })).toEqual({
      code: "star-card-already-played",
    });
    expect(
      refusal(g, { by: "p1", type: "play-star-card", card: { ...card, advance: 0 } }),
    ).toMatchObject({
      code: "star-card-already-played",
    });
    act(g, { by: "p1", type: "end-university-turn" });
    expect(refusal(g, { by: "p2", type: "play-star-card", card })).toEqual({
      code: "not-university-turn",
    });
  });

  it("keep a one-round card until the next University Turn and Weather until the next Weather", () => {
    const g = dealt(3);
    for (const p of ["p1", "p2", "p3"]) act(g, { by: p, type: "end-turn" });
    act(g, {
      by: "p1",
      type: "play-star-card",
      card: { name: "Frozen With Fear", duration: "one-round", advance: 2 },
    });
    act(g, { by: "p1", type: "end-university-turn" });
    expect(g.state.starCards.oneRound).toHaveLength(1);
    for (const p of ["p2", "p3"]) act(g, { by: p, type: "end-turn" });
    const next = act(g, { by: "p1", type: "end-turn" });
    expect(factsOf(next, "star-cards-expired")[0]?.cards.map((c) => c.name)).toEqual([
      "Frozen With Fear",
    ]);
    expect(g.state.starCards.oneRound).toEqual([]);
    act(g, {
      by: "p2",
      type: "play-star-card",
      card: { name: "Fog", duration: "weather", advance: 1 },
    });
    act(g, { by: "p2", type: "end-university-turn" });
    playRounds(g, 1);
    expect(g.state.starCards.weather?.name).toBe("Fog");
    for (const p of ["p1", "p2", "p3"]) act(g, { by: p, type: "end-turn" });
    const rain = act(g, {
      by: "p1",
      type: "play-star-card",
      card: { name: "Rain", duration: "weather", advance: 1 },
    });
    expect(factsOf(rain, "weather-ended")[0]?.card.name).toBe("Fog");
    expect(g.state.starCards.weather?.name).toBe("Rain");
    expect(g.state.stars).toBe(5);
  });

  it("skip a player with no living character, for turns and for the Starting Player token", () => {
    const g = dealt(4, { sheets: () => ({ wounds: 1 }) });
    act(g, { by: HOST, type: "wound", target: characterOf(g, "p2"), amount: 1 });
    const facts = playRounds(g, 2);
    expect(sequence(facts)).toEqual(["p3", "p4", "U:p1", "p3", "p4", "p1", "U:p3", "p4"]);
  });

  it("tell each player whether to draw an Event: always before a reveal; after it, Cultists none, Academics may", () => {
    const g = dealt(3);
    const { cultist } = rolesOf(g);
    expect(factsOf(g.log, "turn-began")[0]?.events).toBe("draw");
    act(g, { by: HOST, type: "advance-stars", amount: cultistNumberOf(g, cultist) });
    const revealed = act(g, { by: cultist, type: "reveal" });
    expect(revealed.map((f) => f.type)).toContain("event-rules-changed");
    const rules = factsOf(playRounds(g, 1), "turn-began").map((f) => [f.player, f.events]);
    for (const [player, events] of rules)
      expect(events).toBe(player === cultist ? "none" : "optional");
  });
});

describe("two players", () => {
  it("play P1, P2 and P2's University Turn, then each turn followed by that player's University Turn", () => {
    const g = dealt(2);
    const facts = playRounds(g, 4);
    expect(sequence(g.log.slice(0, g.log.length - facts.length)).slice(-1)).toEqual(["p1"]);
    expect(sequence(facts)).toEqual(["p2", "U:p2", "p1", "U:p1", "p2", "U:p2", "p1", "U:p1", "p2"]);
    expect(factsOf(facts, "starting-player-passed").map((f) => `${f.from}>${f.to}`)).toEqual([
      "p2>p1",
      "p1>p2",
      "p2>p1",
      "p1>p2",
    ]);
  });

  it("give one turn for both characters of a player", () => {
    const g = dealt(2);
    expect(g.state.turn).toEqual({ kind: "player", player: "p1" });
    act(g, { by: HOST, type: "end-turn" });
    expect(g.state.turn).toEqual({ kind: "player", player: "p2" });
  });
});

describe("one player", () => {
  it("plays a turn for the three characters, then the top Star Card, round after round", () => {
    const g = dealt(1);
    const facts = playRounds(g, 2);
    expect(sequence(facts)).toEqual(["U:p1", "p1", "U:p1", "p1"]);
    expect(factsOf(facts, "university-turn-began").every((f) => f.draw === 1)).toBe(true);
    expect(factsOf(facts, "starting-player-passed")).toEqual([]);
    expect(g.state.round).toBe(3);
  });
});
