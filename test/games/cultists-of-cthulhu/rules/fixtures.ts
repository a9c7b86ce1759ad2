import type {
  ItemData,
  MonsterStats,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";

/** Monster and item cards the tests use, as the table would type them in. */

export const SHOGGOTH: MonsterStats = {
  name: "Shoggoth",
  horror: 3,
  speed: 3,
  defense: 4,
  wounds: 8,
  attack: ["green", "green", "green"],
};

export const TENTACLE: MonsterStats = {
  name: "Tentacle",
  horror: 1,
  speed: 1,
  defense: 3,
  wounds: 1,
  attack: ["red"],
};

export const NIGHT_GAUNT: MonsterStats = {
  name: "Night Gaunt",
  horror: 2,
  speed: 4,
  defense: 3,
  wounds: 4,
  attack: ["blue", "blue"],
};

export const MI_GO: MonsterStats = {
  name: "Mi-Go",
  horror: 2,
  speed: 4,
  defense: 2,
  wounds: 6,
  attack: ["green", "green", "blue"],
};

/** An item with no bonus, one hand unless told otherwise. */
export function item(name: string, overrides: Partial<ItemData> = {}): ItemData {
  return {
    name,
    kind: "item",
    hands: 1,
    combatDamage: 0,
    extraRerolls: 0,
    extraRerollsIn: "all-checks",
    ...overrides,
  };
}

export const KUKRI = item("Kukri", { combatDamage: 1, extraRerolls: 1, extraRerollsIn: "combat" });
