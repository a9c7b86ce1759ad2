import type { Game } from "../../src/core/discord/game.js";
import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import { eternalRefusalText } from "../../src/games/cthulhu-eternal/presentation/refusals.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import { rollCommand } from "./roll.js";
import { campaignCommand } from "./campaign.js";
import { helpCommand } from "./help.js";
import { protagonistCommand } from "./protagonist.js";
import { bondCommand } from "./bond.js";
import { sanCommand } from "./san.js";
import { historyCommand } from "./history.js";
import { hpCommand } from "./hp.js";
import { resourcesCommand } from "./resources.js";
import { undoCommand } from "./undo.js";
import { wpCommand } from "./wp.js";
import { extraCommands } from "../../src/games/cthulhu-eternal/extras/commands.js";
import type { ExtraModule } from "../../src/games/cthulhu-eternal/extras/module.js";
import { extraRefusalText, logLines } from "../../src/games/cthulhu-eternal/extras/presentation.js";
import { trainingExtra } from "../../src/games/cthulhu-eternal/extras/training/index.js";
import { entitiesExtra } from "../../src/games/cthulhu-eternal/extras/entities/index.js";
import { gearExtra } from "../../src/games/cthulhu-eternal/extras/gear/index.js";
import { corruptionExtra } from "../../src/games/cthulhu-eternal/extras/corruption/index.js";
import { substancesExtra } from "../../src/games/cthulhu-eternal/extras/substances/index.js";
import { craftingExtra } from "../../src/games/cthulhu-eternal/extras/crafting/index.js";
import { advancementExtra } from "../../src/games/cthulhu-eternal/extras/advancement/index.js";

/** The Extras the bot offers (each off until a GM switches it on in a campaign). */
export const extraModules: readonly ExtraModule[] = [
  trainingExtra,
  advancementExtra,
  craftingExtra,
  substancesExtra,
  corruptionExtra,
  entitiesExtra,
  gearExtra,
];

/** Every slash command of the bot; registration and routing both read this list. */
export const commands: readonly CommandModule[] = [
  rollCommand,
  campaignCommand,
  protagonistCommand,
  sanCommand,
  bondCommand,
  resourcesCommand,
  hpCommand,
  wpCommand,
  historyCommand,
  undoCommand,
  ...extraCommands(extraModules),
  helpCommand,
];

/** Cthulhu Eternal as the composition root plugs it in: its services, commands and words. */
export function cthulhuEternal(
  services: BotServices,
  only: readonly CommandModule[] = commands,
): Game<BotServices> {
  // An Extra's refusals are worded with the modules this bot offers.
  const lineOf = logLines(services.extras.modules);
  const refusalText = (error: unknown) =>
    eternalRefusalText(error, lineOf) ?? extraRefusalText(error, services.extras.modules);
  return { services, commands: only, refusalText };
}
