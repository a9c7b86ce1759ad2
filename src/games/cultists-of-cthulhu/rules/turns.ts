import { emit, hasLivingCharacter, type Ctx } from "./context.js";
import type { EventRule } from "./facts.js";
import { refuse } from "./refusals.js";
import type { GameState } from "./state.js";
import type { PlayerId } from "./types.js";

/**
 * Rounds, turns and the Starting Player (seed part 2; two players part 5; one player part 6).
 * - 3–6 players: the Starting Player's turn, then each player to the left; then the Starting
 *   Player's University Turn; then the token passes left.
 * - Two players: the first player's turn, the second's, the second's University Turn; from then
 *   on each turn is followed by that player's University Turn, the players alternating.
 * - One player: the player's turn (all three characters), then the University Turn.
 * Players with no living character are skipped (the seed is silent; ours).
 */

export function beginPlay(ctx: Ctx, firstPlayer: PlayerId): void {
  const { state } = ctx;
  state.phase = "playing";
  state.round = 1;
  state.turnsThisRound = [];
  state.startingPlayer = state.mode === "duel" ? otherPlayer(state, firstPlayer) : firstPlayer;
  emit(ctx, { type: "round-began", round: 1, startingPlayer: state.startingPlayer });
  beginTurn(ctx, firstPlayer);
}

/** What a player may do about Events this turn: the seed changes it once a Cultist is revealed. */
export function eventRule(state: GameState, player: PlayerId): EventRule {
  if (state.reveals.some((reveal) => reveal.player === player)) return "none";
  if (state.reveals.length > 0 || state.activation !== null) return "optional";
  return "draw";
}

function beginTurn(ctx: Ctx, player: PlayerId): void {
  ctx.state.turn = { kind: "player", player };
  emit(ctx, { type: "turn-began", player, events: eventRule(ctx.state, player) });
}

export function endTurn(ctx: Ctx): void {
  const { state } = ctx;
  const turn = state.turn;
  if (turn?.kind !== "player") refuse({ code: "university-turn-in-progress" });
  if (ctx.by !== turn.player && ctx.by !== state.host) {
    refuse({ code: "not-your-turn", player: turn.player });
  }
  emit(ctx, { type: "turn-ended", player: turn.player });
  state.turnsThisRound.push(turn.player);
  const next = nextInRound(state);
  if (next !== null) beginTurn(ctx, next);
  else beginUniversityTurn(ctx, universityPlayer(state, turn.player));
}

function nextInRound(state: GameState): PlayerId | null {
  if (state.mode === "solo") return null;
  if (state.mode === "duel") {
    if (state.round !== 1 || state.turnsThisRound.length !== 1) return null;
    const other = otherPlayer(state, state.turnsThisRound[0] ?? "");
    return hasLivingCharacter(state, other) ? other : null;
  }
  const start = state.seats.indexOf(state.startingPlayer ?? "");
  for (let step = 0; step < state.seats.length; step++) {
    const player = state.seats[(start + step) % state.seats.length] as PlayerId;
    if (!state.turnsThisRound.includes(player) && hasLivingCharacter(state, player)) return player;
  }
  return null;
}

function universityPlayer(state: GameState, lastTurn: PlayerId): PlayerId {
  if (state.mode !== "table") return lastTurn;
  const holder = state.startingPlayer ?? lastTurn;
  return hasLivingCharacter(state, holder) ? holder : nextLivingLeft(state, holder);
}

function beginUniversityTurn(ctx: Ctx, player: PlayerId): void {
  const { state } = ctx;
  const expired = state.starCards.oneRound;
  if (expired.length > 0) {
    emit(ctx, { type: "star-cards-expired", cards: expired });
    state.starCards.oneRound = [];
  }
  state.startingPlayer = player;
  state.turn = { kind: "university", player, starCardPlayed: false };
  emit(ctx, { type: "university-turn-began", player, draw: state.mode === "solo" ? 1 : 2 });
}

export function endUniversityTurn(ctx: Ctx): void {
  const { state } = ctx;
  const turn = requireUniversityTurn(ctx);
  if (!turn.starCardPlayed) refuse({ code: "star-card-not-played" });
  const first = firstOfNextRound(state, turn.player);
  if (state.mode !== "solo") {
    emit(ctx, { type: "starting-player-passed", from: turn.player, to: first });
  }
  state.startingPlayer = first;
  state.round += 1;
  state.turnsThisRound = [];
  emit(ctx, { type: "round-began", round: state.round, startingPlayer: first });
  beginTurn(ctx, first);
}

/** The University Turn now in progress, played by the asker (or the host). */
export function requireUniversityTurn(
  ctx: Ctx,
): Extract<GameState["turn"], { kind: "university" }> {
  const turn = ctx.state.turn;
  if (turn?.kind !== "university") refuse({ code: "not-university-turn" });
  if (ctx.by !== turn.player && ctx.by !== ctx.state.host) {
    refuse({ code: "not-your-turn", player: turn.player });
  }
  return turn;
}

function firstOfNextRound(state: GameState, universityPlayer: PlayerId): PlayerId {
  if (state.mode === "solo") return universityPlayer;
  if (state.mode === "duel") {
    const other = otherPlayer(state, universityPlayer);
    return hasLivingCharacter(state, other) ? other : universityPlayer;
  }
  return nextLivingLeft(state, universityPlayer);
}

/** The first player to the left of `from` with a living character (`from` if there is none). */
function nextLivingLeft(state: GameState, from: PlayerId): PlayerId {
  const start = state.seats.indexOf(from);
  for (let step = 1; step <= state.seats.length; step++) {
    const player = state.seats[(start + step) % state.seats.length] as PlayerId;
    if (hasLivingCharacter(state, player)) return player;
  }
  return from;
}

function otherPlayer(state: GameState, player: PlayerId): PlayerId {
  return state.seats.find((seat) => seat !== player) ?? player;
}
