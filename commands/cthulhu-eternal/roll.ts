import { SKILL_NAME_MAX } from "../../src/games/cthulhu-eternal/rules/creation/index.js";
import {
  ApplicationIntegrationType,
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import { serverActorOf } from "../../src/core/discord/actor.js";
import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import {
  opponentChoices,
  protagonistChoices,
  skillChoices,
} from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import { secretRollDestination } from "../../src/games/cthulhu-eternal/presentation/secret-roll.js";
import { answerTestRoll, sendRoll, testEmbed } from "./roll-answer.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import { DICE_LIMITS, type DiceRoll } from "../../src/games/cthulhu-eternal/rules/dice/index.js";
import { STAT_NAMES } from "../../src/games/cthulhu-eternal/rules/types.js";
import type {
  TestSubject,
  VersusInput,
} from "../../src/games/cthulhu-eternal/services/roll-service.js";
import {
  builtEmbed,
  truncate,
  EMBED_LIMITS,
  type BuiltEmbed,
} from "../../src/core/discord/format.js";

const ROLL_COLOUR = 0x2f6f4f;

const definition = new SlashCommandBuilder()
  .setName("roll")
  .setDescription("Roll dice (1d100, 4d6kh3) or a test: a skill, a stat, Luck or a target.")
  // The one command for members' accounts too: dice, Luck and targets work in any DM or server.
  .setIntegrationTypes(
    ApplicationIntegrationType.GuildInstall,
    ApplicationIntegrationType.UserInstall,
  )
  .setContexts(
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  )
  .addStringOption((option) =>
    option
      .setName("expression")
      .setDescription("Dice to roll: 1d100, 3d6, 2d10 + 4, 4d6kh3 (keep highest 3)…")
      .setMaxLength(DICE_LIMITS.maxLength),
  )
  .addStringOption((option) =>
    option
      .setName("skill")
      .setDescription("A skill of your Protagonist (a percentile test)")
      .setAutocomplete(true)
      .setMaxLength(SKILL_NAME_MAX),
  )
  .addStringOption((option) =>
    option
      .setName("stat")
      .setDescription("A stat test (stat × 5)")
      .addChoices(...STAT_NAMES.map((stat) => ({ name: stat, value: stat }))),
  )
  .addBooleanOption((option) => option.setName("luck").setDescription("A Luck test (50%)"))
  .addIntegerOption((option) =>
    option
      .setName("target")
      .setDescription("A plain percentile test against this number (NPCs, quick tests)")
      .setMinValue(0)
      .setMaxValue(200),
  )
  .addIntegerOption((option) =>
    option
      .setName("modifier")
      .setDescription("Added to the target: +20 easy, −20 hard, ±40 extreme, or any number")
      .setMinValue(-100)
      .setMaxValue(100)
      .setAutocomplete(true),
  )
  .addIntegerOption((option) =>
    option
      .setName("versus")
      .setDescription("An opposed test: the other side's target (an NPC's Alertness 60…)")
      .setMinValue(0)
      .setMaxValue(200),
  )
  .addStringOption((option) =>
    option
      .setName("versus-label")
      .setDescription("Who or what the other side is, shown with its roll (the guard's Alertness)")
      .setMaxLength(SKILL_NAME_MAX),
  )
  .addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription("Which Protagonist (default: your active one)")
      .setAutocomplete(true),
  )
  .addBooleanOption((option) =>
    option
      .setName("secret")
      .setDescription("Only you see the result; it is logged for you and the GMs alone"),
  )
  .addStringOption((option) =>
    option
      .setName("opponent")
      .setDescription("Bestiary (an Extra): the entity tested against (its strengths, its tags)")
      .setAutocomplete(true)
      .setMaxLength(100),
  );

const MODIFIER_SUGGESTIONS = [20, -20, 40, -40];

/** Exactly one thing to roll; anything else is explained, and nothing is rolled. */
function subjectOf(interaction: ChatInputCommandInteraction): { expression: string } | TestSubject {
  const expression = interaction.options.getString("expression");
  const skill = interaction.options.getString("skill");
  const stat = interaction.options.getString("stat");
  const luck = interaction.options.getBoolean("luck");
  const target = interaction.options.getInteger("target");
  const chosen = [expression, skill, stat, luck ? true : null, target].filter((v) => v !== null);
  if (chosen.length !== 1) {
    throw new UserError(
      "Roll one thing at a time: give `expression`, `skill`, `stat`, `luck` or `target` (for example `/roll expression:1d100` or `/roll skill:Alertness`).",
    );
  }
  if (expression !== null) return { expression };
  if (skill !== null) return { kind: "skill", name: skill };
  if (stat !== null) return { kind: "stat", stat: STAT_NAMES.find((s) => s === stat) ?? "STR" };
  if (target !== null) return { kind: "target", target };
  return { kind: "luck" };
}

/** The other side of an opposed test, if asked for; dice cannot be opposed. */
function versusOf(
  interaction: ChatInputCommandInteraction,
  subject: { expression: string } | TestSubject,
): VersusInput | null {
  const target = interaction.options.getInteger("versus");
  const label = interaction.options.getString("versus-label");
  if (target === null) {
    if (label !== null) throw new UserError(VERSUS_LABEL_ALONE);
    return null;
  }
  if ("expression" in subject) throw new UserError(VERSUS_DICE);
  return { target, ...(label === null ? {} : { label }) };
}

export const rollCommand: CommandModule = {
  definition,
  // Logged, and a skill test may tick a failure mark: nothing later commands depend on.
  rolls: true,
  ephemeral: (interaction) => interaction.options.getBoolean("secret") ?? false,
  execute: async (interaction, { reply, services, log }) => {
    const subject = subjectOf(interaction);
    const versus = versusOf(interaction, subject);
    const actor = serverActorOf(interaction);
    if (actor === null) {
      await reply.send({ embeds: [rollOutsideServers(interaction, subject, versus, services)] });
      return;
    }
    const secret = interaction.options.getBoolean("secret") ?? false;
    const protagonistId = interaction.options.getString("protagonist");
    if ("expression" in subject) {
      const destination = secret ? await secretRollDestination(services, actor, null) : null;
      const { roll } = await services.rolls.rollExpression({
        actor,
        expression: subject.expression,
        secret,
      });
      const embed = diceRollEmbed(roll, interaction.user.displayName);
      await sendRoll(interaction, { reply, log }, actor, embed, destination?.gmChannelId, secret);
      return;
    }
    await answerTestRoll(interaction, { reply, services, log }, actor, {
      subject,
      modifier: interaction.options.getInteger("modifier") ?? 0,
      protagonistId,
      secret,
      versus,
      opponent: interaction.options.getString("opponent"),
    });
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "skill") return skillChoices(interaction, services, focused.value);
    if (focused.name === "opponent") return opponentChoices(interaction, services, focused.value);
    if (focused.name === "protagonist")
      return protagonistChoices(interaction, services, focused.value);
    if (focused.name === "modifier") {
      return MODIFIER_SUGGESTIONS.map((value) => ({
        name: value > 0 ? `+${value}` : `${value}`,
        value,
      }));
    }
    return [];
  },
};

const VERSUS_LABEL_ALONE =
  "`versus-label` names the other side of an opposed test: give its target with `versus` too (for example `/roll skill:Stealth versus:60 versus-label:the guard's Alertness`).";

const VERSUS_DICE =
  "Only a test can be opposed, not dice: roll a `skill`, `stat`, `luck` or `target` with `versus` (for example `/roll skill:Stealth versus:60`).";

const NEEDS_A_TABLE =
  "A skill or stat test rolls a Protagonist's sheet, and Protagonists live in a campaign, in a server the bot is in: roll it there. Here you can roll dice (`expression`), a `target` or `luck`.";

/**
 * A DM, a group DM, or a server that has the bot only on the roller's account: no campaign, so
 * dice, Luck and plain targets only, and nothing logged (no table there could read it).
 */
function rollOutsideServers(
  interaction: ChatInputCommandInteraction,
  subject: { expression: string } | TestSubject,
  versus: VersusInput | null,
  services: BotServices,
): BuiltEmbed {
  const roller = interaction.user.displayName;
  if ("expression" in subject) {
    return diceRollEmbed(services.unloggedRolls.rollExpression(subject), roller);
  }
  if (subject.kind === "skill" || subject.kind === "stat") throw new UserError(NEEDS_A_TABLE);
  const modifier = interaction.options.getInteger("modifier") ?? 0;
  const result = services.unloggedRolls.rollTest({ subject, modifier, versus });
  return testEmbed({ ...result, label: result.test.label ?? "Test", roller });
}

/** Every die in roll order (dropped ones struck through), then the total in bold. */
export function diceRollEmbed(roll: DiceRoll, roller: string): BuiltEmbed {
  return builtEmbed({
    color: ROLL_COLOUR,
    author: { name: truncate(roller, EMBED_LIMITS.fieldName) },
    title: truncate(`🎲 ${roll.expression}`, EMBED_LIMITS.title),
    description: roll.text,
  });
}
