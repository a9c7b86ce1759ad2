import {
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { actorFrom } from "../../../../core/discord/actor.js";
import type { HandlerContext } from "../../command.js";
import { protagonistChoices, skillChoices } from "../../presentation/autocomplete.js";
import { protagonistIdOption } from "../../discord/protagonist-option.js";
import type { BotServices } from "../../game.js";
import { namedChoices } from "../choices.js";
import type { ExtraModule } from "../module.js";
import { approveText, talentCheckEmbed, trainingEmbed } from "./presentation.js";
import { MAX_SESSIONS_AT_ONCE } from "./rules.js";
import type { TrainingService } from "./service.js";

/** `/train`: the slash command of Training and Talents, one row per subcommand. */

function protagonistOption(sub: SlashCommandSubcommandBuilder, required = false) {
  return sub.addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription(required ? "Whose talent" : "Who trains (default: your active Protagonist)")
      .setRequired(required)
      .setAutocomplete(true)
      .setMaxLength(64),
  );
}

function skillOption(sub: SlashCommandSubcommandBuilder, description: string) {
  return sub.addStringOption((option) =>
    option
      .setName("skill")
      .setDescription(description)
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(100),
  );
}

const definition = new SlashCommandBuilder()
  .setName("train")
  .setDescription("Training and Talents (an Extra): train a skill, make talent checks.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    protagonistOption(
      skillOption(
        sub
          .setName("session")
          .setDescription("A training session (~8 hours) on one skill: +1, never above 99"),
        "The skill trained",
      ).addIntegerOption((option) =>
        option
          .setName("sessions")
          .setDescription("How many sessions at once (default 1)")
          .setMinValue(1)
          .setMaxValue(MAX_SESSIONS_AT_ONCE),
      ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      skillOption(
        sub
          .setName("talent")
          .setDescription("The talent check, after enough sessions on the skill"),
        "The skill trained",
      ).addStringOption((option) =>
        option
          .setName("name")
          .setDescription("The talent gained on a success, e.g. Keen Eye")
          .setRequired(true)
          .setMaxLength(100),
      ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub.setName("approve").setDescription("GM: confirm a talent a player gained (or rename it)"),
      true,
    )
      .addStringOption((option) =>
        option
          .setName("talent")
          .setDescription("The talent to confirm")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((option) =>
        option.setName("name").setDescription("Another name for it").setMaxLength(100),
      ),
  );

type Service = (services: BotServices) => TrainingService;

async function request(interaction: ChatInputCommandInteraction, services: BotServices) {
  const actor = actorFrom(interaction);
  return { actor, protagonistId: await protagonistIdOption(interaction, services, actor) };
}

export function trainingCommand(service: Service): ExtraModule["command"] {
  const session = async (
    interaction: ChatInputCommandInteraction,
    { reply, services }: HandlerContext,
  ) => {
    const outcome = await service(services).train({
      ...(await request(interaction, services)),
      skill: interaction.options.getString("skill", true),
      sessions: interaction.options.getInteger("sessions") ?? 1,
    });
    await reply.send({ embeds: [trainingEmbed(outcome)] });
  };
  const talent = async (
    interaction: ChatInputCommandInteraction,
    { reply, services }: HandlerContext,
  ) => {
    const outcome = await service(services).talentCheck({
      ...(await request(interaction, services)),
      skill: interaction.options.getString("skill", true),
      talent: interaction.options.getString("name", true),
    });
    await reply.send({ embeds: [talentCheckEmbed(outcome)] });
  };
  const approve = async (
    interaction: ChatInputCommandInteraction,
    { reply, services }: HandlerContext,
  ) => {
    const outcome = await service(services).approve({
      ...(await request(interaction, services)),
      talent: interaction.options.getString("talent", true),
      rename: interaction.options.getString("name"),
    });
    await reply.send(approveText(outcome));
  };
  return {
    definition,
    subcommands: {
      session: { run: session, writes: true },
      talent: { run: talent, writes: true },
      approve: { run: approve, writes: true, gmOnly: true },
    },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name === "protagonist")
        return protagonistChoices(interaction, services, focused.value);
      if (focused.name === "skill") return skillChoices(interaction, services, focused.value);
      if (focused.name !== "talent") return [];
      return namedChoices(
        () =>
          service(services).talentsOf({
            actor: actorFrom(interaction),
            protagonistId: interaction.options.getString("protagonist"),
          }),
        focused.value,
        (t) => `${t.name}${t.approved ? "" : " (awaiting a GM)"}`,
      );
    },
    help: {
      examples: [
        {
          command: "/train session skill:Alertness",
          does: "one training session: Alertness +1, one session toward a talent",
        },
        {
          command: "/train session skill:Firearms sessions:5",
          does: "a week of practice: five sessions at once",
        },
        {
          command: "/train talent skill:Alertness name:Keen Eye",
          does: "after 20 sessions: d100 at or under Alertness gains Keen Eye",
        },
        {
          command: "/train approve protagonist:Miriam talent:Keen Eye",
          does: "GM: confirm a talent a player gained",
        },
      ],
      notes: [
        "A GM switches the module on with `/campaign extras module:training enabled:True`.",
        "A failed talent check can be tried again after the next training session on that skill.",
      ],
    },
  };
}
