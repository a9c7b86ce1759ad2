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
import { STAT_NAMES, type StatName } from "../../rules/types.js";
import { protagonistOption } from "../choices.js";
import type { ExtraModule } from "../module.js";
import { attributeName, corruptionText } from "./presentation.js";
import { ATTRIBUTES, type Attribute } from "./rules.js";
import type { CorruptionService } from "./service.js";

/** `/corrupt`: the slash command of Corruption (HP, WP and SAN losses take `corrupting:True`). */

const definition = new SlashCommandBuilder()
  .setName("corrupt")
  .setDescription("Corruption (an Extra): corrupt a stat; GMs restore what corruption took.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("stat")
        .setDescription("A corrupting loss of a stat: it drops for good (HP and WP follow)")
        .addStringOption((option) =>
          option
            .setName("stat")
            .setDescription("The stat")
            .setRequired(true)
            .addChoices(STAT_NAMES.map((stat) => ({ name: stat, value: stat }))),
        )
        .addIntegerOption((option) =>
          option
            .setName("amount")
            .setDescription("Points lost")
            .setRequired(true)
            .setMinValue(1)
            .setMaxValue(99),
        ),
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("restore")
      .setDescription("GM: give back what corruption took (a ritual, an artefact)")
      .addStringOption((option) =>
        option
          .setName("protagonist")
          .setDescription("Whose")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(64),
      )
      .addStringOption((option) =>
        option
          .setName("attribute")
          .setDescription("What comes back")
          .setRequired(true)
          .addChoices(ATTRIBUTES.map((a) => ({ name: attributeName(a), value: a }))),
      )
      .addIntegerOption((option) =>
        option
          .setName("amount")
          .setDescription("Points restored")
          .setRequired(true)
          .setMinValue(1)
          .setMaxValue(99),
      ),
  );

function choiceOf<T extends string>(values: readonly T[], typed: string): T {
  const found = values.find((value) => value === typed);
  if (found === undefined) throw new Error(`"${typed}" is not one of the command's choices`);
  return found;
}

export function corruptionCommand(
  service: (services: BotServices) => CorruptionService,
): ExtraModule["command"] {
  const target = async (interaction: ChatInputCommandInteraction, services: BotServices) => {
    const actor = actorFrom(interaction);
    return { actor, protagonistId: await protagonistIdOption(interaction, services, actor) };
  };
  const stat = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).corruptStat({
      ...(await target(interaction, context.services)),
      stat: choiceOf<StatName>(STAT_NAMES, interaction.options.getString("stat", true)),
      amount: interaction.options.getInteger("amount", true),
    });
    await context.reply.send({ content: corruptionText(outcome, false) });
  };
  const restore = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).restore({
      ...(await target(interaction, context.services)),
      attribute: choiceOf<Attribute>(ATTRIBUTES, interaction.options.getString("attribute", true)),
      amount: interaction.options.getInteger("amount", true),
    });
    await context.reply.send({ content: corruptionText(outcome, true) });
  };
  return {
    definition,
    subcommands: {
      stat: { run: stat, writes: true },
      restore: { run: restore, writes: true, gmOnly: true },
    },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name !== "protagonist") return [];
      return protagonistChoices(interaction, services, focused.value);
    },
    help: {
      examples: [
        {
          command: "/san loss:1D4/1D10 threat:Unnatural corrupting:True",
          does: "a corrupting SAN loss: Max SAN drops by what is lost",
        },
        {
          command: "/hp damage amount:1D6 corrupting:True",
          does: "a corrupting wound: maximum HP drops as well (`/wp damage` alike)",
        },
        { command: "/corrupt stat stat:POW amount:2", does: "POW −2 for good; WP follows" },
        {
          command: "/corrupt restore protagonist:Miriam attribute:SAN amount:5",
          does: "GM: Max SAN +5 back (a ritual, an artefact)",
        },
      ],
      notes: [
        "At 0 (a stat, maximum HP, WP or SAN) the Protagonist is lost to corruption for good.",
      ],
    },
  };
}
