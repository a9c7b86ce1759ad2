import {
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import { choiceRefusal } from "../../../src/games/cthulhu-eternal/presentation/lookup-refusals.js";
import { SAN_COMMAND } from "../../../src/games/cthulhu-eternal/presentation/sanity-components.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import { threatLabel } from "../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import { THREAT_TYPES, type ThreatType } from "../../../src/games/cthulhu-eternal/rules/types.js";

/** What Discord is told about /san. */
export const definition = new SlashCommandBuilder()
  .setName(SAN_COMMAND)
  .setDescription("SAN test: 1D100 against current SAN, then the loss and what it sets off.")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName("loss")
      .setDescription("SAN loss as success/failure: 0/1D6, 1/1D4+1, 1D6/1D20")
      .setRequired(true)
      .setMaxLength(60),
  )
  .addStringOption((option) =>
    option
      .setName("threat")
      .setDescription("What kind of threat (adaptation applies to Violence and Helplessness)")
      .setRequired(true)
      .addChoices(...THREAT_TYPES.map((threat) => ({ name: threatLabel(threat), value: threat }))),
  )
  .addStringOption((option) =>
    option.setName("source").setDescription("What they faced (shown and logged)").setMaxLength(200),
  )
  .addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription("Which Protagonist (default: your active one)")
      .setAutocomplete(true),
  )
  .addBooleanOption((option) =>
    option
      .setName("all")
      .setDescription("GM: test every active Protagonist of the campaign at once"),
  )
  .addBooleanOption((option) =>
    option
      .setName("corrupting")
      .setDescription("Corruption (an Extra): the SAN lost lowers Max SAN as well"),
  );

/** The threat option, by value or by the label a player typed. */
export function threatOf(interaction: ChatInputCommandInteraction): ThreatType {
  const value = interaction.options.getString("threat", true);
  const threat =
    THREAT_TYPES.find((t) => t === value) ??
    THREAT_TYPES.find((t) => threatLabel(t).toLowerCase() === value.trim().toLowerCase());
  if (!threat) throw new UserError(choiceRefusal("threat", value, THREAT_TYPES.map(threatLabel)));
  return threat;
}
