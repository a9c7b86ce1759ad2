import {
  visibleFacts,
  type CombatantId,
  type Fact,
  type GameView,
  type ItemId,
  type PlayerId,
} from "../rules/index.js";
import { plainName, userName } from "./text.js";

/**
 * Who and what the game's ids stand for, as a viewer may read them: players by the display
 * names the bot passes in, characters, monsters and items by the names the table typed. Built
 * from a view and the facts that viewer may see, so it never names anything hidden.
 */

/** Display names of the players (as Discord shows them), raw: they are escaped here. */
export type PlayerNames = Readonly<Record<PlayerId, string>>;

export interface Names {
  /** For markdown: escaped, cut. */
  player(id: PlayerId): string;
  /** For labels (buttons, menus, footers): the raw name, cut. */
  playerLabel(id: PlayerId): string;
  combatant(id: CombatantId): string;
  combatantLabel(id: CombatantId): string;
  item(id: ItemId): string;
  itemLabel(id: ItemId): string;
}

/** A Discord user id: shown as a mention pill when no name is known (it never pings: see messages.ts). */
const SNOWFLAKE = /^\d{15,22}$/;

/** Names as `view`'s viewer may know them; with no view (no game yet), players only. */
export function namesFor(
  view: GameView | null,
  players: PlayerNames,
  facts: readonly Fact[] = [],
): Names {
  const seen = view === null ? [] : visibleFacts(facts, view.viewer, view.phase === "ended");
  const characters = new Map<string, string>();
  const monsters = new Map<string, string>();
  const items = new Map<string, string>();
  for (const fact of seen) {
    if (
      fact.type === "character-entered" ||
      fact.type === "set-aside-candidate-added" ||
      fact.type === "set-aside-character-entered"
    ) {
      characters.set(fact.character, fact.sheet.name);
    }
    if (fact.type === "monster-spawned") monsters.set(fact.monster, fact.stats.name);
    if (fact.type === "item-added") items.set(fact.item.id, fact.item.name);
  }
  for (const c of view?.setAsideCandidates ?? []) characters.set(c.id, c.sheet.name);
  for (const c of view?.characters ?? []) characters.set(c.id, c.sheet.name);
  for (const m of view?.monsters ?? []) monsters.set(m.id, m.stats.name);
  for (const i of view?.items ?? []) items.set(i.id, i.name);
  const monsterNames = numbered(monsters);

  const rawPlayer = (id: PlayerId) => players[id];
  const rawCombatant = (id: CombatantId) => characters.get(id) ?? monsterNames.get(id);
  return {
    player: (id) => {
      const name = rawPlayer(id);
      if (name !== undefined && name.trim() !== "") return userName(name);
      return SNOWFLAKE.test(id) ? `<@${id}>` : "a player";
    },
    playerLabel: (id) => plainName(rawPlayer(id) ?? "a player"),
    combatant: (id) => {
      const name = rawCombatant(id);
      return name === undefined ? "someone" : userName(name);
    },
    combatantLabel: (id) => plainName(rawCombatant(id) ?? "someone"),
    item: (id) => {
      const name = items.get(id);
      return name === undefined ? "an item" : userName(name);
    },
    itemLabel: (id) => plainName(items.get(id) ?? "an item"),
  };
}

/** Monsters sharing a name are told apart by number, in the order they spawned ("Tentacle #2"). */
function numbered(monsters: Map<string, string>): Map<string, string> {
  const byName = new Map<string, string[]>();
  const order = [...monsters.keys()].sort((a, b) => idNumber(a) - idNumber(b));
  for (const id of order) {
    const name = monsters.get(id) ?? "";
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  const out = new Map<string, string>();
  for (const [name, ids] of byName) {
    for (const [index, id] of ids.entries()) {
      out.set(id, ids.length > 1 ? `${name} #${index + 1}` : name);
    }
  }
  return out;
}

function idNumber(id: string): number {
  return Number(id.replace(/\D/g, "")) || 0;
}
