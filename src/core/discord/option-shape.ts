import {
  ApplicationCommandOptionType,
  type APIApplicationCommandOption,
  type CommandInteractionOption,
} from "discord.js";
import type { SlashCommandDefinition } from "./command.js";

/**
 * Why an interaction's options do not fit the command as the bot defines it now, or undefined
 * when they fit. Discord checks options against the definition it shows the user; a client with
 * an older list (after an update, before Discord refreshes it) sends the old shape: removed
 * subcommands, renamed options, changed types, newly required options. Handlers then never see a
 * shape they were not written for.
 *
 * Autocomplete is checked without required options: the user has not filled them in yet.
 */
export function optionShapeProblem(
  definition: SlashCommandDefinition,
  given: readonly CommandInteractionOption[],
  purpose: "command" | "autocomplete",
): string | undefined {
  return problemIn(definition.options ?? [], given, purpose, definition.name);
}

const NESTING: ReadonlySet<ApplicationCommandOptionType> = new Set([
  ApplicationCommandOptionType.Subcommand,
  ApplicationCommandOptionType.SubcommandGroup,
]);

function problemIn(
  defined: readonly APIApplicationCommandOption[],
  given: readonly CommandInteractionOption[],
  purpose: "command" | "autocomplete",
  path: string,
): string | undefined {
  const nested = defined.filter((option) => NESTING.has(option.type));
  if (nested.length > 0) {
    const [chosen, ...rest] = given;
    if (chosen === undefined || rest.length > 0) return `/${path} needs exactly one subcommand`;
    const match = nested.find((o) => o.name === chosen.name && o.type === chosen.type);
    if (match === undefined) return `/${path} has no subcommand ${chosen.name}`;
    const children = "options" in match ? (match.options ?? []) : [];
    return problemIn(children, chosen.options ?? [], purpose, `${path} ${chosen.name}`);
  }
  for (const option of given) {
    const match = defined.find((o) => o.name === option.name);
    if (match === undefined) return `/${path} has no option ${option.name}`;
    if (match.type !== option.type) {
      return `/${path} option ${option.name} is of type ${String(match.type)}, not ${String(option.type)}`;
    }
  }
  if (purpose === "command") {
    const missing = defined.find(
      (option) => option.required === true && !given.some((g) => g.name === option.name),
    );
    if (missing !== undefined) return `/${path} needs option ${missing.name}`;
  }
  return undefined;
}
