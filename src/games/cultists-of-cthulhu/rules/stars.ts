import type { ActionOf } from "./actions.js";
import { emit, requireAtTable, type Ctx } from "./context.js";
import { cardOf } from "./deal.js";
import { onlyTo } from "./facts.js";
import { refuse } from "./refusals.js";
import type { StarCard } from "./types.js";
import { requireUniversityTurn } from "./turns.js";
import { requireWhole } from "./validate.js";

/**
 * The Star Chart (seed parts 2, 4, 5, 6): it starts at 0, only rises, and stops at the track's
 * end. Reaching a Cultist's number tells only that Cultist (3–6 players), forces the reveal (two
 * players), or turns over the next card of the row (one player).
 */

const DURATIONS: readonly StarCard["duration"][] = ["instant", "one-round", "weather"];

export function playStarCard(ctx: Ctx, action: ActionOf<"play-star-card">): void {
  const turn = requireUniversityTurn(ctx);
  if (turn.starCardPlayed) refuse({ code: "star-card-already-played" });
  const { card } = action;
  requireWhole("advance", card.advance, 1, ctx.settings.starChartEnd);
  if (!DURATIONS.includes(card.duration)) {
    refuse({ code: "invalid-choice", field: "duration", allowed: [...DURATIONS] });
  }
  if (card.name !== null && typeof card.name !== "string") {
    refuse({ code: "invalid-choice", field: "name", allowed: [] });
  }
  const played: StarCard = { name: card.name, duration: card.duration, advance: card.advance };
  const { starCards } = ctx.state;
  if (played.duration === "weather") {
    if (starCards.weather) emit(ctx, { type: "weather-ended", card: starCards.weather });
    starCards.weather = played;
  }
  if (played.duration === "one-round") starCards.oneRound.push(played);
  turn.starCardPlayed = true;
  emit(ctx, { type: "star-card-played", player: turn.player, card: played });
  advanceStars(ctx, played.advance);
}

export function advanceStarsAction(ctx: Ctx, action: ActionOf<"advance-stars">): void {
  requireAtTable(ctx);
  requireWhole("amount", action.amount, 1, ctx.settings.starChartEnd);
  advanceStars(ctx, action.amount);
}

/** The numbers passed on the way from `from` (exclusive) to `to` (inclusive), lowest first. */
export function crossedNumbers(from: number, to: number, numbers: readonly number[]): number[] {
  return numbers.filter((n) => from < n && n <= to).sort((a, b) => a - b);
}

export function advanceStars(ctx: Ctx, amount: number): void {
  const { state, settings } = ctx;
  const from = state.stars;
  const to = Math.min(settings.starChartEnd, from + Math.max(0, amount));
  if (to === from) return;
  state.stars = to;
  emit(ctx, { type: "stars-advanced", from, to });
  for (const number of crossedNumbers(from, to, settings.cultistNumbers)) reachNumber(ctx, number);
}

function reachNumber(ctx: Ctx, number: number): void {
  const { state } = ctx;
  const deal = state.deal;
  if (!deal) return;
  if (state.mode === "solo") {
    turnOverRow(ctx, number);
    return;
  }
  const holders = Object.entries(deal.hands)
    .filter(([player, id]) => {
      const card = cardOf(state, id);
      const revealed = state.reveals.some((reveal) => reveal.player === player);
      return card.kind === "cultist" && card.number === number && !revealed;
    })
    .map(([player]) => player);
  for (const player of holders) {
    if (state.mode === "duel") {
      state.forcedReveals.push(player);
      emit(ctx, { type: "cultist-must-reveal", player, number }, onlyTo(player));
    } else {
      emit(ctx, { type: "cultist-may-reveal", player, number }, onlyTo(player));
    }
  }
  if (state.mode === "duel" && holders.length > 0) emit(ctx, { type: "awaiting-reveal" });
}

/** One player: the row card for this number, if the Cultist has not yet turned up. */
function turnOverRow(ctx: Ctx, number: number): void {
  const { state } = ctx;
  const index = ctx.settings.roleDeal.solo.rowRevealsAt.indexOf(number);
  const entry = state.deal?.row[index];
  if (!entry || entry.revealed || state.activation !== null) return;
  entry.revealed = true;
  const card = cardOf(state, entry.card);
  emit(ctx, { type: "row-card-revealed", index, card });
  if (card.kind !== "cultist") return;
  const active = Object.values(state.cards).find(
    (c) => c.kind === "cultist" && c.number === number,
  );
  if (active?.kind !== "cultist") return;
  state.activation = { card: active.id, character: null };
  emit(ctx, { type: "cultist-activated", card: active });
  emit(ctx, { type: "event-rules-changed" });
  const setAside = state.deal?.setAside ?? null;
  const character = setAside === null ? undefined : state.characters[setAside];
  if (!active.empowers || !character) return;
  character.status = "in-play";
  character.rerolls = false;
  state.activation.character = character.id;
  emit(ctx, {
    type: "set-aside-character-entered",
    character: character.id,
    sheet: character.sheet,
  });
}

/**
 * Two players, nobody revealed once the chart reached 20: the face-up 25 Cultist acts. Waits while
 * a forced reveal is outstanding.
 */
export function activateFaceUpCultist(ctx: Ctx): void {
  const { state } = ctx;
  const faceUp = state.deal?.faceUp ?? null;
  if (state.mode !== "duel" || faceUp === null || state.activation !== null) return;
  if (state.stars < ctx.settings.roleDeal.duel.activationAt) return;
  if (state.reveals.length > 0 || state.forcedReveals.length > 0) return;
  state.activation = { card: faceUp, character: null };
  emit(ctx, { type: "face-up-cultist-activated", card: cardOf(state, faceUp) });
  emit(ctx, { type: "event-rules-changed" });
}
