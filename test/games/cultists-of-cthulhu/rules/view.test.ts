import { describe, expect, it } from "vitest";

import {
  apply,
  playerViewer,
  TABLE_VIEWER,
  viewFor,
  visibleFacts,
  type Fact,
  type GameState,
  type GameView,
  type Viewer,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { seededRng } from "../../../../src/core/rng.js";
import { act, characterOf, game, HOST, readyToDeal, sheet, type Game } from "./support.js";
import { duelDealt, soloRowCultistAt, tableDealt } from "./tables.js";

/**
 * viewFor is the one place secrets are kept. These tests check it two ways: a matrix of what each
 * viewer sees in each mode and phase, and pairs of games that differ only in a secret, which must
 * look the same to everyone not allowed to know it.
 */

type Phase = "lobby" | "dealt" | "stars reached" | "revealed" | "ended";

function viewers(g: Game): Viewer[] {
  return [TABLE_VIEWER, playerViewer(HOST), ...g.state.seats.map(playerViewer)];
}

const name = (viewer: Viewer) => (viewer.kind === "table" ? "table" : viewer.player);

/** What a view says about each secret, in short. */
function secrets(view: GameView, state: GameState) {
  const setAside = state.deal?.setAside ?? null;
  return {
    own: view.roles.own.map((o) => o.card.id),
    mayReveal: view.roles.mayReveal,
    mustReveal: view.roles.mustReveal,
    revealed: view.roles.revealed.map((r) => r.card.id),
    madness: view.roles.madness.map((m) => m.card.id),
    faceUp: view.roles.faceUp?.id ?? null,
    row: view.roles.row.map((card) => card?.id ?? null),
    discarded: view.roles.discarded,
    setAsideInPlay: view.characters.some((c) => c.id === setAside),
    disclosure: view.roles.disclosure !== null,
  };
}

/** What the rules allow the viewer to know: the seed's rules, written out independently. */
function allowed(state: GameState, viewer: Viewer) {
  const deal = state.deal;
  const player = viewer.kind === "player" ? viewer.player : null;
  const hand = player === null ? undefined : deal?.hands[player];
  const own = [
    ...(hand === undefined ? [] : [hand]),
    ...Object.entries(deal?.characterCards ?? {})
      .filter(([c]) => state.characters[c]?.owner === player)
      .map(([, id]) => id),
  ];
  const card = state.cards[hand ?? ""];
  const revealed = state.reveals.some((r) => r.player === player);
  return {
    own,
    mayReveal:
      state.phase === "playing" &&
      card?.kind === "cultist" &&
      !revealed &&
      state.stars >= card.number,
    mustReveal:
      state.mode === "duel" &&
      card?.kind === "cultist" &&
      !revealed &&
      state.stars >= card.number &&
      state.phase === "playing",
    revealed: state.reveals.map((r) => r.card),
    madness: state.madnessRevealed.map((p) => deal?.hands[p] ?? ""),
    faceUp: deal?.faceUp ?? null,
    row: (deal?.row ?? []).map((e) => (e.revealed ? e.card : null)),
    discarded: deal?.discarded.length ?? 0,
    setAsideInPlay: deal?.setAside ? state.characters[deal.setAside]?.status === "in-play" : false,
    disclosure: state.phase === "ended",
  };
}

/** Nothing secret lies outside `roles` (no deal, no card table, no set-aside character). */
function expectNoStrayField(view: GameView, state: GameState): void {
  const { roles: _roles, ...rest } = view;
  const json = JSON.stringify(rest);
  for (const card of Object.values(state.cards)) expect(json).not.toContain(`"${card.id}"`);
  const setAside = state.deal?.setAside;
  if (setAside && state.characters[setAside]?.status !== "in-play") {
    expect(view.characters.map((c) => c.id)).not.toContain(setAside);
    expect(view.setAsideCandidates.map((c) => Object.keys(c).sort())).toEqual(
      view.setAsideCandidates.map(() => ["id", "sheet"]),
    );
  }
  if (state.phase !== "ended") {
    expect(view.roles.disclosure).toBeNull();
  }
}

function lobbyGame(players: number): Game {
  const g = game();
  act(g, { by: HOST, type: "open-game", scenario: "Cult of Cthulhu" });
  for (let i = 1; i <= players; i++) {
    act(g, { by: `p${i}`, type: "join" });
    act(g, { by: `p${i}`, type: "enter-character", sheet: sheet(`hero${i}`) });
  }
  act(g, { by: HOST, type: "add-cultist-card", number: 15, text: "Mi-Go", empowers: true });
  act(g, {
    by: HOST,
    type: "add-academic-card",
    madness: { stage1: "a", stage2: "b", stage3: "c" },
  });
  return g;
}

/** The game of a mode through the five phases; `reveal` is what "revealed" means there. */
function phases(players: number): [Phase, Game][] {
  const out: [Phase, Game][] = [["lobby", lobbyGame(players)]];
  const g =
    players === 1
      ? soloRowCultistAt(0)
      : players === 2
        ? duelDealt("one-each", 15)
        : tableDealt(players, "p2", 15, { academics: players });
  const snapshot = (): Game => ({ ...g, state: structuredClone(g.state), log: [...g.log] });
  out.push(["dealt", snapshot()]);
  act(g, { by: HOST, type: "advance-stars", amount: 15 });
  out.push(["stars reached", snapshot()]);
  if (players === 2) {
    const cultist = Object.entries(g.state.deal?.hands ?? {}).find(
      ([, id]) => g.state.cards[id]?.kind === "cultist",
    )?.[0] as string;
    act(g, {
      by: cultist,
      type: "reveal",
      cultist: characterOf(g, cultist, 0),
      sacrifice: characterOf(g, cultist, 1),
    });
  } else if (players > 2) {
    act(g, { by: "p2", type: "reveal" });
    act(g, { by: "p1", type: "reveal-madness" });
  }
  out.push(["revealed", snapshot()]);
  act(g, { by: HOST, type: "end-game" });
  out.push(["ended", snapshot()]);
  return out;
}

describe("viewFor: what each viewer may know, mode by mode and phase by phase", () => {
  for (const players of [1, 2, 3, 5]) {
    for (const [phase, g] of phases(players)) {
      it(`${players} player(s), ${phase}: every viewer sees exactly what the rules allow`, () => {
        for (const viewer of viewers(g)) {
          const view = viewFor(g.state, viewer, g.settings);
          expect({ viewer: name(viewer), ...secrets(view, g.state) }).toEqual({
            viewer: name(viewer),
            ...allowed(g.state, viewer),
          });
          expectNoStrayField(view, g.state);
        }
      });
    }
  }

  it("shows a player their own card and nobody else's (3 players, dealt)", () => {
    const g = tableDealt(3, "p3", 20, { academics: 2 });
    const p3 = viewFor(g.state, playerViewer("p3"), g.settings);
    expect(p3.roles.own).toHaveLength(1);
    expect(p3.roles.own[0]).toMatchObject({
      character: null,
      card: { kind: "cultist", number: 20 },
    });
    expect(p3.roles.mayReveal).toBe(false);
    const p1 = viewFor(g.state, playerViewer("p1"), g.settings);
    expect(p1.roles.own.map((o) => o.card.kind)).toEqual(["academic"]);
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).roles.own).toEqual([]);
    expect(viewFor(g.state, playerViewer(HOST), g.settings).roles.own).toEqual([]);
  });

  it("one player: the player sees the three characters' cards, never the row or the set-aside character", () => {
    const g = soloRowCultistAt(1);
    const view = viewFor(g.state, playerViewer("p1"), g.settings);
    expect(view.roles.own.map((o) => o.character).sort()).toEqual(
      Object.keys(g.state.deal?.characterCards ?? {}).sort(),
    );
    expect(view.roles.row).toEqual([null, null, null]);
    expect(view.characters).toHaveLength(3);
    expect(view.setAsideCandidates.map((c) => c.sheet.name)).toEqual(["spare1", "spare2"]);
  });
});

/** The views (and table facts) of two games must be equal for these viewers. */
function expectSameFor(a: Game, b: Game, who: Viewer[]): void {
  for (const viewer of who) {
    expect(viewFor(a.state, viewer, a.settings)).toEqual(viewFor(b.state, viewer, b.settings));
  }
}

function applyBoth(
  a: Game,
  b: Game,
  by: string,
  type: "advance-stars",
  amount: number,
): [Fact[], Fact[]] {
  return [act(a, { by, type, amount }), act(b, { by, type, amount })];
}

/** Copies a game with its deal changed by `change` (the same table, another secret). */
function withDeal(g: Game, change: (state: GameState) => void): Game {
  const state = structuredClone(g.state);
  change(state);
  return { ...g, rng: seededRng(99), state, log: [...g.log] };
}

describe("viewFor: games that differ only in a secret look the same to those who may not know it", () => {
  it("3–6 players: who holds which card is invisible to the table and to each other player", () => {
    const a = tableDealt(4, "p2", 20, { academics: 3 });
    const b = withDeal(a, (s) => {
      const hands = s.deal?.hands ?? {};
      [hands.p2, hands.p3] = [hands.p3 as string, hands.p2 as string];
    });
    expectSameFor(a, b, [TABLE_VIEWER, playerViewer(HOST), playerViewer("p1"), playerViewer("p4")]);
    expect(viewFor(a.state, playerViewer("p2"), a.settings)).not.toEqual(
      viewFor(b.state, playerViewer("p2"), b.settings),
    );
  });

  it("3–6 players: reaching the Cultist's number changes nothing public", () => {
    // Game a's Cultist aligns at 15, game b's at 25: the same chart, the same table.
    const a = tableDealt(3, "p1", 15);
    const b = withDeal(a, (s) => {
      const deal = s.deal;
      if (!deal) return;
      const at25 = deal.unused.find(
        (id) => s.cards[id]?.kind === "cultist" && s.cards[id].number === 25,
      ) as string;
      deal.unused = deal.unused.map((id) => (id === at25 ? (deal.hands.p1 as string) : id));
      deal.hands.p1 = at25;
    });
    const [factsA, factsB] = applyBoth(a, b, HOST, "advance-stars", 15);
    const others = [TABLE_VIEWER, playerViewer(HOST), playerViewer("p2"), playerViewer("p3")];
    for (const viewer of others) {
      expect(visibleFacts(factsA, viewer, false)).toEqual(visibleFacts(factsB, viewer, false));
    }
    expectSameFor(a, b, others);
    expect(viewFor(a.state, playerViewer("p1"), a.settings).roles.mayReveal).toBe(true);
    expect(viewFor(b.state, playerViewer("p1"), b.settings).roles.mayReveal).toBe(false);
    expect(visibleFacts(factsA, playerViewer("p1"), false).map((f) => f.type)).toEqual([
      "stars-advanced",
      "cultist-may-reveal",
    ]);
  });

  it("two players: the discarded cards and the other player's card are unseen until the reveal", () => {
    const a = duelDealt("one-each");
    const b = withDeal(a, (s) => {
      const deal = s.deal;
      if (!deal) return;
      const academicDiscard = deal.discarded.find(
        (id) => s.cards[id]?.kind === "academic",
      ) as string;
      const holder = Object.keys(deal.hands).find(
        (p) => s.cards[deal.hands[p] ?? ""]?.kind === "academic",
      ) as string;
      deal.discarded = deal.discarded.map((id) =>
        id === academicDiscard ? (deal.hands[holder] as string) : id,
      );
      deal.hands[holder] = academicDiscard;
    });
    expectSameFor(
      a,
      b,
      [TABLE_VIEWER, playerViewer(HOST), playerViewer("p1"), playerViewer("p2")].filter((v) => {
        // The Academic whose card was swapped knows their card; everyone else must not tell.
        const hands = a.state.deal?.hands ?? {};
        return v.kind === "table" || a.state.cards[hands[v.player] ?? ""]?.kind !== "academic";
      }),
    );
  });

  it("one player: the row's order and the set-aside character are unseen until revealed", () => {
    const a = soloRowCultistAt(2, { candidates: 3 });
    const b = withDeal(a, (s) => {
      const deal = s.deal;
      if (!deal) return;
      deal.row = [deal.row[1], deal.row[0], deal.row[2]].filter((e) => e !== undefined);
      const other = Object.values(s.characters).find((c) => c.status === "unused");
      const chosen = s.characters[deal.setAside ?? ""];
      if (!other || !chosen) return;
      [other.status, chosen.status] = ["set-aside", "unused"];
      deal.setAside = other.id;
    });
    expectSameFor(a, b, [TABLE_VIEWER, playerViewer("p1")]);
  });
});

describe("visibleFacts", () => {
  it("shows table facts to all, private ones to their players, unseen ones to nobody until the end", () => {
    const g = readyToDeal(3);
    const deal = apply(
      g.state,
      { by: HOST, type: "deal" },
      { rng: seededRng(5), settings: g.settings },
    );
    if (!deal.ok) throw new Error("deal refused");
    const types = (viewer: Viewer, ended: boolean) =>
      visibleFacts(deal.facts, viewer, ended).map((f) =>
        f.type === "role-dealt" ? `role-dealt:${f.player}` : f.type,
      );
    expect(types(TABLE_VIEWER, false)).toEqual(["roles-dealt", "round-began", "turn-began"]);
    expect(types(playerViewer("p2"), false)).toEqual([
      "roles-dealt",
      "role-dealt:p2",
      "round-began",
      "turn-began",
    ]);
    expect(types(TABLE_VIEWER, true)).toEqual([
      "roles-dealt",
      "role-dealt:p1",
      "role-dealt:p2",
      "role-dealt:p3",
      "deal-recorded",
      "round-began",
      "turn-began",
    ]);
  });
});
