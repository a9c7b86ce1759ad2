import { InteractionContextType, SlashCommandBuilder } from "discord.js";
import { actorFrom } from "../src/bot/actor.js";
import {
  definitionJson,
  type CommandModule,
  type SlashCommandDefinition,
} from "../src/bot/command.js";
import { truncate } from "../src/bot/format.js";
import { embedsPerMessage } from "../src/bot/presentation/embed-pages.js";
import { detailEmbeds, overviewEmbeds, rulesInForceEmbed } from "../src/bot/presentation/help.js";
import type { BotServices } from "../src/bot/services.js";
import { isUserFacingError, UserError } from "../src/bot/user-facing-error.js";
import type { Actor } from "../src/services/actor.js";
import type { CampaignView } from "../src/services/campaign-service.js";

const definition = new SlashCommandBuilder()
  .setName("help")
  .setDescription(
    "How to use the bot: every command, and the rules in force here (only you see it)",
  )
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName("command")
      .setDescription("One command in detail, e.g. campaign")
      .setAutocomplete(true)
      .setMaxLength(32),
  );

/**
 * What the bot registers, read from the command list so new commands show up by themselves.
 * Imported when needed: the list holds /help itself, and a static import would be a cycle.
 */
async function registeredDefinitions(): Promise<SlashCommandDefinition[]> {
  const { commands } = await import("./index.js");
  return commands.map((module) => definitionJson(module.definition));
}

/** This channel's campaign, or null when the server has none yet. */
async function campaignHere(services: BotServices, actor: Actor): Promise<CampaignView | null> {
  try {
    return await services.campaigns.current({ actor });
  } catch (error) {
    if (isUserFacingError(error)) return null;
    throw error;
  }
}

export const helpCommand: CommandModule = {
  definition,
  ephemeral: true,
  execute: async (interaction, { reply, services }) => {
    const definitions = await registeredDefinitions();
    const wanted = interaction.options
      .getString("command")
      ?.replace(/^\//, "")
      .trim()
      .toLowerCase();
    let embeds;
    if (wanted) {
      const found = definitions.find((candidate) => candidate.name === wanted);
      if (!found) {
        const names = definitions.map((candidate) => `\`/${candidate.name}\``).join(", ");
        throw new UserError(
          truncate(`There is no command \`/${wanted}\`. The commands are ${names}.`, 1900),
        );
      }
      embeds = detailEmbeds(found);
    } else {
      const campaign = await campaignHere(services, actorFrom(interaction));
      embeds = [...overviewEmbeds(definitions), rulesInForceEmbed(campaign)];
    }
    for (const message of embedsPerMessage(embeds)) await reply.send({ embeds: message });
  },
  autocomplete: async (interaction) => {
    const typed = interaction.options.getFocused().replace(/^\//, "").trim().toLowerCase();
    return (await registeredDefinitions())
      .filter((candidate) => candidate.name.includes(typed))
      .map((candidate) => ({
        name: truncate(`/${candidate.name} — ${candidate.description}`, 100),
        value: candidate.name,
      }));
  },
};
