import { describe, expect, it } from "vitest";
import type { GameState } from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  actionMessage,
  historyMessage,
  statusMessage,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { seededRng } from "../../../../src/core/rng.js";
import { act, characterOf, CULTIST_TEXT, HOST, readyToDeal, type Game } from "../rules/support.js";
import { duelDealt, soloRowCultistAt, tableDealt } from "../rules/tables.js";
import { allText, ctxFor, cultistOf, tableView } from "./support.js";

/**
 * Secrecy at the edge: the public messages (the status, the announcement of each action, the
 * table's history) are rendered from the table's view, and so never show a Role card that is
 * not public, the Cultist's number, the cards dealt or discarded unseen, or the set-aside
 * character — in every mode and phase, and identically for games that differ only in a secret.
 */

type Phase = "setup" | "dealt" | "stars reached" | "revealed" | "ended";

/** What the table reads of the board now: the status and the last action's announcement. */
function boardText(g: Game, fresh = 1): string {
  const view = tableView(g);
  const ctx = ctxFor(g);
  const announcement = actionMessage(view, g.log, fresh, ctx);
  return [allText(statusMessage(view, ctx)), announcement ? allText(announcement) : ""].join("\n");
}

/** The table's history, every page. */
function historyText(g: Game): string {
  const view = tableView(g);
  const pages = Math.ceil(g.log.length / 20) + 1;
  return Array.from({ length: pages }, (_, page) =>
    allText(historyMessage(view, g.log, ctxFor(g), page)),
  ).join("\n");
}

function publicText(g: Game, fresh = 1): string {
  return `${boardText(g, fresh)}\n${historyText(g)}`;
}

/**
 * The texts the board may not show yet: Role cards not public (the Cultist cards the host
 * entered are on the Scenario Sheet, so the history may list them, never which one is dealt),
 * Madness not revealed, the set-aside character's name.
 */
function secretsOf(state: GameState): { board: string[]; history: string[] } {
  const deal = state.deal;
  if (!deal) return { board: [], history: [] };
  const isPublic = new Set<string>([
    ...state.reveals.map((r) => r.card),
    ...(state.activation ? [state.activation.card] : []),
    ...state.madnessRevealed.flatMap((p) => deal.hands[p] ?? []),
    ...(deal.faceUp ? [deal.faceUp] : []),
  ]);
  const cultists: string[] = [];
  const madness: string[] = [];
  for (const card of Object.values(state.cards)) {
    if (isPublic.has(card.id)) continue;
    if (card.kind === "cultist") cultists.push(card.text);
    else if (card.madness)
      madness.push(...[card.madness.stage2, card.madness.stage3].flatMap((t) => t ?? []));
  }
  const setAside = deal.setAside ? state.characters[deal.setAside] : undefined;
  const aside = setAside && setAside.status !== "in-play" ? [setAside.sheet.name] : [];
  return { board: [...cultists, ...madness, ...aside], history: madness };
}

/** A text as a whole ("Rises at twenty" is not in "Rises at twenty-five"). */
function whole(text: string): RegExp {
  return new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![-\\w])`);
}

function snapshot(g: Game): Game {
  return { ...g, state: structuredClone(g.state), log: [...g.log] };
}

function phases(players: number): [Phase, Game][] {
  const setup = readyToDeal(players, { academics: players, candidates: 2 });
  const g =
    players === 1
      ? soloRowCultistAt(1, { academics: 2 })
      : players === 2
        ? duelDealt("one-each", 15, { academics: 2 })
        : tableDealt(players, "p2", 15, { academics: players });
  const out: [Phase, Game][] = [
    ["setup", setup],
    ["dealt", snapshot(g)],
  ];
  act(g, { by: HOST, type: "advance-stars", amount: 15 });
  out.push(["stars reached", snapshot(g)]);
  if (players === 2) {
    const cultist = cultistOf(g);
    act(g, {
      by: cultist,
      type: "reveal",
      cultist: characterOf(g, cultist, 0),
      sacrifice: characterOf(g, cultist, 1),
    });
  } else if (players > 2) {
    act(g, { by: "p2", type: "reveal" });
    act(g, { by: "p1", type: "reveal-madness" });
  } else {
    act(g, { by: HOST, type: "advance-stars", amount: 5 });
  }
  out.push(["revealed", snapshot(g)]);
  act(g, { by: HOST, type: "end-game" });
  out.push(["ended", snapshot(g)]);
  return out;
}

describe("public messages show no secret, mode by mode and phase by phase", () => {
  for (const players of [1, 2, 3, 6]) {
    for (const [phase, g] of phases(players)) {
      it(`${players} player(s), ${phase}`, () => {
        const text = publicText(g);
        const secrets = phase === "ended" ? { board: [], history: [] } : secretsOf(g.state);
        if (phase !== "setup" && phase !== "ended") expect(secrets.board.length).toBeGreaterThan(0);
        const board = boardText(g);
        for (const secret of secrets.board) expect(board).not.toMatch(whole(secret));
        const history = historyText(g);
        for (const secret of secrets.history) expect(history).not.toMatch(whole(secret));
        if (phase !== "ended") expect(history).not.toMatch(/may reveal|must reveal|is dealt/);
        if (phase === "ended") {
          // Once over, every card is shown.
          for (const card of Object.values(g.state.cards)) {
            if (
              card.kind === "cultist" &&
              Object.values(g.state.deal?.hands ?? {}).includes(card.id)
            ) {
              expect(text).toContain(card.text);
            }
          }
        }
      });
    }
  }

  it("shows the dealt Cultist card on the board once it is revealed, and not before", () => {
    const g = tableDealt(3, "p2", 20);
    expect(boardText(g)).not.toMatch(whole(CULTIST_TEXT[20]));
    act(g, { by: HOST, type: "advance-stars", amount: 20 });
    expect(boardText(g)).not.toMatch(whole(CULTIST_TEXT[20]));
    act(g, { by: "p2", type: "reveal" });
    expect(boardText(g)).toMatch(whole(CULTIST_TEXT[20]));
    expect(boardText(g)).not.toMatch(whole(CULTIST_TEXT[15]));
  });
});

/** A copy of a game with its deal changed: the same table, another secret. */
function withDeal(g: Game, change: (state: GameState) => void): Game {
  const state = structuredClone(g.state);
  change(state);
  return { ...g, rng: seededRng(99), state, log: [...g.log] };
}

describe("games that differ only in a secret read the same to the table", () => {
  it("3–6 players: who holds the Cultist card", () => {
    const a = tableDealt(4, "p2", 20, { academics: 3 });
    const b = withDeal(a, (s) => {
      const hands = s.deal?.hands ?? {};
      [hands.p2, hands.p3] = [hands.p3 as string, hands.p2 as string];
    });
    expect(publicText(b)).toBe(publicText(a));
  });

  it("3–6 players: whether the stars have just reached the Cultist's number", () => {
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
    for (const g of [a, b]) act(g, { by: HOST, type: "advance-stars", amount: 15 });
    // Game a's Cultist may now reveal, game b's not: the table cannot tell.
    expect(a.log.at(-1)?.type).toBe("cultist-may-reveal");
    expect(publicText(b, 1)).toBe(publicText(a, 2));
  });

  it("two players: which cards were discarded unseen", () => {
    const a = duelDealt("one-each");
    const b = withDeal(a, (s) => {
      const deal = s.deal;
      if (!deal) return;
      const discard = deal.discarded.find((id) => s.cards[id]?.kind === "academic") as string;
      const holder = Object.keys(deal.hands).find(
        (p) => s.cards[deal.hands[p] ?? ""]?.kind === "academic",
      ) as string;
      deal.discarded = deal.discarded.map((id) =>
        id === discard ? (deal.hands[holder] as string) : id,
      );
      deal.hands[holder] = discard;
    });
    expect(publicText(b)).toBe(publicText(a));
  });

  it("one player: the row's order and the set-aside character", () => {
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
    expect(publicText(b)).toBe(publicText(a));
  });
});
