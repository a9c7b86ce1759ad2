import type { OpponentDefence } from "../../services/extension-points.js";
import type { Entity } from "./state.js";

/**
 * An entity under attack (seed 002): Armored X stops X damage, Vulnerable (type) doubles what that
 * type deals, Spectral is hurt only by Weird weapons, Immortal vanishes at 0 instead of dying. Pure.
 */

export function defenceOf(entity: Entity): OpponentDefence {
  const armoured = entity.tags.find((t) => t.tag === "armored");
  return {
    name: entity.name,
    armour: armoured && "rating" in armoured ? armoured.rating : 0,
    vulnerable: entity.tags.flatMap((t) => (t.tag === "vulnerable" ? [t.type] : [])),
    spectral: entity.tags.some((t) => t.tag === "spectral"),
    hidden: entity.shown === null,
  };
}

export type WoundState = "unhurt" | "hurt" | "destroyed" | "vanished";

/** The entity after taking `points` (a lethal hit takes all it has left). */
export function woundEntity(
  entity: Entity,
  wound: { points: number; lethal: boolean },
): { entity: Entity; state: WoundState } {
  if (entity.hp === null) return { entity, state: "unhurt" };
  const left = Math.max(0, entity.hp - entity.wounds);
  const taken = wound.lethal ? left : Math.min(left, Math.max(0, wound.points));
  const next = { ...entity, wounds: entity.wounds + taken };
  if (left - taken > 0) return { entity: next, state: taken > 0 ? "hurt" : "unhurt" };
  return {
    entity: next,
    state: entity.tags.some((t) => t.tag === "immortal") ? "vanished" : "destroyed",
  };
}
