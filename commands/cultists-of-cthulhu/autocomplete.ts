import type { ApplicationCommandOptionChoiceData, AutocompleteInteraction } from "discord.js";
import type { AutocompleteContext } from "../../src/games/cultists-of-cthulhu/command.js";
import { cut, namesFor } from "../../src/games/cultists-of-cthulhu/presentation/index.js";
import {
  DEFAULT_SETTINGS,
  playerViewer,
  TABLE_VIEWER,
  viewFor,
  visibleFacts,
  type GameView,
} from "../../src/games/cultists-of-cthulhu/rules/index.js";
import type { LoadedGame } from "../../src/games/cultists-of-cthulhu/services/game-service.js";
import { tableOf } from "./publish.js";

/**
 * Choices for `/cultists` options, read from the table's view (or the asker's own, for what only
 * they know): nothing hidden is ever offered.
 */

type Choice = ApplicationCommandOptionChoiceData<string>;

const CHARACTER_OPTIONS = new Set(["character", "shooter", "thief"]);
const COMBATANT_OPTIONS = new Set(["attacker", "defender", "target", "target2", "target3", "to"]);

function matching(choices: Choice[], typed: string): Choice[] {
  const wanted = typed.trim().toLowerCase();
  return choices.filter((c) => c.name.toLowerCase().includes(wanted)).slice(0, 25);
}

function choice(name: string, value: string): Choice {
  return { name: cut(name, 100) || "—", value };
}

function combatants(
  view: GameView,
  game: LoadedGame,
  which: "characters" | "monsters" | "both",
  owner?: string,
): Choice[] {
  const names = namesFor(view, {}, game.facts);
  const characters = view.characters
    .filter((c) => !c.dead && (owner === undefined || c.owner === owner))
    .map((c) => choice(names.combatantLabel(c.id), c.id));
  const monsters = view.monsters.map((m) => choice(names.combatantLabel(m.id), m.id));
  if (which === "characters") return characters;
  if (which === "monsters") return monsters;
  return [...characters, ...monsters];
}

/**
 * Role cards the asker may know of (the scenario's Cultists, and Academic cards they typed),
 * while they may still be taken back: once dealt, a card is in someone's hand or discarded
 * unseen, and nothing is offered.
 */
function cards(game: LoadedGame, asker: string): Choice[] {
  if (game.record.state.deal !== null) return [];
  const seen = visibleFacts(game.facts, playerViewer(asker), game.record.state.phase === "ended");
  const removed = new Set(seen.flatMap((f) => (f.type === "card-removed" ? [f.card] : [])));
  return seen.flatMap((f) => {
    if (removed.has("card" in f && typeof f.card === "string" ? f.card : "")) return [];
    if (f.type === "cultist-card-added") return [choice(`Cultist ${f.number}: ${f.text}`, f.card)];
    if (f.type === "academic-card-added") {
      return [choice(`Academic: ${f.madness.stage1 ?? "(blank)"}`, f.card)];
    }
    return [];
  });
}

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { services }: AutocompleteContext,
): Promise<readonly Choice[]> {
  const focused = interaction.options.getFocused(true);
  const typed = focused.value;
  if (focused.name === "scenario") {
    const offered = DEFAULT_SETTINGS.scenarios.map((s) => choice(s, s));
    const own = typed.trim() === "" ? [] : [choice(typed.trim(), typed.trim().slice(0, 100))];
    return [...own, ...matching(offered, typed).filter((c) => c.value !== typed.trim())].slice(
      0,
      25,
    );
  }
  const table = tableOf(interaction);
  if (!table) return [];
  if (focused.name === "name") {
    const names = await services.cultists.savedCharacterNames(
      table.guildId,
      interaction.user.id,
      typed,
    );
    return names.map((n) => choice(n, n.slice(0, 100)));
  }
  const game = await services.cultists.read(table);
  if (!game) return [];
  const view = viewFor(game.record.state, TABLE_VIEWER, game.settings);
  if (focused.name === "card") return matching(cards(game, interaction.user.id), typed);
  if (focused.name === "item") {
    const names = namesFor(view, {}, game.facts);
    return matching(
      view.items.map((i) => choice(names.itemLabel(i.id), i.id)),
      typed,
    );
  }
  if (focused.name === "monster") return matching(combatants(view, game, "monsters"), typed);
  if (focused.name === "cultist" || focused.name === "sacrifice") {
    return matching(combatants(view, game, "characters", interaction.user.id), typed);
  }
  if (CHARACTER_OPTIONS.has(focused.name))
    return matching(combatants(view, game, "characters"), typed);
  if (COMBATANT_OPTIONS.has(focused.name)) return matching(combatants(view, game, "both"), typed);
  return [];
}
