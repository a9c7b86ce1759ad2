import type { ChatInputCommandInteraction, SlashCommandBuilder } from "discord.js";
import type { PointsAction } from "../services/harm-service.js";
import { pointsOrDice } from "./points-or-dice.js";

/** The protagonist option every /hp and /wp subcommand ends with. */
const protagonistOption = "protagonist";

/**
 * `damage`, `heal` (points or dice) and `set` (a number) — the subcommands /hp and /wp share.
 * `unit` names the points in the descriptions.
 */
export function addPointsSubcommands(builder: SlashCommandBuilder, unit: "HP" | "WP"): void {
  const verbs = [
    ["damage", `Lose ${unit}: points (3) or dice (1D6)`],
    ["heal", `Regain ${unit} (never above the maximum): points (2) or dice (1D4)`],
  ] as const;
  for (const [name, description] of verbs) {
    builder.addSubcommand((sub) => {
      sub
        .setName(name)
        .setDescription(description)
        .addStringOption((option) =>
          option
            .setName("amount")
            .setDescription("Points (3) or dice (1D6, 2D4+1)")
            .setRequired(true)
            .setMaxLength(60),
        )
        .addStringOption((option) =>
          option
            .setName(protagonistOption)
            .setDescription("Which Protagonist (default: your active one)")
            .setAutocomplete(true),
        );
      // A corrupting loss lowers the maximum too; the Corruption Extra takes it.
      if (name === "damage") {
        sub.addBooleanOption((option) =>
          option
            .setName("corrupting")
            .setDescription(`Corruption (an Extra): the maximum ${unit} drops as well`),
        );
      }
      return sub;
    });
  }

  builder.addSubcommand((sub) =>
    sub
      .setName("set")
      .setDescription(`Set current ${unit} (a correction)`)
      .addIntegerOption((option) =>
        option
          .setName("amount")
          .setDescription(`The new current ${unit}`)
          .setRequired(true)
          .setMinValue(0)
          .setMaxValue(999),
      )
      .addStringOption((option) =>
        option
          .setName(protagonistOption)
          .setDescription("Which Protagonist (default: your active one)")
          .setAutocomplete(true),
      ),
  );
}

/** The action and amount of a damage/heal/set subcommand, or null for any other subcommand. */
export function pointsRequest(
  interaction: ChatInputCommandInteraction,
): { action: PointsAction; amount: number | string; corrupting?: boolean } | null {
  const subcommand = interaction.options.getSubcommand();
  if (subcommand === "set") {
    return { action: "set", amount: interaction.options.getInteger("amount", true) };
  }
  if (subcommand === "damage" || subcommand === "heal") {
    return {
      action: subcommand,
      amount: pointsOrDice(interaction.options.getString("amount", true)),
      corrupting: interaction.options.getBoolean("corrupting") ?? false,
    };
  }
  return null;
}
