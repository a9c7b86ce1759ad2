import { describe, expect, it } from "vitest";

import { MI_GO } from "./fixtures.js";
import {
  act,
  characterOf,
  cultistNumberOf,
  dealt,
  factsOf,
  HOST,
  refusal,
  rolesOf,
  script,
  type Game,
} from "./support.js";
import { duelHands, tableDealt } from "./tables.js";

const kindOf = (g: Game, id: string | undefined) => g.state.cards[id ?? ""]?.kind;

describe("dealing 3–6 players", () => {
  it.each([3, 4, 5, 6])(
    "deals %i players one Cultist and Academics, each told their own card only",
    (players) => {
      const g = dealt(players, { academics: 2 });
      const hands = g.state.deal?.hands ?? {};
      expect(Object.keys(hands)).toEqual(g.state.seats);
      const kinds = Object.values(hands).map((id) => kindOf(g, id));
      expect(kinds.filter((k) => k === "cultist")).toHaveLength(1);
      expect(kinds.filter((k) => k === "academic")).toHaveLength(players - 1);
      const told = factsOf(g.log, "role-dealt");
      expect(told.map((f) => [f.player, f.card.id, f.visibility])).toEqual(
        g.state.seats.map((p) => [p, hands[p], { to: "players", players: [p] }]),
      );
      // The other two Cultist cards stay in the box unseen, with any spare Academic card.
      const unused = g.state.deal?.unused ?? [];
      expect(unused.filter((id) => kindOf(g, id) === "cultist")).toHaveLength(2);
      expect(factsOf(g.log, "deal-recorded")[0]?.visibility).toEqual({ to: "nobody-until-end" });
    },
  );

  it("uses the host's Academic cards, drawn at random, and blank ones when there are too few", () => {
    const g = dealt(5, { academics: 2 });
    const academics = Object.values(g.state.deal?.hands ?? {})
      .map((id) => g.state.cards[id])
      .filter((c) => c?.kind === "academic");
    expect(academics.filter((c) => c.madness !== null)).toHaveLength(2);
    expect(academics.filter((c) => c.madness === null)).toHaveLength(2);

    const spare = dealt(3, { academics: 4 });
    expect(
      (spare.state.deal?.unused ?? []).filter((id) => kindOf(spare, id) === "academic"),
    ).toHaveLength(2);
  });

  it("gives every seat and every Cultist card a chance (60 seeded deals)", () => {
    const seats = new Set<string>();
    const numbers = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) {
      const g = dealt(4, { seed });
      const { cultist } = rolesOf(g);
      seats.add(cultist);
      numbers.add(cultistNumberOf(g, cultist));
    }
    expect([...seats].sort()).toEqual(["p1", "p2", "p3", "p4"]);
    expect([...numbers].sort()).toEqual([15, 20, 25]);
  });
});

describe("dealing two players", () => {
  it("lays the 25 face up, deals one each of 15, 20 and two Academics, and discards two unseen", () => {
    const g = dealt(2);
    const deal = g.state.deal;
    const faceUp = g.state.cards[deal?.faceUp ?? ""];
    expect(faceUp).toMatchObject({ kind: "cultist", number: 25 });
    expect(factsOf(g.log, "cultist-card-face-up")[0]).toMatchObject({
      card: faceUp,
      visibility: { to: "table" },
    });
    const four = [...Object.values(deal?.hands ?? {}), ...(deal?.discarded ?? [])].map(
      (id) => g.state.cards[id],
    );
    expect(four.map((c) => (c?.kind === "cultist" ? c.number : "academic")).sort()).toEqual([
      15,
      20,
      "academic",
      "academic",
    ]);
    expect(deal?.discarded).toHaveLength(2);
  });

  it("makes each of the three situations happen, one of each most often (600 seeded deals)", () => {
    const seen = { "both-academics": 0, "both-cultists": 0, "one-each": 0 };
    for (let seed = 1; seed <= 600; seed++) {
      const cultists = duelHands(dealt(2, { seed })).filter((n) => n !== null).length;
      seen[cultists === 0 ? "both-academics" : cultists === 2 ? "both-cultists" : "one-each"] += 1;
    }
    // The seed's procedure gives 1/6, 1/6 and 2/3 (the rulebook says "half of the time").
    expect(seen["both-academics"] / 600).toBeCloseTo(1 / 6, 1);
    expect(seen["both-cultists"] / 600).toBeCloseTo(1 / 6, 1);
    expect(seen["one-each"] / 600).toBeCloseTo(2 / 3, 1);
  });
});

describe("dealing one player", () => {
  it("gives each of the three characters an Academic card and lays a row of three with one Cultist", () => {
    const g = dealt(1, { candidates: 3 });
    const deal = g.state.deal;
    const mine = Object.values(g.state.characters).filter((c) => c.owner === "p1");
    expect(Object.keys(deal?.characterCards ?? {}).sort()).toEqual(mine.map((c) => c.id).sort());
    expect(
      Object.values(deal?.characterCards ?? {}).every((id) => kindOf(g, id) === "academic"),
    ).toBe(true);
    expect(factsOf(g.log, "role-dealt").map((f) => [f.player, f.character])).toEqual(
      Object.keys(deal?.characterCards ?? {}).map((c) => ["p1", c]),
    );
    expect(deal?.row.map((e) => kindOf(g, e.card)).filter((k) => k === "cultist")).toHaveLength(1);
    expect(deal?.row.every((e) => !e.revealed)).toBe(true);
  });

  it("sets one candidate aside at random, unseen, and leaves the others out", () => {
    const chosen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const g = dealt(1, { seed, candidates: 3 });
      const setAside = g.state.deal?.setAside as string;
      chosen.add(g.state.characters[setAside]?.sheet.name ?? "");
      const statuses = Object.values(g.state.characters)
        .filter((c) => c.owner === null)
        .map((c) => c.status);
      expect(statuses.sort()).toEqual(["set-aside", "unused", "unused"]);
    }
    expect([...chosen].sort()).toEqual(["spare1", "spare2", "spare3"]);
  });
});

describe("the Cultist's reveal (3–6 players)", () => {
  it("is refused to an Academic, and to the Cultist before the stars reach their number", () => {
    const g = tableDealt(3, "p2", 20);
    expect(refusal(g, { by: "p1", type: "reveal" })).toEqual({ code: "not-a-cultist" });
    act(g, { by: HOST, type: "advance-stars", amount: 19 });
    expect(refusal(g, { by: "p2", type: "reveal" })).toEqual({ code: "stars-not-aligned" });
    expect(refusal(g, { by: HOST, type: "reveal" })).toEqual({
      code: "not-a-player",
      player: HOST,
    });
  });

  it("happens at any moment once aligned (another player's turn, a roll waiting) and shows the card", () => {
    const g = tableDealt(3, "p2", 15);
    act(g, { by: HOST, type: "advance-stars", amount: 15 });
    act(g, {
      by: "p1",
      type: "check",
      roller: characterOf(g, "p1"),
      ability: "reason",
      difficulty: "blue",
    });
    const facts = act(g, { by: "p2", type: "reveal" });
    expect(factsOf(facts, "cultist-revealed")[0]).toMatchObject({
      player: "p2",
      card: { kind: "cultist", number: 15 },
      character: characterOf(g, "p2"),
      visibility: { to: "table" },
    });
    expect(refusal(g, { by: "p2", type: "reveal" })).toEqual({ code: "already-revealed" });
  });

  it("may transform the Cultist, who then fights with the monster's dice and still rerolls", () => {
    const g = tableDealt(3, "p1", 15);
    act(g, { by: HOST, type: "advance-stars", amount: 15 });
    act(g, { by: "p1", type: "reveal", transform: MI_GO });
    const cultist = characterOf(g, "p1");
    expect(g.state.characters[cultist]?.form).toEqual({ stats: MI_GO, damage: 0 });
    act(g, { by: "p1", type: "end-turn" });
    script(g, [6, 6, 6, 6, 6]);
    const attack = act(g, {
      by: "p2",
      type: "attack",
      attacker: characterOf(g, "p2"),
      defender: cultist,
      card: { difficulty: "red", defense: null },
    });
    expect(refusal(g, { by: "p2", type: "keep" })).toEqual({
      code: "not-your-roll",
      roller: cultist,
    });
    expect(factsOf(attack, "check-rolled")[0]).toMatchObject({
      roller: cultist,
      ability: "attack",
      mayReroll: true,
    });
    expect(factsOf(attack, "check-rolled")[0]?.dice.map((d) => d.colour)).toEqual([
      "green",
      "green",
      "blue",
      "red",
      "red",
    ]);
  });
});

describe("the Madness reveal", () => {
  it("waits for a Cultist's reveal, is for Academics only, and once", () => {
    const g = tableDealt(3, "p3", 15, { academics: 2 });
    expect(refusal(g, { by: "p1", type: "reveal-madness" })).toEqual({
      code: "no-cultist-revealed",
    });
    act(g, { by: HOST, type: "advance-stars", amount: 15 });
    act(g, { by: "p3", type: "reveal" });
    expect(refusal(g, { by: "p3", type: "reveal-madness" })).toEqual({ code: "not-an-academic" });
    const shown = act(g, { by: "p1", type: "reveal-madness" });
    expect(factsOf(shown, "madness-revealed")[0]).toMatchObject({
      player: "p1",
      visibility: { to: "table" },
    });
    expect(factsOf(shown, "madness-revealed")[0]?.cards[0]?.kind).toBe("academic");
    expect(refusal(g, { by: "p1", type: "reveal-madness" })).toEqual({ code: "already-revealed" });
  });
});
