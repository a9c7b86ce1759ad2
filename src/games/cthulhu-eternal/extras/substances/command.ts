import {
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { actorFrom } from "../../../../core/discord/actor.js";
import type { HandlerContext } from "../../command.js";
import { protagonistIdOption } from "../../discord/protagonist-option.js";
import type { BotServices } from "../../game.js";
import { protagonistChoices } from "../../presentation/autocomplete.js";
import { namedChoices, protagonistOption } from "../choices.js";
import type { ExtraModule } from "../module.js";
import { catalogueEmbed, catalogueText, dailyEmbed, takeEmbed } from "./presentation.js";
import type { SubstancesService } from "./service.js";
import { EFFECT_MAX } from "./state.js";

/** `/substance`: the slash command of Substances. */

function substanceOption(sub: SlashCommandSubcommandBuilder, name: string) {
  return sub.addStringOption((option) =>
    option
      .setName(name)
      .setDescription("The substance, from the campaign's list")
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(100),
  );
}

const definition = new SlashCommandBuilder()
  .setName("substance")
  .setDescription("Substances (an Extra): take one, test against dependence; GMs keep the list.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    protagonistOption(
      substanceOption(
        sub.setName("take").setDescription("Take a substance: a CON × 5 test decides its effects"),
        "substance",
      ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("daily")
        .setDescription("The daily CON × 5 test against dependence: a success clears it"),
    ),
  )
  .addSubcommand((sub) =>
    sub.setName("list").setDescription("The campaign's substances and their effects"),
  )
  .addSubcommand((sub) =>
    sub
      .setName("add")
      .setDescription("GM: add a substance to the campaign's list")
      .addStringOption((option) =>
        option.setName("name").setDescription("e.g. Laudanum").setRequired(true).setMaxLength(100),
      )
      .addIntegerOption((option) =>
        option
          .setName("potency")
          .setDescription("Taking it is easy when current HP is above this")
          .setRequired(true)
          .setMinValue(0)
          .setMaxValue(99),
      )
      .addStringOption((option) =>
        option
          .setName("beneficial")
          .setDescription("Its beneficial effects")
          .setMaxLength(EFFECT_MAX),
      )
      .addStringOption((option) =>
        option.setName("harmful").setDescription("Its harmful effects").setMaxLength(EFFECT_MAX),
      )
      .addBooleanOption((option) =>
        option.setName("addictive").setDescription("Can it make the taker dependent?"),
      ),
  )
  .addSubcommand((sub) =>
    substanceOption(
      sub.setName("remove").setDescription("GM: take a substance off the campaign's list"),
      "name",
    ),
  );

export function substancesCommand(
  service: (services: BotServices) => SubstancesService,
): ExtraModule["command"] {
  const target = async (interaction: ChatInputCommandInteraction, services: BotServices) => {
    const actor = actorFrom(interaction);
    return { actor, protagonistId: await protagonistIdOption(interaction, services, actor) };
  };
  const take = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).take({
      ...(await target(interaction, context.services)),
      substance: interaction.options.getString("substance", true),
    });
    await context.reply.send({ embeds: [takeEmbed(outcome)] });
  };
  const daily = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).daily(
      await target(interaction, context.services),
    );
    await context.reply.send({ embeds: [dailyEmbed(outcome)] });
  };
  const list = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const view = await service(context.services).catalogue({ actor: actorFrom(interaction) });
    await context.reply.send({ embeds: [catalogueEmbed(view)] });
  };
  const add = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const { options } = interaction;
    const outcome = await service(context.services).add({
      actor: actorFrom(interaction),
      name: options.getString("name", true),
      potency: options.getInteger("potency", true),
      beneficial: options.getString("beneficial") ?? "",
      harmful: options.getString("harmful") ?? "",
      addictive: options.getBoolean("addictive") ?? false,
    });
    await context.reply.send({ content: catalogueText(outcome, true) });
  };
  const remove = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).remove({
      actor: actorFrom(interaction),
      name: interaction.options.getString("name", true),
    });
    await context.reply.send({ content: catalogueText(outcome, false) });
  };
  return {
    definition,
    subcommands: {
      take: { run: take, writes: true },
      daily: { run: daily, writes: true },
      list: { run: list },
      add: { run: add, writes: true, gmOnly: true },
      remove: { run: remove, writes: true, gmOnly: true },
    },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name === "protagonist")
        return protagonistChoices(interaction, services, focused.value);
      if (focused.name !== "substance" && focused.name !== "name") return [];
      return namedChoices(
        async () =>
          (await service(services).catalogue({ actor: actorFrom(interaction) })).substances,
        focused.value,
        (s) => `${s.name} — potency ${s.potency}${s.addictive ? ", addictive" : ""}`,
      );
    },
    help: {
      examples: [
        {
          command:
            "/substance add name:Laudanum potency:8 beneficial:No pain for an hour harmful:Drowsy: Alertness hard addictive:True",
          does: "GM: a substance on the campaign's list",
        },
        {
          command: "/substance take substance:Laudanum",
          does: "CON × 5 (easy if HP is above 8): which effects come, and maybe dependence",
        },
        {
          command: "/substance daily",
          does: "the daily CON × 5 test: a success ends the dependence",
        },
        { command: "/substance list", does: "the campaign's substances, for the table" },
      ],
      notes: [
        "While dependent, every skill and stat test is hard (−20), shown on the roll beside exhaustion; a dose relieves it until the next daily test.",
      ],
    },
  };
}
