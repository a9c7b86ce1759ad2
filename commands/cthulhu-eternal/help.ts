import { isRefusal } from "../../src/games/cthulhu-eternal/presentation/refusals.js";
import { InteractionContextType, SlashCommandBuilder } from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import { truncate } from "../../src/core/discord/format.js";
import { closestNames } from "../../src/games/cthulhu-eternal/rules/closest-names.js";
import { embedsPerMessage } from "../../src/games/cthulhu-eternal/presentation/embed-pages.js";
import {
  detailEmbeds,
  overviewEmbeds,
  rulesInForceEmbed,
  unknownCommandText,
} from "../../src/games/cthulhu-eternal/presentation/help.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import type { Actor } from "../../src/core/access/actor.js";
import type { CampaignView } from "../../src/games/cthulhu-eternal/services/campaign-service.js";
import type { CampaignExtrasView } from "../../src/games/cthulhu-eternal/extras/extras-service.js";
import { campaignExtras } from "../../src/games/cthulhu-eternal/extras/campaign-extras.js";
import {
  commandName,
  extraCommandHelp,
  extrasHelpEmbed,
} from "../../src/games/cthulhu-eternal/extras/presentation.js";

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

/** This channel's campaign, or null when the server has none yet. */
async function campaignHere(services: BotServices, actor: Actor): Promise<CampaignView | null> {
  try {
    return await services.campaigns.current({ actor });
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

/** This channel's campaign's Extras, or null when the server has no campaign yet. */
async function extrasHere(services: BotServices, actor: Actor): Promise<CampaignExtrasView | null> {
  try {
    return await services.extras.inCampaign({ actor });
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

export const helpCommand: CommandModule = {
  definition,
  ephemeral: true,
  // The registry hands over what the bot registers, so new commands show up by themselves.
  execute: async (interaction, { reply, services, registered: definitions, gmOnly }) => {
    const wanted = interaction.options
      .getString("command")
      ?.replace(/^\//, "")
      .trim()
      .toLowerCase();
    let embeds;
    if (wanted) {
      const found = definitions.find((candidate) => candidate.name === wanted);
      if (!found) {
        const names = definitions.map((candidate) => candidate.name);
        throw new UserError(truncate(unknownCommandText(wanted, names), 1900));
      }
      const actor = actorFrom(interaction);
      const module = services.extras.modules.find((extra) => commandName(extra) === found.name);
      const help = module && extraCommandHelp(module, await extrasHere(services, actor));
      embeds = detailEmbeds(found, await campaignHere(services, actor), help, gmOnly);
    } else {
      const actor = actorFrom(interaction);
      const campaign = await campaignHere(services, actor);
      const { modules } = services.extras;
      embeds = [...overviewEmbeds(definitions, gmOnly), rulesInForceEmbed(campaign)];
      if (modules.length > 0) {
        const view = await extrasHere(services, actor);
        embeds.push(extrasHelpEmbed(modules, view, campaignExtras(modules, null)));
      }
    }
    for (const message of embedsPerMessage(embeds)) await reply.send({ embeds: message });
  },
  autocomplete: (interaction, { registered: definitions }) => {
    const typed = interaction.options.getFocused().replace(/^\//, "").trim().toLowerCase();
    const containing = definitions.filter((candidate) => candidate.name.includes(typed));
    // A typo ("sna") contains nothing: offer the closest names instead.
    const closest = closestNames(
      typed,
      definitions.map((candidate) => candidate.name),
    );
    const offered =
      containing.length > 0
        ? containing
        : definitions.filter((candidate) => closest.includes(candidate.name));
    return Promise.resolve(
      offered.map((candidate) => ({
        name: truncate(`/${candidate.name} — ${candidate.description}`, 100),
        value: candidate.name,
      })),
    );
  },
};
