import type * as core from "../../core/discord/command.js";
import type { SubcommandRow } from "../../core/discord/subcommands.js";
import type { BotServices } from "./game.js";

/** The core's command types, for Cthulhu Eternal's commands (their services: `BotServices`). */
export type CommandModule = core.CommandModule<BotServices>;
export type HandlerContext = core.HandlerContext<BotServices>;
export type ComponentContext = core.ComponentContext<BotServices>;
export type AutocompleteContext = core.AutocompleteContext<BotServices>;
export type ComponentHandler<I> = core.ComponentHandler<I, BotServices>;
export type SubcommandHandler = SubcommandRow<BotServices>["run"];
