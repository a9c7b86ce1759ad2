import type { CommandModule } from "../src/bot/command.js";
import { rollCommand } from "./roll.js";

/** Every slash command of the bot; registration and routing both read this list. */
export const commands: readonly CommandModule[] = [rollCommand];
