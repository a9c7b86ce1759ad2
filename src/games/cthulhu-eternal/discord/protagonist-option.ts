import type { ChatInputCommandInteraction } from "discord.js";
import type { Actor } from "../../../core/access/actor.js";
import type { BotServices } from "../game.js";

/** Protagonist ids are UUIDs; autocomplete always sends one. */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A Protagonist option (`protagonist` unless named) as an id. Autocomplete sends ids; a player who
 * typed a name and sent it without picking from the list gets the Protagonist of exactly that name
 * (any letter case), else the text goes through unchanged and the service says it was not found.
 */
export async function protagonistIdOption(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  actor: Actor,
  option = "protagonist",
): Promise<string | null> {
  const value = interaction.options.getString(option)?.trim();
  if (value === undefined || value === "") return null;
  if (ID_SHAPE.test(value)) return value;
  const found = await services.protagonists.search({ actor, query: value });
  const wanted = value.toLowerCase();
  return found.find((p) => p.name.toLowerCase() === wanted)?.id ?? value;
}
