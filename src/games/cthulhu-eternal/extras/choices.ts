import type { ApplicationCommandOptionChoiceData, SlashCommandSubcommandBuilder } from "discord.js";
import { truncate } from "../../../core/discord/format.js";
import { isRefusal } from "./commands.js";

/**
 * Autocomplete from what a module names (projects, substances, entities, talents): those whose
 * name holds what was typed, shown by `label`; nothing while there is no campaign here or the
 * module is off (the command itself says why).
 */
export async function namedChoices<T extends { name: string }>(
  load: () => Promise<readonly T[]>,
  typed: string,
  label: (item: T) => string = (item) => item.name,
): Promise<ApplicationCommandOptionChoiceData[]> {
  try {
    const wanted = typed.trim().toLowerCase();
    return (await load())
      .filter((item) => item.name.toLowerCase().includes(wanted))
      .map((item) => ({ name: truncate(label(item), 100), value: item.name }));
  } catch (error) {
    if (isRefusal(error)) return [];
    throw error;
  }
}

/** The optional `protagonist` option a module's subcommand ends with. */
export function protagonistOption(
  sub: SlashCommandSubcommandBuilder,
  description = "Who (default: your active Protagonist)",
): SlashCommandSubcommandBuilder {
  return sub.addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription(description)
      .setAutocomplete(true)
      .setMaxLength(64),
  );
}
