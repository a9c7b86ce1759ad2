import type { ActionOf } from "./actions.js";
import {
  controls,
  emit,
  findCombatant,
  livingCharacter,
  livingCombatant,
  requireActingNow,
  type Combatant,
  type Ctx,
} from "./context.js";
import { hasPieces, movePieces, piecesOf } from "./elder-sign.js";
import { itemsHeldBy, requireHands } from "./items.js";
import { refuse } from "./refusals.js";
import { progress, requireSameRoll, rollFor } from "./rolls.js";
import type { GameState } from "./state.js";
import type { CombatantId } from "./types.js";

/**
 * Steal (seed part 2): a Finesse check at Red against a character or monster holding something;
 * Goods reaching its Defense let the thief take one Item, one Artefact, or all its Elder Sign
 * pieces. The check itself is resolved with the other rolls (rolls.ts).
 */

function holdsSomething(state: GameState, holder: CombatantId): boolean {
  return itemsHeldBy(state, holder).length > 0 || hasPieces(piecesOf(state, holder));
}

export function steal(ctx: Ctx, action: ActionOf<"steal">): void {
  const thief = livingCharacter(ctx.state, action.thief);
  const combatant: Combatant = { kind: "character", character: thief };
  requireActingNow(ctx, combatant);
  if (action.target === thief.id) refuse({ code: "same-combatant" });
  livingCombatant(ctx.state, action.target);
  if (!holdsSomething(ctx.state, action.target))
    refuse({ code: "nothing-to-steal", target: action.target });
  const { ability, difficulty } = ctx.settings.steal;
  const check = rollFor(ctx, combatant, { ability, difficulty, purpose: "steal" });
  ctx.state.pending = {
    kind: "steal",
    thief: thief.id,
    target: action.target,
    check,
    succeeded: null,
  };
  progress(ctx);
}

export function stealTake(ctx: Ctx, action: ActionOf<"steal-take">): void {
  const pending = ctx.state.pending;
  if (pending?.kind !== "steal" || pending.succeeded !== true) refuse({ code: "no-roll-pending" });
  requireSameRoll(pending.check, action);
  const thief = findCombatant(ctx.state, pending.thief);
  if (!controls(ctx.state, ctx.by, thief)) refuse({ code: "not-your-roll", roller: pending.thief });
  const take = action.take;
  if (take.kind === "item") {
    const item = ctx.state.items[take.item];
    if (!item) refuse({ code: "unknown-item", item: take.item });
    if (item.holder !== pending.target)
      refuse({ code: "not-held", item: take.item, holder: pending.target });
    requireHands(ctx, pending.thief, item.hands);
    item.holder = pending.thief;
    emit(ctx, {
      type: "stolen",
      thief: pending.thief,
      target: pending.target,
      item: item.id,
      pieces: { outer: 0, centre: 0 },
    });
  } else if (take.kind === "elder-sign") {
    const pieces = piecesOf(ctx.state, pending.target);
    if (!hasPieces(pieces)) refuse({ code: "nothing-to-take" });
    emit(ctx, { type: "stolen", thief: pending.thief, target: pending.target, item: null, pieces });
    movePieces(ctx, pending.target, pending.thief, pieces);
  }
  ctx.state.pending = null;
}
