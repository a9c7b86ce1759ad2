import type { Game } from "../../src/bot/game.js";
import type { CultistsServices } from "../../src/games/cultists-of-cthulhu/command.js";
import { cultistsCommand } from "./cultists.js";

/** The Cultists of Cthulhu companion as the composition root plugs it in. */
export function cultistsOfCthulhu(services: CultistsServices): Game<CultistsServices> {
  return { services, commands: [cultistsCommand] };
}
