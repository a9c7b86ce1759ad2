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
import { protagonistChoices, skillChoices } from "../../presentation/autocomplete.js";
import { namedChoices, protagonistOption } from "../choices.js";
import type { ExtraModule } from "../module.js";
import { abandonText, progressBar, projectsEmbed, startEmbed, workEmbed } from "./presentation.js";
import { GEAR_QUALITIES, MAX_COMPLEXITY, type GearQuality } from "./rules.js";
import type { CraftingService } from "./service.js";

/** `/craft`: the slash command of Crafting. */

function projectOption(sub: SlashCommandSubcommandBuilder) {
  return sub.addStringOption((option) =>
    option
      .setName("project")
      .setDescription("The project")
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(100),
  );
}

const GEAR_WORDS: Readonly<Record<GearQuality, string>> = {
  usual: "Usual gear",
  good: "Fine gear (easy, +20)",
  poor: "Poor or no gear (hard, −20)",
};

const definition = new SlashCommandBuilder()
  .setName("craft")
  .setDescription("Crafting (an Extra): projects advanced by skill tests.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("start")
        .setDescription("Start a project: its name, the skill that makes it, its complexity")
        .addStringOption((option) =>
          option
            .setName("name")
            .setDescription("What is made, e.g. Silver dagger")
            .setRequired(true)
            .setMaxLength(100),
        )
        .addStringOption((option) =>
          option
            .setName("skill")
            .setDescription("The skill each work attempt tests")
            .setRequired(true)
            .setAutocomplete(true)
            .setMaxLength(100),
        )
        .addIntegerOption((option) =>
          option
            .setName("complexity")
            .setDescription("Progress needed (default: the campaign's, usually 100)")
            .setMinValue(1)
            .setMaxValue(MAX_COMPLEXITY),
        ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      projectOption(
        sub.setName("work").setDescription("A work attempt: a test of the project's skill"),
      )
        .addStringOption((option) =>
          option
            .setName("gear")
            .setDescription("The gear's quality (default: usual)")
            .addChoices(GEAR_QUALITIES.map((value) => ({ name: GEAR_WORDS[value], value }))),
        )
        .addBooleanOption((option) =>
          option.setName("careful").setDescription("Work carefully: easy (+20), but slower"),
        ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      projectOption(
        sub
          .setName("abandon")
          .setDescription("Give a project up, or put a finished one away (the log keeps it)"),
      ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub.setName("list").setDescription("A Protagonist's projects, for the table"),
    ),
  );

async function request(interaction: ChatInputCommandInteraction, services: BotServices) {
  const actor = actorFrom(interaction);
  return { actor, protagonistId: await protagonistIdOption(interaction, services, actor) };
}

function gearOf(interaction: ChatInputCommandInteraction): GearQuality {
  const typed = interaction.options.getString("gear") ?? "usual";
  return GEAR_QUALITIES.find((quality) => quality === typed) ?? "usual";
}

export function craftingCommand(
  service: (services: BotServices) => CraftingService,
): ExtraModule["command"] {
  const start = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).start({
      ...(await request(interaction, context.services)),
      name: interaction.options.getString("name", true),
      skill: interaction.options.getString("skill", true),
      complexity: interaction.options.getInteger("complexity"),
    });
    await context.reply.send({ embeds: [startEmbed(outcome)] });
  };
  const work = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).work({
      ...(await request(interaction, context.services)),
      project: interaction.options.getString("project", true),
      gear: gearOf(interaction),
      careful: interaction.options.getBoolean("careful") ?? false,
    });
    await context.reply.send({ embeds: [workEmbed(outcome)] });
  };
  const abandon = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).abandon({
      ...(await request(interaction, context.services)),
      project: interaction.options.getString("project", true),
    });
    await context.reply.send({ content: abandonText(outcome) });
  };
  const list = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const view = await service(context.services).projects(
      await request(interaction, context.services),
    );
    await context.reply.send({ embeds: [projectsEmbed(view)] });
  };
  return {
    definition,
    subcommands: {
      start: { run: start, writes: true },
      work: { run: work, writes: true },
      abandon: { run: abandon, writes: true },
      list: { run: list },
    },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name === "protagonist")
        return protagonistChoices(interaction, services, focused.value);
      if (focused.name === "skill") return skillChoices(interaction, services, focused.value);
      if (focused.name !== "project") return [];
      return namedChoices(
        async () =>
          (
            await service(services).projects({
              actor: actorFrom(interaction),
              protagonistId: interaction.options.getString("protagonist"),
            })
          ).projects,
        focused.value,
        (p) => `${p.name} — ${progressBar(p.progress, p.complexity)}`,
      );
    },
    help: {
      examples: [
        {
          command: "/craft start name:Silver dagger skill:Craft (Metalwork) complexity:100",
          does: "a project of complexity 100, advanced by Craft (Metalwork) tests",
        },
        {
          command: "/craft work project:Silver dagger gear:good",
          does: "a work attempt with fine tools (easy): a success adds the roll",
        },
        {
          command: "/craft work project:Silver dagger careful:True",
          does: "careful work: easy, and it takes longer",
        },
        { command: "/craft list", does: "the projects and their progress, for the table" },
        { command: "/craft abandon project:Silver dagger", does: "give the project up (logged)" },
      ],
      notes: [
        "A critical success adds twice the roll; a fumble takes the roll's value away.",
        "A failed work attempt ticks the skill's failure mark, as any failed skill test.",
      ],
    },
  };
}
