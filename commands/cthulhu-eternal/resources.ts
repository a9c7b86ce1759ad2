import {
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandIntegerOption,
  type SlashCommandStringOption,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule, SubcommandHandler } from "../../src/games/cthulhu-eternal/command.js";
import { subcommandTable } from "../../src/core/discord/subcommands.js";
import { protagonistChoices } from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import { pointsOrDice } from "../../src/games/cthulhu-eternal/presentation/points-or-dice.js";
import {
  resourceBoxesEmbed,
  resourceGainEmbed,
  resourceLossEmbed,
  resourceReplenishEmbed,
  resourceStatusEmbed,
  resourceTestEmbed,
} from "../../src/games/cthulhu-eternal/presentation/resource-embeds.js";
import { POOL_ACTIONS } from "../../src/games/cthulhu-eternal/presentation/pool-offer.js";
import type {
  ResourceDifficulty,
  ResourceLocation,
} from "../../src/games/cthulhu-eternal/rules/resources.js";
import { poolAccepted, poolCancelled, runPool } from "./resources/pool.js";

/** Fellow Protagonists a pool may add to your own (Discord allows 25 options per subcommand). */
const POOL_FELLOWS = 4;

const LOCATION_CHOICES = [
  { name: "at hand (far from vehicle and home)", value: "at-hand" },
  { name: "with vehicle (at hand + stowed)", value: "with-vehicle" },
  { name: "home (full rating)", value: "home" },
] as const satisfies readonly { name: string; value: ResourceLocation }[];

const DIFFICULTY_CHOICES = [
  { name: "normal", value: "normal" },
  { name: "hard to get (target halved)", value: "hard" },
  { name: "very hard to get (target quartered)", value: "very-hard" },
] as const satisfies readonly { name: string; value: ResourceDifficulty }[];

const withProtagonist = (sub: SlashCommandSubcommandBuilder, what = "Which Protagonist") =>
  sub.addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription(`${what} (default: your active one)`)
      .setAutocomplete(true),
  );

const whereOption = (option: SlashCommandStringOption, description: string) =>
  option
    .setName("where")
    .setDescription(description)
    .setRequired(true)
    .addChoices(...LOCATION_CHOICES);

const difficultyOption = (option: SlashCommandStringOption) =>
  option
    .setName("difficulty")
    .setDescription("How hard the item is to get (default: normal)")
    .addChoices(...DIFFICULTY_CHOICES);

const definition = new SlashCommandBuilder()
  .setName("resources")
  .setDescription("Resources: tests, pooling, gains, losses and check boxes.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("test")
        .setDescription("Look for something useful: 1D100 against effective Resources × 5")
        .addStringOption((option) => whereOption(option, "Where the Protagonist is"))
        .addStringOption(difficultyOption)
        .addIntegerOption((option) =>
          option
            .setName("specialised-cost")
            .setDescription("A very specialised item: Permanent Resources it costs on a success")
            .setMinValue(1)
            .setMaxValue(100),
        ),
    ),
  )
  .addSubcommand((sub) => {
    sub
      .setName("pool")
      .setDescription(
        "Pool Resources with fellow Protagonists (their players accept): the lead's + ⅕ of the others'",
      )
      .addStringOption((option) =>
        whereOption(option, "Where the group is (each fellow's default)"),
      );
    for (let i = 1; i <= POOL_FELLOWS; i += 1) {
      sub.addStringOption((option) =>
        option
          .setName(`with${i}`)
          .setDescription(`A fellow Protagonist who contributes`)
          .setRequired(i === 1)
          .setAutocomplete(true),
      );
    }
    for (let i = 1; i <= POOL_FELLOWS; i += 1) {
      sub.addStringOption((option) =>
        option
          .setName(`where${i}`)
          .setDescription(`Where with${i} is, if not with the group`)
          .addChoices(...LOCATION_CHOICES),
      );
    }
    sub.addStringOption(difficultyOption);
    return withProtagonist(sub, "Your contributing Protagonist");
  })
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("gain")
        .setDescription("GM: a cache plundered: roll above Resources × 5 to add your award")
        .addStringOption((option) =>
          option
            .setName("amount")
            .setDescription("The award: points (2) or dice (1D6)")
            .setRequired(true)
            .setMaxLength(60),
        ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("lose")
        .setDescription("GM: Resources lost (robbery, a lost vehicle, a destroyed home)")
        .addIntegerOption((option) =>
          option
            .setName("amount")
            .setDescription("Permanent Resources lost")
            .setRequired(true)
            .setMinValue(1)
            .setMaxValue(1000),
        )
        .addStringOption((option) =>
          option.setName("why").setDescription("What happened").setMaxLength(200),
        ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("status")
        .setDescription("Rating, where it is, check boxes and the target in each place"),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("check")
        .setDescription("Check Resource boxes by hand (a test rolled outside the bot)")
        .addIntegerOption(boxesOption),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("uncheck")
        .setDescription("GM: uncheck Resource boxes (a mistaken check)")
        .addIntegerOption(boxesOption),
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("replenish")
      .setDescription("GM, downtime: clear the Resource checks (default: every Protagonist)")
      .addStringOption((option) =>
        option
          .setName("protagonist")
          .setDescription("Only this Protagonist (default: all in the campaign)")
          .setAutocomplete(true),
      ),
  );

function boxesOption(option: SlashCommandIntegerOption): SlashCommandIntegerOption {
  return option
    .setName("boxes")
    .setDescription("How many boxes (default 1)")
    .setMinValue(1)
    .setMaxValue(3);
}

const isLocation = (value: string | null): value is ResourceLocation =>
  LOCATION_CHOICES.some((c) => c.value === value);
const isDifficulty = (value: string | null): value is ResourceDifficulty =>
  DIFFICULTY_CHOICES.some((c) => c.value === value);

function locationOption(interaction: ChatInputCommandInteraction, name: string) {
  const value = interaction.options.getString(name);
  return isLocation(value) ? value : null;
}

function difficultyOf(interaction: ChatInputCommandInteraction): ResourceDifficulty {
  const value = interaction.options.getString("difficulty");
  return isDifficulty(value) ? value : "normal";
}

/** Who acts, on which Protagonist, and the roller's name: what every subcommand reads. */
function callOf(interaction: ChatInputCommandInteraction) {
  return {
    actor: actorFrom(interaction),
    protagonistId: interaction.options.getString("protagonist"),
    roller: interaction.user.displayName,
  };
}

const testResources: SubcommandHandler = async (interaction, { reply, services }) => {
  const { actor, protagonistId, roller } = callOf(interaction);
  const outcome = await services.resources.test({
    actor,
    protagonistId,
    where: locationOption(interaction, "where") ?? "at-hand",
    difficulty: difficultyOf(interaction),
    specialisedCost: interaction.options.getInteger("specialised-cost"),
  });
  await reply.send({ embeds: [resourceTestEmbed(outcome, roller)] });
};

const poolResources: SubcommandHandler = async (interaction, context) => {
  const fellows = [];
  for (let i = 1; i <= POOL_FELLOWS; i += 1) {
    const fellow = interaction.options.getString(`with${i}`);
    if (fellow !== null) {
      fellows.push({ protagonistId: fellow, where: locationOption(interaction, `where${i}`) });
    }
  }
  await runPool(interaction, context, {
    where: locationOption(interaction, "where") ?? "at-hand",
    difficulty: difficultyOf(interaction),
    own: interaction.options.getString("protagonist"),
    fellows,
  });
};

const gainResources: SubcommandHandler = async (interaction, { reply, services }) => {
  const { actor, protagonistId, roller } = callOf(interaction);
  const outcome = await services.resources.gain({
    actor,
    protagonistId,
    amount: pointsOrDice(interaction.options.getString("amount", true)),
  });
  await reply.send({ embeds: [resourceGainEmbed(outcome, roller)] });
};

const loseResources: SubcommandHandler = async (interaction, { reply, services }) => {
  const { actor, protagonistId } = callOf(interaction);
  const why = interaction.options.getString("why");
  const outcome = await services.resources.lose({
    actor,
    protagonistId,
    amount: interaction.options.getInteger("amount", true),
    why,
  });
  await reply.send({ embeds: [resourceLossEmbed(outcome, why)] });
};

const resourceStatus: SubcommandHandler = async (interaction, { reply, services }) => {
  const { actor, protagonistId } = callOf(interaction);
  const status = await services.resources.status({ actor, protagonistId });
  await reply.send({ embeds: [resourceStatusEmbed(status)] });
};

const changeBoxes =
  (action: "check" | "uncheck"): SubcommandHandler =>
  async (interaction, { reply, services }) => {
    const { actor, protagonistId } = callOf(interaction);
    const outcome = await services.resources[action]({
      actor,
      protagonistId,
      boxes: interaction.options.getInteger("boxes") ?? 1,
    });
    await reply.send({ embeds: [resourceBoxesEmbed(outcome, action)] });
  };

const replenishResources: SubcommandHandler = async (interaction, { reply, services }) => {
  const { actor, protagonistId } = callOf(interaction);
  const outcome = await services.resources.replenish({
    actor,
    protagonistIds: protagonistId ? [protagonistId] : [],
  });
  await reply.send({ embeds: [resourceReplenishEmbed(outcome)] });
};

/** Each subcommand once: its handler, whether it writes, whether only the user sees it. */
export const RESOURCES_SUBCOMMANDS = subcommandTable({
  test: { run: testResources, writes: true },
  pool: { run: poolResources, writes: true },
  gain: { run: gainResources, writes: true, gmOnly: true },
  lose: { run: loseResources, writes: true, gmOnly: true },
  // A status check is a private look at one's own sheet; everything else happens at the table.
  status: { run: resourceStatus, private: true },
  check: { run: changeBoxes("check"), writes: true },
  uncheck: { run: changeBoxes("uncheck"), writes: true, gmOnly: true },
  replenish: { run: replenishResources, writes: true, gmOnly: true },
});

export const resourcesCommand: CommandModule = {
  definition,
  writes: {
    subcommands: RESOURCES_SUBCOMMANDS.writing,
    // The last acceptance rolls the pool.
    components: [POOL_ACTIONS.accept],
  },
  ephemeral: RESOURCES_SUBCOMMANDS.isPrivate,
  gmOnly: RESOURCES_SUBCOMMANDS.gmOnly,
  execute: RESOURCES_SUBCOMMANDS.execute,
  buttons: { [POOL_ACTIONS.accept]: poolAccepted, [POOL_ACTIONS.cancel]: poolCancelled },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "protagonist" || /^with\d$/.test(focused.name)) {
      return protagonistChoices(interaction, services, focused.value);
    }
    return [];
  },
};
