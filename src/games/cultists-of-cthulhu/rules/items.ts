import type { ActionOf } from "./actions.js";
import { emit, livingCharacter, ownCharacter, requireActingNow, type Ctx } from "./context.js";
import { refuse } from "./refusals.js";
import { isOneOf } from "./validate.js";
import { nextId, removeEntry, type GameState, type Item, type ItemData } from "./state.js";
import type { CharacterId, CombatantId } from "./types.js";

/**
 * Items and Artefacts (seed part 4): hands, dropping on your turn at no cost, picking up, trading,
 * discarding an empty weapon, and the passive bonuses a check or a fight reads.
 */

export function itemsHeldBy(state: GameState, holder: CombatantId): Item[] {
  return Object.values(state.items).filter((item) => item.holder === holder);
}

export function freeHands(state: GameState, holder: CombatantId, hands: number): number {
  return hands - itemsHeldBy(state, holder).reduce((sum, item) => sum + item.hands, 0);
}

export function requireHands(ctx: Ctx, character: CharacterId, needed: number): void {
  const free = freeHands(ctx.state, character, ctx.settings.hands);
  if (needed > free) refuse({ code: "hands-full", character, free, needed });
}

/** What the holder's items add: single dice to the one reroll, damage in a fight. */
export function itemBonus(
  state: GameState,
  holder: CombatantId,
  roll: "combat" | "other",
): { extraRerolls: number; combatDamage: number } {
  let extraRerolls = 0;
  let combatDamage = 0;
  for (const item of itemsHeldBy(state, holder)) {
    if (item.extraRerollsIn === "all-checks" || roll === "combat")
      extraRerolls += item.extraRerolls;
    if (roll === "combat") combatDamage += item.combatDamage;
  }
  return { extraRerolls, combatDamage };
}

function validItem(data: ItemData): ItemData {
  const bad = (field: string): never => refuse({ code: "invalid-choice", field, allowed: [] });
  if (typeof data.name !== "string" || data.name.trim() === "") bad("name");
  if (!isOneOf(data.kind, ["item", "artefact"] as const)) bad("kind");
  if (!isOneOf(data.hands, [0, 1, 2] as const)) bad("hands");
  const small = (n: number) => Number.isInteger(n) && n >= 0 && n <= 9;
  if (!small(data.combatDamage)) bad("combatDamage");
  if (!small(data.extraRerolls)) bad("extraRerolls");
  if (!isOneOf(data.extraRerollsIn, ["combat", "all-checks"] as const)) bad("extraRerollsIn");
  return { ...data, name: data.name.trim() };
}

function heldItem(state: GameState, id: string, holder: CombatantId): Item {
  const item = state.items[id];
  if (!item) refuse({ code: "unknown-item", item: id });
  if (item.holder !== holder) refuse({ code: "not-held", item: id, holder });
  return item;
}

export function addItem(ctx: Ctx, action: ActionOf<"add-item">): void {
  const character = ownCharacter(ctx, action.character);
  const data = validItem(action.item);
  requireHands(ctx, character.id, data.hands);
  const item: Item = { ...data, id: nextId(ctx.state, "i"), holder: character.id, droppedBy: null };
  ctx.state.items[item.id] = item;
  emit(ctx, { type: "item-added", character: character.id, item });
}

/** Dropping costs no action but happens on your own turn. */
export function dropItem(ctx: Ctx, action: ActionOf<"drop-item">): void {
  const character = livingCharacter(ctx.state, action.character);
  requireActingNow(ctx, { kind: "character", character });
  const item = heldItem(ctx.state, action.item, character.id);
  item.holder = null;
  item.droppedBy = character.id;
  emit(ctx, { type: "item-dropped", character: character.id, item: item.id });
}

export function pickUp(ctx: Ctx, action: ActionOf<"pick-up">): void {
  const character = livingCharacter(ctx.state, action.character);
  requireActingNow(ctx, { kind: "character", character });
  if (action.items.length === 0) refuse({ code: "nothing-chosen" });
  const items = [...new Set(action.items)].map((id) => {
    const item = ctx.state.items[id];
    if (!item) refuse({ code: "unknown-item", item: id });
    if (item.holder !== null) refuse({ code: "not-on-ground", item: id });
    return item;
  });
  requireHands(
    ctx,
    character.id,
    items.reduce((sum, item) => sum + item.hands, 0),
  );
  for (const item of items) {
    item.holder = character.id;
    item.droppedBy = null;
  }
  emit(ctx, { type: "items-picked-up", character: character.id, items: items.map((i) => i.id) });
}

export function giveItem(ctx: Ctx, action: ActionOf<"give-item">): void {
  const from = livingCharacter(ctx.state, action.from);
  requireActingNow(ctx, { kind: "character", character: from });
  const to = livingCharacter(ctx.state, action.to);
  if (to.id === from.id) refuse({ code: "same-combatant" });
  const item = heldItem(ctx.state, action.item, from.id);
  requireHands(ctx, to.id, item.hands);
  item.holder = to.id;
  emit(ctx, { type: "item-given", from: from.id, to: to.id, item: item.id });
}

/** A weapon out of ammo is discarded, not dropped (seed); also any card that says so. */
export function discardItem(ctx: Ctx, action: ActionOf<"discard-item">): void {
  const character = ownCharacter(ctx, action.character);
  const item = heldItem(ctx.state, action.item, character.id);
  removeEntry(ctx.state.items, item.id);
  emit(ctx, { type: "item-discarded", character: character.id, item: item.id });
}

/** A fallen character's or monster's items stay where it fell (ours: the seed is silent). */
export function dropAllItems(ctx: Ctx, holder: CombatantId): void {
  for (const item of itemsHeldBy(ctx.state, holder)) {
    item.holder = null;
    item.droppedBy = holder;
  }
}
