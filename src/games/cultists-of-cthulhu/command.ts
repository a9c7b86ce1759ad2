import type * as core from "../../core/discord/command.js";
import type { CultistsService } from "./services/game-service.js";

/** What the Cultists of Cthulhu commands are handed: the game's own services, nothing else. */
export interface CultistsServices {
  readonly cultists: CultistsService;
}

/** The core's command types, for this game's commands. */
export type CommandModule = core.CommandModule<CultistsServices>;
export type HandlerContext = core.HandlerContext<CultistsServices>;
export type ComponentContext = core.ComponentContext<CultistsServices>;
export type AutocompleteContext = core.AutocompleteContext<CultistsServices>;
export type ComponentHandler<I> = core.ComponentHandler<I, CultistsServices>;
