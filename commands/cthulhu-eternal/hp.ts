import { InteractionContextType, SlashCommandBuilder } from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import { protagonistChoices } from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  lethalityEmbed,
  pointsEmbed,
} from "../../src/games/cthulhu-eternal/presentation/harm-embeds.js";
import {
  addPointsSubcommands,
  pointsRequest,
} from "../../src/games/cthulhu-eternal/presentation/points-subcommands.js";

const definition = new SlashCommandBuilder()
  .setName("hp")
  .setDescription("Hit points: damage, healing, corrections and lethality rolls.")
  .setContexts(InteractionContextType.Guild);
addPointsSubcommands(definition, "HP");
definition.addSubcommand((sub) =>
  sub
    .setName("lethality")
    .setDescription("A lethality roll: at or under the rating kills, else its digits are damage")
    .addIntegerOption((option) =>
      option
        .setName("rating")
        .setDescription("The weapon's lethality %")
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(100),
    )
    .addBooleanOption((option) =>
      option
        .setName("critical")
        .setDescription("The attack was a critical: rating and damage doubled"),
    )
    .addStringOption((option) =>
      option
        .setName("protagonist")
        .setDescription("Who is hit (default: your active Protagonist)")
        .setAutocomplete(true),
    ),
);

export const hpCommand: CommandModule = {
  definition,
  writes: true,
  execute: async (interaction, { reply, services }) => {
    const actor = actorFrom(interaction);
    const protagonistId = interaction.options.getString("protagonist");
    const points = pointsRequest(interaction);
    if (points) {
      const outcome = await services.harm.hp({ actor, protagonistId, ...points });
      return reply.send({ embeds: [pointsEmbed("HP", outcome)] });
    }
    const outcome = await services.harm.lethality({
      actor,
      protagonistId,
      rating: interaction.options.getInteger("rating", true),
      critical: interaction.options.getBoolean("critical") ?? false,
    });
    return reply.send({ embeds: [lethalityEmbed(outcome, interaction.user.displayName)] });
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "protagonist") return [];
    return protagonistChoices(interaction, services, focused.value);
  },
};
