import {
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../../../core/discord/actor.js";
import type { HandlerContext } from "../../command.js";
import { protagonistIdOption } from "../../discord/protagonist-option.js";
import type { BotServices } from "../../game.js";
import { protagonistChoices } from "../../presentation/autocomplete.js";
import { protagonistOption } from "../choices.js";
import type { ExtraModule } from "../module.js";
import { downtimeCheckEmbed, secretImprovementsText } from "./presentation.js";
import type { AdvancementService } from "./service.js";

/** `/advance`: the slash command of Advancement in Downtime. */

const definition = new SlashCommandBuilder()
  .setName("advance")
  .setDescription("Advancement in Downtime (an Extra): the improvement check, at your choice.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("check")
        .setDescription("One d100: each marked skill at or below it gains 1 (once per downtime)"),
      "Who checks (default: your active Protagonist)",
    ),
  );

export function advancementCommand(
  service: (services: BotServices) => AdvancementService,
): ExtraModule["command"] {
  const check = async (
    interaction: ChatInputCommandInteraction,
    { reply, services }: HandlerContext,
  ) => {
    const actor = actorFrom(interaction);
    const outcome = await service(services).downtimeCheck({
      actor,
      protagonistId: await protagonistIdOption(interaction, services, actor),
    });
    await reply.send({ embeds: [downtimeCheckEmbed(outcome)] });
    const secret = secretImprovementsText(outcome);
    if (secret !== null) await reply.send({ content: secret, ephemeral: true });
  };
  return {
    definition,
    subcommands: { check: { run: check, writes: true } },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name !== "protagonist") return [];
      return protagonistChoices(interaction, services, focused.value);
    },
    help: {
      examples: [
        {
          command: "/advance check",
          does: "in downtime: d100, every marked skill at or below it +1 and unmarked",
        },
        {
          command: "/advance check protagonist:Miriam",
          does: "the check for one of your other Protagonists (a GM: for anyone's)",
        },
      ],
      notes: [
        "A downtime lasts until a GM ends the next session; the marks still there at session end improve as the campaign's `improvement` setting says.",
      ],
    },
  };
}
