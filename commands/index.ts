import type { SlashCommandDefinitionSource } from "../src/core/discord/command.js";
import { commands as cthulhuEternal } from "./cthulhu-eternal/index.js";
import { commands as cultistsOfCthulhu } from "./cultists-of-cthulhu/index.js";

/**
 * Every game's slash commands in the order src/main.ts routes them: what Discord is given
 * (registration needs only the definitions, no services).
 */
export const everyCommand: readonly { readonly definition: SlashCommandDefinitionSource }[] = [
  ...cthulhuEternal,
  ...cultistsOfCthulhu,
];
