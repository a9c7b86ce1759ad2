import { InteractionContextType, SlashCommandBuilder } from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import { protagonistChoices } from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  exhaustionEmbed,
  pointsEmbed,
} from "../../src/games/cthulhu-eternal/presentation/harm-embeds.js";
import {
  addPointsSubcommands,
  pointsRequest,
} from "../../src/games/cthulhu-eternal/presentation/points-subcommands.js";

const definition = new SlashCommandBuilder()
  .setName("wp")
  .setDescription("Willpower points: loss, recovery, corrections, exhaustion and rest.")
  .setContexts(InteractionContextType.Guild);
addPointsSubcommands(definition, "WP");
for (const [name, description] of [
  ["exhaust", "Become exhausted: lose 1D6 WP and take a test penalty until rested"],
  ["rest", "Rest: regain 1D6 WP and shake off exhaustion"],
] as const) {
  definition.addSubcommand((sub) =>
    sub
      .setName(name)
      .setDescription(description)
      .addStringOption((option) =>
        option
          .setName("protagonist")
          .setDescription("Which Protagonist (default: your active one)")
          .setAutocomplete(true),
      ),
  );
}

export const wpCommand: CommandModule = {
  definition,
  writes: true,
  execute: async (interaction, { reply, services }) => {
    const actor = actorFrom(interaction);
    const protagonistId = interaction.options.getString("protagonist");
    const points = pointsRequest(interaction);
    if (points) {
      const outcome = await services.harm.wp({ actor, protagonistId, ...points });
      return reply.send({ embeds: [pointsEmbed("WP", outcome)] });
    }
    const action = interaction.options.getSubcommand() === "rest" ? "rest" : "exhaust";
    const outcome = await services.harm[action]({ actor, protagonistId });
    return reply.send({ embeds: [exhaustionEmbed(outcome, action)] });
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "protagonist") return [];
    return protagonistChoices(interaction, services, focused.value);
  },
};
