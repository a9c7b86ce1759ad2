import { isRefusal } from "./refusals.js";
import type { ApplicationCommandOptionChoiceData, AutocompleteInteraction } from "discord.js";
import { actorFrom } from "../../../core/discord/actor.js";
import { truncate } from "../../../core/discord/format.js";
import { disorderText, isPendingDisorder } from "./disorders.js";
import type { BotServices } from "../game.js";
import type { DisorderSnapshot } from "../services/snapshot.js";

/** Discord shows at most 25 choices. */
const MAX_CHOICES = 25;

const choice = (name: string, value: string): ApplicationCommandOptionChoiceData<string> => ({
  name: truncate(name, 100),
  value,
});

async function orEmpty<T>(work: () => Promise<T[]>): Promise<T[]> {
  try {
    return await work();
  } catch (error) {
    if (isRefusal(error)) return [];
    throw error;
  }
}

/** The server's campaigns whose name contains the query, the default first. */
export async function campaignChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  const campaigns = await orEmpty(() => services.campaigns.list({ actor: actorFrom(interaction) }));
  const wanted = query.trim().toLowerCase();
  return campaigns
    .filter((campaign) => campaign.name.toLowerCase().includes(wanted))
    .slice(0, MAX_CHOICES)
    .map((campaign) =>
      choice(`${campaign.name}${campaign.isDefault ? " (default)" : ""}`, campaign.id),
    );
}

/**
 * The uncured disorders of the Protagonist in the `protagonist` option, those waiting for the GM
 * to name them first; with `erase:True`, the cured ones (only those can be erased).
 */
export async function disorderChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  const protagonistId = interaction.options.getString("protagonist");
  if (!protagonistId) return [];
  const views = await orEmpty(async () => [
    await services.protagonists.get({ actor: actorFrom(interaction), protagonistId }),
  ]);
  const disorders = views[0]?.protagonist.disorders ?? [];
  const cured = interaction.options.getBoolean("erase") ?? false;
  return sheetDisorderChoices(
    disorders.filter((d) => d.cured === cured),
    query,
    false,
  );
}

/**
 * Choices for a sheet's disorders whose name or wording contains the query: those waiting for the
 * GM to name them first; `markCured` when the list mixes cured and uncured ones.
 */
export function sheetDisorderChoices(
  disorders: readonly DisorderSnapshot[],
  query: string,
  markCured: boolean,
): ApplicationCommandOptionChoiceData<string>[] {
  const wanted = query.trim().toLowerCase();
  return disorders
    .map((d) => ({ ...d, text: disorderText(d, 100, true) }))
    .filter((d) => `${d.name}\n${d.text}`.toLowerCase().includes(wanted))
    .sort((a, b) => Number(isPendingDisorder(b.name)) - Number(isPendingDisorder(a.name)))
    .slice(0, MAX_CHOICES)
    .map((d) => choice(`${d.text}${markCured && d.cured ? " (cured)" : ""}`, d.id));
}
