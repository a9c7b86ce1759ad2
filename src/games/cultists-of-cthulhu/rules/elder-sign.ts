import type { ActionOf } from "./actions.js";
import { emit, livingCharacter, ownCharacter, requireActingNow, type Ctx } from "./context.js";
import { refuse } from "./refusals.js";
import { isOneOf } from "./validate.js";
import type { Settings } from "./settings.js";
import { removeEntry, type GameState, type Pieces } from "./state.js";
import type { CombatantId } from "./types.js";

/**
 * Elder Sign pieces (seed part 4): five outer pieces and a centre held by one character make a
 * complete Elder Sign, which from then on moves as one item. Pieces come out of a bag, and are
 * traded, dropped, picked up and stolen like items.
 */

const NONE: Pieces = { outer: 0, centre: 0 };

export function piecesOf(state: GameState, holder: CombatantId): Pieces {
  return state.elderSign.held[holder] ?? { ...NONE };
}

export function isComplete(pieces: Pieces, settings: Settings): boolean {
  const sign = settings.elderSign;
  return pieces.outer >= sign.outer && pieces.centre >= sign.centre && sign.outer + sign.centre > 0;
}

export function hasPieces(pieces: Pieces): boolean {
  return pieces.outer + pieces.centre > 0;
}

/** The pieces still in the bag: the set less what is held or on the ground. */
export function piecesInBag(state: GameState, settings: Settings): Pieces {
  const out = { ...settings.elderSign };
  for (const held of [...Object.values(state.elderSign.held), state.elderSign.ground]) {
    out.outer -= held.outer;
    out.centre -= held.centre;
  }
  return { outer: Math.max(0, out.outer), centre: Math.max(0, out.centre) };
}

function validPieces(pieces: Pieces): Pieces {
  const whole = (n: number) => Number.isInteger(n) && n >= 0 && n <= 99;
  if (!whole(pieces.outer)) refuse({ code: "invalid-amount", field: "outer", min: 0, max: 99 });
  if (!whole(pieces.centre)) refuse({ code: "invalid-amount", field: "centre", min: 0, max: 99 });
  if (!hasPieces(pieces)) refuse({ code: "nothing-chosen" });
  return { outer: pieces.outer, centre: pieces.centre };
}

function take(have: Pieces, pieces: Pieces): Pieces {
  if (pieces.outer > have.outer || pieces.centre > have.centre) {
    refuse({ code: "elder-sign-short", outer: have.outer, centre: have.centre });
  }
  return { outer: have.outer - pieces.outer, centre: have.centre - pieces.centre };
}

function setHeld(state: GameState, holder: CombatantId, pieces: Pieces): void {
  if (hasPieces(pieces)) state.elderSign.held[holder] = pieces;
  else removeEntry(state.elderSign.held, holder);
}

/**
 * Moves pieces between holders (null: the ground). A complete sign moves only as a whole. Says so
 * when the receiver now holds a complete sign.
 */
export function movePieces(
  ctx: Ctx,
  from: CombatantId | null,
  to: CombatantId | null,
  requested: Pieces,
): void {
  const { state, settings } = ctx;
  const pieces = validPieces(requested);
  const have = from === null ? state.elderSign.ground : piecesOf(state, from);
  const left = take(have, pieces);
  if (from !== null && isComplete(have, settings) && hasPieces(left)) {
    refuse({ code: "elder-sign-is-whole" });
  }
  if (from === null) state.elderSign.ground = left;
  else setHeld(state, from, left);
  const before = to === null ? state.elderSign.ground : piecesOf(state, to);
  const after = { outer: before.outer + pieces.outer, centre: before.centre + pieces.centre };
  if (to === null) state.elderSign.ground = after;
  else setHeld(state, to, after);
  emit(ctx, { type: "elder-sign-moved", from, to, pieces });
  if (to !== null && !isComplete(before, settings) && isComplete(after, settings)) {
    emit(ctx, { type: "elder-sign-completed", character: to });
  }
}

/** A piece from the bag: the one the card or the table names, or one drawn at random. */
export function findElderSign(ctx: Ctx, action: ActionOf<"find-elder-sign">): void {
  const character = ownCharacter(ctx, action.character);
  const bag = piecesInBag(ctx.state, ctx.settings);
  let piece = action.piece;
  if (piece === undefined) {
    const total = bag.outer + bag.centre;
    if (total === 0) refuse({ code: "elder-sign-bag-empty", piece: "any" });
    piece = ctx.rng.die(total) <= bag.outer ? "outer" : "centre";
  }
  if (!isOneOf(piece, ["outer", "centre"] as const)) {
    refuse({ code: "invalid-choice", field: "piece", allowed: ["outer", "centre"] });
  }
  if (bag[piece] === 0) refuse({ code: "elder-sign-bag-empty", piece });
  const before = piecesOf(ctx.state, character.id);
  const after = { ...before, [piece]: before[piece] + 1 };
  setHeld(ctx.state, character.id, after);
  emit(ctx, { type: "elder-sign-found", character: character.id, piece });
  if (!isComplete(before, ctx.settings) && isComplete(after, ctx.settings)) {
    emit(ctx, { type: "elder-sign-completed", character: character.id });
  }
}

export function giveElderSign(ctx: Ctx, action: ActionOf<"give-elder-sign">): void {
  const from = livingCharacter(ctx.state, action.from);
  requireActingNow(ctx, { kind: "character", character: from });
  const to = livingCharacter(ctx.state, action.to);
  if (to.id === from.id) refuse({ code: "same-combatant" });
  movePieces(ctx, from.id, to.id, action.pieces);
}

export function dropElderSign(ctx: Ctx, action: ActionOf<"drop-elder-sign">): void {
  const character = livingCharacter(ctx.state, action.character);
  requireActingNow(ctx, { kind: "character", character });
  movePieces(ctx, character.id, null, action.pieces);
}

export function pickUpElderSign(ctx: Ctx, action: ActionOf<"pick-up-elder-sign">): void {
  const character = livingCharacter(ctx.state, action.character);
  requireActingNow(ctx, { kind: "character", character });
  movePieces(ctx, null, character.id, action.pieces);
}

/** Everything a fallen holder carried goes to the ground where it fell. */
export function dropAllPieces(ctx: Ctx, holder: CombatantId): void {
  const pieces = piecesOf(ctx.state, holder);
  if (hasPieces(pieces)) movePieces(ctx, holder, null, pieces);
}
