import { describe, expect, it } from "vitest";

import {
  playerViewer,
  TABLE_VIEWER,
  viewFor,
  visibleFacts,
  type Fact,
  type Tally,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { TENTACLE } from "./fixtures.js";
import { act, factsOf, game, HOST, refusal, sheet, type Game } from "./support.js";

/**
 * Whole games from the lobby to a win, driven only through `apply` with a seeded RNG, as the
 * bot's services will drive them. They are the skeleton of the later end-to-end tests.
 */

function open(g: Game, players: string[], perPlayer: number): void {
  act(g, { by: HOST, type: "open-game", scenario: "Fungi from Yuggoth" });
  for (const p of players) act(g, { by: p, type: "join" });
  act(g, { by: HOST, type: "start" });
  for (const p of players) {
    for (let i = 1; i <= perPlayer; i++)
      act(g, { by: p, type: "enter-character", sheet: sheet(`${p} ${i}`) });
  }
  act(g, {
    by: HOST,
    type: "add-cultist-card",
    number: 15,
    text: "The Mi-Go come",
    empowers: false,
  });
  act(g, {
    by: HOST,
    type: "add-cultist-card",
    number: 20,
    text: "Become a Mi-Go",
    empowers: true,
  });
  act(g, { by: HOST, type: "add-cultist-card", number: 25, text: "The Outer God", empowers: true });
  act(g, {
    by: HOST,
    type: "add-academic-card",
    madness: { stage1: "Uneasy", stage2: "No Elder Signs from Events", stage3: "No Elder Signs" },
  });
}

function charactersOf(g: Game, player: string): string[] {
  return Object.values(g.state.characters)
    .filter((c) => c.owner === player && c.status === "in-play")
    .map((c) => c.id);
}

/** The turn now (a call, so that the type checker does not keep an earlier narrowing). */
function turnOf(g: Game) {
  return g.state.turn;
}

function publicTypes(facts: readonly Fact[]): string[] {
  return visibleFacts(facts, TABLE_VIEWER, false).map((f) => f.type);
}

/** The tallies the engine reported, to check its arithmetic against the seed's formula. */
function finals(facts: readonly Fact[]): Record<string, Tally> {
  return Object.fromEntries(factsOf(facts, "check-final").map((f) => [f.purpose, f.tally]));
}

/** Ends the current player turns and plays a University Turn advancing the chart by `advance`. */
function round(g: Game, advance: number): Fact[] {
  const start = g.log.length;
  while (g.state.turn?.kind === "player") act(g, { by: g.state.turn.player, type: "end-turn" });
  const player = g.state.turn?.player as string;
  act(g, {
    by: player,
    type: "play-star-card",
    card: { name: "The Stars Turn", duration: "instant", advance },
  });
  act(g, { by: player, type: "end-university-turn" });
  return g.log.slice(start);
}

describe("a three-player game", () => {
  it("goes from the lobby to the Academics' win, with the Cultist revealed on the way", () => {
    const g = game(2024);
    const players = ["alice", "bob", "carol"];
    open(g, players, 1);
    const dealtFacts = act(g, { by: HOST, type: "deal", firstPlayer: "alice" });
    expect(publicTypes(dealtFacts)).toEqual(["roles-dealt", "round-began", "turn-began"]);
    // Each player was told their own card, privately.
    const told = factsOf(dealtFacts, "role-dealt");
    expect(told.map((f) => f.visibility)).toEqual(
      players.map((p) => ({ to: "players", players: [p] })),
    );
    const cultist = told.find((f) => f.card.kind === "cultist")?.player as string;
    const number = (told.find((f) => f.card.kind === "cultist")?.card as { number: number }).number;
    const academics = players.filter((p) => p !== cultist);
    const [alice, bob, carol] = players.map((p) => charactersOf(g, p)[0] as string);

    // Round 1. Alice's Event: a Reason check at Blue; she rerolls what she can, then it is final.
    const check = act(g, {
      by: "alice",
      type: "check",
      roller: alice as string,
      ability: "reason",
      difficulty: "blue",
    });
    expect(factsOf(check, "check-rolled")[0]?.dice.map((d) => d.colour)).toEqual([
      "green",
      "green",
      "blue",
      "blue",
      "blue",
    ]);
    const first = factsOf(check, "check-rolled")[0]?.dice ?? [];
    const worst = first.some((d) => d.result === "bad")
      ? "bad"
      : first.some((d) => d.result === "weird")
        ? "weird"
        : "good";
    const final = factsOf(act(g, { by: "alice", type: "reroll", result: worst }), "check-final")[0];
    expect(final?.rerolled.length).toBe(first.filter((d) => d.result === worst).length);
    expect(refusal(g, { by: "alice", type: "keep" })).toEqual({ code: "no-roll-pending" });
    act(g, { by: "alice", type: "end-turn" });

    // Bob finds a piece of the Elder Sign; a Tentacle spawns on Carol's Event and she meets it.
    act(g, { by: "bob", type: "find-elder-sign", character: bob as string, piece: "outer" });
    act(g, { by: "bob", type: "end-turn" });
    act(g, { by: "carol", type: "spawn-monster", stats: { ...TENTACLE, defense: 0, wounds: 2 } });
    const tentacle = Object.keys(g.state.monsters)[0] as string;
    const met = act(g, {
      by: "carol",
      type: "encounter",
      character: carol as string,
      monster: tentacle,
    });
    expect(publicTypes(met)).toEqual(["encountered", "horror-taken"]);
    act(g, { by: "carol", type: "end-turn" });

    // The University Turn: Alice draws two, plays one; the Tentacle attacks Bob; the token passes.
    expect(g.state.turn).toEqual({ kind: "university", player: "alice", starCardPlayed: false });
    act(g, {
      by: "alice",
      type: "play-star-card",
      card: { name: "Frozen With Fear", duration: "one-round", advance: number - 1 },
    });
    act(g, {
      by: "alice",
      type: "attack",
      attacker: tentacle,
      defender: bob as string,
      card: { difficulty: "red", defense: null },
    });
    const fight = act(g, { by: "bob", type: "keep" });
    const tallies = finals(fight);
    const resolved = factsOf(fight, "combat-resolved")[0];
    expect(resolved?.toAttacker).toBe(
      Math.max(0, (tallies.defend?.good ?? 0) + (tallies.attack?.bad ?? 0) - 0),
    );
    expect(resolved?.toDefender).toBe(
      Math.max(0, (tallies.attack?.good ?? 0) + (tallies.defend?.bad ?? 0) - 1),
    );
    const passed = act(g, { by: "alice", type: "end-university-turn" });
    expect(factsOf(passed, "starting-player-passed")[0]).toMatchObject({
      from: "alice",
      to: "bob",
    });

    // Round 2: the chart reaches the Cultist's number. Only the Cultist hears of it.
    const tableBefore = viewFor(g.state, TABLE_VIEWER, g.settings);
    const reached = round(g, 1);
    expect(factsOf(reached, "cultist-may-reveal").map((f) => f.visibility)).toEqual([
      { to: "players", players: [cultist] },
    ]);
    expect(publicTypes(reached)).not.toContain("cultist-may-reveal");
    const tableAfter = viewFor(g.state, TABLE_VIEWER, g.settings);
    expect(tableAfter.roles).toEqual(tableBefore.roles);
    expect(viewFor(g.state, playerViewer(cultist), g.settings).roles.mayReveal).toBe(true);
    for (const a of academics)
      expect(viewFor(g.state, playerViewer(a), g.settings).roles.mayReveal).toBe(false);

    // The Cultist reveals on someone else's turn; the table sees the card and the new Event rule.
    const revealed = act(g, { by: cultist, type: "reveal" });
    expect(publicTypes(revealed)).toEqual(["cultist-revealed", "event-rules-changed"]);
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).roles.revealed.map((r) => r.player)).toEqual([
      cultist,
    ]);
    const madness = act(g, { by: academics[0] as string, type: "reveal-madness" });
    expect(publicTypes(madness)).toEqual(["madness-revealed"]);
    const next = round(g, 2);
    for (const f of factsOf(next, "turn-began"))
      expect(f.events).toBe(f.player === cultist ? "none" : "optional");

    // The Academics complete B then A; the game ends and every role is shown.
    for (const [goal, part] of [
      ["B", 1],
      ["A", 1],
      ["B", 2],
    ] as const)
      act(g, { by: HOST, type: "mark-goal", goal, part });
    const end = act(g, { by: HOST, type: "mark-goal", goal: "A", part: 2 });
    const ended = factsOf(end, "game-ended")[0];
    expect(ended?.result).toEqual({ winners: academics, reason: "academic-goals" });
    expect(Object.keys(ended?.disclosure.hands ?? {}).sort()).toEqual([...players].sort());
    const finalView = viewFor(g.state, TABLE_VIEWER, g.settings);
    expect(finalView.phase).toBe("ended");
    expect(finalView.roles.disclosure?.hands[cultist]).toMatchObject({ kind: "cultist", number });
    expect(visibleFacts(g.log, TABLE_VIEWER, true)).toHaveLength(g.log.length);
  });
});

describe("a two-player game", () => {
  /** A seed whose deal gives one Cultist (at 15) and one Academic, found deterministically. */
  function duel(): { g: Game; cultist: string; academic: string } {
    for (let seed = 1; ; seed++) {
      const g = game(seed);
      open(g, ["p1", "p2"], 2);
      const facts = act(g, { by: HOST, type: "deal" });
      const cards = factsOf(facts, "role-dealt");
      const cultist = cards.find((f) => f.card.kind === "cultist" && f.card.number === 15)?.player;
      if (cultist && cards.some((f) => f.card.kind === "academic")) {
        return { g, cultist, academic: cultist === "p1" ? "p2" : "p1" };
      }
    }
  }

  it("forces the Cultist's reveal at 15, and ends with the Academic defeating the Cultist", () => {
    const { g, cultist, academic } = duel();
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).roles.faceUp).toMatchObject({ number: 25 });
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).roles.discarded).toBe(2);

    // p1's turn, then p2's and p2's University Turn, then each turn with its own University Turn.
    const first = round(g, 7);
    expect(factsOf(first, "university-turn-began").map((f) => f.player)).toEqual(["p2"]);
    const second = round(g, 7);
    expect(factsOf(second, "university-turn-began").map((f) => f.player)).toEqual(["p1"]);
    expect(g.state.forcedReveals).toEqual([]);
    while (g.state.turn?.kind === "player") act(g, { by: g.state.turn.player, type: "end-turn" });
    const universityPlayer = g.state.turn?.player as string;
    const forced = act(g, {
      by: universityPlayer,
      type: "play-star-card",
      card: { name: null, duration: "instant", advance: 1 },
    });
    expect(g.state.stars).toBe(15);
    expect(publicTypes(forced)).toContain("awaiting-reveal");
    expect(factsOf(forced, "cultist-must-reveal")[0]?.visibility).toEqual({
      to: "players",
      players: [cultist],
    });
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).roles.awaitingReveal).toBe(true);
    expect(viewFor(g.state, playerViewer(cultist), g.settings).roles.mustReveal).toBe(true);
    expect(refusal(g, { by: universityPlayer, type: "end-university-turn" })).toEqual({
      code: "awaiting-reveal",
    });

    // One character dies, the other becomes the Cultist.
    const [survivor, sacrificed] = charactersOf(g, cultist) as [string, string];
    const revealed = act(g, {
      by: cultist,
      type: "reveal",
      cultist: survivor,
      sacrifice: sacrificed,
    });
    expect(publicTypes(revealed)).toEqual([
      "cultist-revealed",
      "character-sacrificed",
      "character-died",
      "event-rules-changed",
    ]);

    act(g, { by: universityPlayer, type: "end-university-turn" });

    // The Academic hunts the Cultist down, blow by blow, until it falls.
    const hunter = charactersOf(g, academic)[0] as string;
    for (let blows = 0; g.state.phase === "playing" && blows < 60; blows++) {
      const turn = turnOf(g);
      if (turn?.kind !== "player" || turn.player !== academic) {
        round(g, 1);
        continue;
      }
      if (g.state.characters[hunter]?.dead) break;
      act(g, {
        by: academic,
        type: "attack",
        attacker: hunter,
        defender: survivor,
        card: { difficulty: "green", defense: null },
      });
      act(g, { by: cultist, type: "keep" });
      act(g, { by: academic, type: "keep" });
      if (!g.state.result && !g.state.characters[survivor]?.dead)
        act(g, { by: academic, type: "end-turn" });
    }
    expect(g.state.phase).toBe("ended");
    const ended = factsOf(g.log, "game-ended")[0];
    expect(ended?.result).toEqual({ winners: [academic], reason: "cultist-defeated" });
    expect(ended?.disclosure.discarded).toHaveLength(2);
  });
});

describe("a one-player game", () => {
  it("turns the row over as the stars rise and ends with the player's win", () => {
    const g = game(77);
    open(g, ["solo"], 3);
    act(g, { by: "solo", type: "add-set-aside-candidate", sheet: sheet("Spare Professor") });
    act(g, { by: "solo", type: "add-set-aside-candidate", sheet: sheet("Spare Student") });
    const dealtFacts = act(g, { by: HOST, type: "deal" });
    expect(factsOf(dealtFacts, "role-dealt")).toHaveLength(3);
    const view = viewFor(g.state, playerViewer("solo"), g.settings);
    expect(view.roles.row).toEqual([null, null, null]);
    expect(view.characters.map((c) => c.sheet.name)).toEqual(["solo 1", "solo 2", "solo 3"]);

    const revealedAt: number[] = [];
    let activated: number | null = null;
    while (activated === null) {
      const facts = round(g, 5);
      if (factsOf(facts, "row-card-revealed").length > 0) revealedAt.push(g.state.stars);
      const card = factsOf(facts, "cultist-activated")[0]?.card;
      if (card?.kind === "cultist") activated = card.number;
      expect(factsOf(facts, "university-turn-began").every((f) => f.draw === 1)).toBe(true);
    }
    expect(revealedAt).toEqual([15, 20, 25].slice(0, revealedAt.length));
    expect(revealedAt[revealedAt.length - 1]).toBe(activated);
    const entered = factsOf(g.log, "set-aside-character-entered");
    expect(entered.length).toBe(activated === 15 ? 0 : 1);

    for (const goal of ["A", "B"]) {
      act(g, { by: HOST, type: "mark-goal", goal, part: 1 });
      act(g, { by: HOST, type: "mark-goal", goal, part: 2 });
    }
    expect(g.state.result).toEqual({ winners: ["solo"], reason: "academic-goals" });
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).roles.disclosure?.setAside).toBe(
      g.state.deal?.setAside,
    );
  });
});
