import { dealt, type Game, type TableOptions } from "./support.js";

/**
 * Dealt games in a chosen situation, found by trying seeds in order (deterministic: the same
 * seed is found every run).
 */

export type DuelSituation = "both-academics" | "both-cultists" | "one-each";

function firstSeed(make: (seed: number) => Game, wanted: (g: Game) => boolean): Game {
  for (let seed = 1; seed < 500; seed++) {
    const g = make(seed);
    if (wanted(g)) return g;
  }
  throw new Error("no seed deals that");
}

/** The Cultist numbers dealt to the two players (null for an Academic). */
export function duelHands(g: Game): (number | null)[] {
  return ["p1", "p2"].map((p) => {
    const card = g.state.cards[g.state.deal?.hands[p] ?? ""];
    return card?.kind === "cultist" ? card.number : null;
  });
}

export function duelDealt(
  situation: DuelSituation,
  cultistNumber?: number,
  options: TableOptions = {},
): Game {
  return firstSeed(
    (seed) => dealt(2, { ...options, seed }),
    (g) => {
      const numbers = duelHands(g).filter((n) => n !== null);
      if (situation === "both-academics") return numbers.length === 0;
      if (situation === "both-cultists") return numbers.length === 2;
      return numbers.length === 1 && (cultistNumber === undefined || numbers[0] === cultistNumber);
    },
  );
}

/** A one-player game whose face-down row has the Cultist card at `place` (0, 1 or 2). */
export function soloRowCultistAt(place: number, options: TableOptions = {}): Game {
  return firstSeed(
    (seed) => dealt(1, { ...options, seed }),
    (g) => {
      const card = g.state.deal?.row[place]?.card;
      return card !== undefined && g.state.cards[card]?.kind === "cultist";
    },
  );
}

/** A game of 3–6 players whose Cultist is `player` with the card at `number`. */
export function tableDealt(
  players: number,
  player: string,
  number: number,
  options: TableOptions = {},
): Game {
  return firstSeed(
    (seed) => dealt(players, { ...options, seed }),
    (g) => {
      const card = g.state.cards[g.state.deal?.hands[player] ?? ""];
      return card?.kind === "cultist" && card.number === number;
    },
  );
}
