import { isRefusal } from "./refusals.js";
import type { ApplicationCommandOptionChoiceData, AutocompleteInteraction } from "discord.js";
import { actorFrom } from "../../../core/discord/actor.js";
import type { BotServices } from "../game.js";

/** A choice; the dispatcher fits the list to Discord's limits. */
const choice = (name: string, value: string): ApplicationCommandOptionChoiceData<string> => ({
  name,
  value,
});

/** Nothing to offer (no campaign yet, no Protagonist) is an empty list, not an error. */
async function orEmpty<T>(work: () => Promise<T[]>): Promise<T[]> {
  try {
    return await work();
  } catch (error) {
    if (isRefusal(error)) return [];
    throw error;
  }
}

/** The value of the `protagonist` option typed so far, if the command has one. */
export function chosenProtagonist(interaction: AutocompleteInteraction): string | null {
  try {
    return interaction.options.getString("protagonist") ?? null;
  } catch {
    return null;
  }
}

export async function protagonistChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
  mine = false,
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  const found = await orEmpty(() =>
    services.protagonists.search({ actor: actorFrom(interaction), query, mine }),
  );
  return found.map((p) => choice(p.status === "active" ? p.name : `${p.name} (${p.status})`, p.id));
}

/** The bestiary's entities the member may name (hidden ones for GMs alone). */
export async function opponentChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  const names = await orEmpty(() => services.rolls.opponents({ actor: actorFrom(interaction) }));
  const wanted = query.trim().toLowerCase();
  return names
    .filter((name) => name.toLowerCase().includes(wanted))
    .map((name) => choice(name, name));
}

export async function skillChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  const found = await orEmpty(() =>
    services.protagonists.skillsOf({
      actor: actorFrom(interaction),
      protagonistId: chosenProtagonist(interaction),
      query,
    }),
  );
  return found.map((s) => choice(`${s.name} ${s.rating}%${s.failureMarked ? " ☒" : ""}`, s.name));
}

/** Which Bonds a command offers: standing ones, crossed-off ones (to erase), or all. */
export type BondsOffered = "standing" | "crossed-off" | "all";

export async function bondChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
  offered: BondsOffered = "standing",
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  const found = await orEmpty(() =>
    services.protagonists.bondsOf({
      actor: actorFrom(interaction),
      protagonistId: chosenProtagonist(interaction),
      query,
      includeBroken: offered !== "standing",
    }),
  );
  const shown = offered === "crossed-off" ? found.filter((b) => b.crossedOff) : found;
  return shown.map((b) =>
    choice(
      `${b.crossedOff ? "~~" : ""}${b.name} (${b.kind}, ${b.score})${b.crossedOff ? "~~ broken" : ""}`,
      b.id,
    ),
  );
}
