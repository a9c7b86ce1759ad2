import type { Interaction } from "discord.js";
import type { CultistsServices } from "../../src/games/cultists-of-cthulhu/command.js";
import {
  helpMessage,
  type CommandNames,
  type GameMessage,
} from "../../src/games/cultists-of-cthulhu/presentation/index.js";
import { DEFAULT_SETTINGS } from "../../src/games/cultists-of-cthulhu/rules/index.js";
import { tableOf } from "./publish.js";
import { COMMAND_NAME } from "./definition.js";

/** How each of the game's commands is typed, for its help. */
export function commandNames(): CommandNames {
  const name = (path: string) => `${COMMAND_NAME} ${path}`;
  return {
    open: name("open"),
    join: name("lobby join"),
    start: name("lobby start"),
    character: name("character enter"),
    card: name("card cultist"),
    deal: name("deal"),
    status: name("status"),
    role: name("role"),
    turn: name("turn"),
    stars: name("stars play"),
    check: name("check"),
    attack: name("attack"),
    shoot: name("ranged"),
    steal: name("steal"),
    horror: name("horror"),
    wound: name("wound"),
    monster: name("monster spawn"),
    item: name("item add"),
    "elder-sign": name("elder-sign find"),
    reveal: name("reveal"),
    madness: name("madness"),
    goal: name("goal"),
    history: name("history"),
    settings: name("lobby settings"),
    undo: name("undo"),
    end: name("end"),
    help: name("help"),
  };
}

/** The game's help with the settings of this channel's game (the defaults when there is none). */
export async function cultistsHelp(
  interaction: Interaction,
  services: CultistsServices,
): Promise<GameMessage> {
  const table = tableOf(interaction);
  const game = table === undefined ? undefined : await services.cultists.read(table);
  return helpMessage(commandNames(), game?.settings ?? DEFAULT_SETTINGS);
}
