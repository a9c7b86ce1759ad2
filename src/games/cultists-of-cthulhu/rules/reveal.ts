import type { ActionOf } from "./actions.js";
import { charactersOf, emit, isSeated, type Ctx } from "./context.js";
import { cardOf } from "./deal.js";
import { kill, validMonsterStats } from "./harm.js";
import { refuse } from "./refusals.js";
import type { Character, GameState } from "./state.js";
import type { CharacterId, PlayerId } from "./types.js";

/**
 * The Cultist's reveal (seed part 4, "Role cards"; two players part 5) and the Academics' Madness
 * reveal after it. Only a player can reveal their own card: nobody else, not even the host, can
 * ask, so no refusal ever tells anyone about another player's role.
 */

export function handCard(state: GameState, player: PlayerId) {
  const id = state.deal?.hands[player];
  return id === undefined ? null : cardOf(state, id);
}

export function anyCultistActed(state: GameState): boolean {
  return state.reveals.length > 0 || state.activation !== null;
}

export function reveal(ctx: Ctx, action: ActionOf<"reveal">): void {
  const { state } = ctx;
  if (!isSeated(state, ctx.by)) refuse({ code: "not-a-player", player: ctx.by });
  const card = handCard(state, ctx.by);
  if (card?.kind !== "cultist") refuse({ code: "not-a-cultist" });
  if (state.reveals.some((r) => r.player === ctx.by)) refuse({ code: "already-revealed" });
  if (state.stars < card.number) refuse({ code: "stars-not-aligned" });
  const living = charactersOf(state, ctx.by).filter((c) => !c.dead);
  const { cultist, sacrifice } =
    state.mode === "duel"
      ? duelChoice(living, action.cultist, action.sacrifice)
      : { cultist: living[0] ?? null, sacrifice: null };
  const transform =
    action.transform === undefined
      ? null
      : validMonsterStats(action.transform, ctx.settings.poolSize);
  if (transform && !cultist) refuse({ code: "reveal-choice", problem: "cultist" });

  const firstToAct = !anyCultistActed(state);
  state.forcedReveals = state.forcedReveals.filter((player) => player !== ctx.by);
  state.reveals.push({ player: ctx.by, card: card.id, character: cultist?.id ?? null });
  emit(ctx, {
    type: "cultist-revealed",
    player: ctx.by,
    card,
    character: cultist?.id ?? null,
    transform,
  });
  if (sacrifice) {
    emit(ctx, { type: "character-sacrificed", character: sacrifice.id });
    kill(ctx, sacrifice);
  }
  if (cultist && transform) cultist.form = { stats: transform, damage: 0 };
  if (firstToAct) emit(ctx, { type: "event-rules-changed" });
}

/**
 * Two players: one character dies and the other becomes the Cultist. With one character left it
 * becomes the Cultist and nobody is sacrificed (ours: the seed assumes both alive).
 */
function duelChoice(
  living: Character[],
  cultistId: CharacterId | undefined,
  sacrificeId: CharacterId | undefined,
): { cultist: Character | null; sacrifice: Character | null } {
  const find = (id: CharacterId | undefined) => living.find((c) => c.id === id);
  if (living.length >= 2) {
    const cultist = find(cultistId);
    const sacrifice = find(sacrificeId);
    if (!cultist) refuse({ code: "reveal-choice", problem: "cultist" });
    if (!sacrifice || sacrifice === cultist)
      refuse({ code: "reveal-choice", problem: "sacrifice" });
    return { cultist, sacrifice };
  }
  if (sacrificeId !== undefined) refuse({ code: "reveal-choice", problem: "sacrifice" });
  const only = living[0] ?? null;
  if (cultistId !== undefined && cultistId !== only?.id)
    refuse({ code: "reveal-choice", problem: "cultist" });
  return { cultist: only, sacrifice: null };
}

/** After a Cultist has revealed (or a card has acted), an Academic may show their Madness. */
export function revealMadness(ctx: Ctx): void {
  const { state } = ctx;
  if (state.mode === "solo")
    refuse({ code: "wrong-mode", mode: "solo", needed: ["table", "duel"] });
  if (!isSeated(state, ctx.by)) refuse({ code: "not-a-player", player: ctx.by });
  const card = handCard(state, ctx.by);
  if (card?.kind !== "academic") refuse({ code: "not-an-academic" });
  if (!anyCultistActed(state)) refuse({ code: "no-cultist-revealed" });
  if (state.madnessRevealed.includes(ctx.by)) refuse({ code: "already-revealed" });
  state.madnessRevealed.push(ctx.by);
  emit(ctx, { type: "madness-revealed", player: ctx.by, cards: [card] });
}
