import type { ChatInputCommandInteraction } from "discord.js";
import type { WriteDeclaration } from "./command.js";

/** What a command module declares about writing (any game's). */
interface Declares {
  readonly writes?: WriteDeclaration;
}

/** The invoked subcommand as a command module names it: "sub", "group sub", or "" for none. */
export function subcommandPath(interaction: ChatInputCommandInteraction): string {
  const group = interaction.options.getSubcommandGroup(false);
  const subcommand = interaction.options.getSubcommand(false);
  return [group, subcommand].filter((part) => part !== null && part !== "").join(" ");
}

/** Whether this slash command invocation changes the table, as its module declares. */
export function commandWrites(module: Declares, interaction: ChatInputCommandInteraction): boolean {
  const writes = module.writes ?? false;
  if (typeof writes === "boolean") return writes;
  if (writes.command === true) return true;
  return writes.subcommands?.includes(subcommandPath(interaction)) ?? false;
}

/** Whether the component (button, select menu, modal) with this action changes the table. */
export function componentWrites(module: Declares, action: string): boolean {
  const writes = module.writes ?? false;
  if (typeof writes === "boolean") return writes;
  return writes.components?.includes(action) ?? false;
}
