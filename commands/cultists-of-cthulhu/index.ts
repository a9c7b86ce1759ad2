import type { Game } from "../../src/core/discord/game.js";
import type {
  CommandModule,
  CultistsServices,
} from "../../src/games/cultists-of-cthulhu/command.js";
import { cultistsCommand } from "./cultists.js";

/** Every slash command of the Cultists of Cthulhu companion. */
export const commands: readonly CommandModule[] = [cultistsCommand];

/** The Cultists of Cthulhu companion as the composition root plugs it in. */
export function cultistsOfCthulhu(services: CultistsServices): Game<CultistsServices> {
  return { services, commands };
}
