import { EmbedBuilder, InteractionContextType, SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/bot/command.js";
import { DICE_LIMITS, rollDice, type DiceRoll } from "../src/rules/dice/index.js";

/** Embed titles hold at most 256 characters. */
const TITLE_MAX = 256;
const ROLL_COLOUR = 0x2f6f4f;

const definition = new SlashCommandBuilder()
  .setName("roll")
  .setDescription("Roll dice, e.g. 1d100, 2d6 + 1 or 4d6kh3.")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName("expression")
      .setDescription("Dice to roll: 1d100, 3d6, 2d10 + 4, 4d6kh3 (keep highest 3)…")
      .setRequired(true)
      .setMaxLength(DICE_LIMITS.maxLength),
  )
  .addBooleanOption((option) =>
    option.setName("secret").setDescription("Only you see the result."),
  );

/**
 * /roll. For now a dice expression rolled with the bot's RNG. The skill/stat/percentile tests and
 * the event log come with the roll service: `execute` will then ask `services.rolls` instead of
 * calling the rules directly, and the secret setting will follow the campaign's mode.
 */
export const rollCommand: CommandModule = {
  definition,
  ephemeral: (interaction) => interaction.options.getBoolean("secret") ?? false,
  execute: async (interaction, { reply, services }) => {
    const expression = interaction.options.getString("expression", true);
    // A bad expression throws the rules' DiceError, which the dispatcher shows privately.
    const roll = rollDice(expression, services.rng);
    await reply.send({ embeds: [diceRollEmbed(roll, interaction.user.displayName)] });
  },
};

/** Every die in roll order (dropped ones struck through), then the total in bold. */
export function diceRollEmbed(roll: DiceRoll, roller: string): EmbedBuilder {
  const title = `🎲 ${roll.expression}`;
  return new EmbedBuilder()
    .setColor(ROLL_COLOUR)
    .setAuthor({ name: roller })
    .setTitle(title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title)
    .setDescription(roll.text);
}
