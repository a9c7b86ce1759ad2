import { EmbedBuilder } from "discord.js";
import { OUTCOME_LABEL, type PercentileTestResult } from "../../rules/percentile.js";
import {
  OUTCOME_COLOUR,
  OUTCOME_ICON,
  percent,
  truncate,
  userText,
  EMBED_LIMITS,
} from "../format.js";

/** One percentile test at a glance: both dice, the target, and the outcome in colour. */
export function percentileEmbed(options: {
  test: PercentileTestResult;
  /** What was tested ("Occult", "INT ×5", "Luck"). */
  label: string;
  /** The Protagonist's name, if any (user text, escaped here). */
  who?: string | null;
  roller: string;
  notes?: readonly string[];
}): EmbedBuilder {
  const { test } = options;
  const modifier =
    test.modifier === 0
      ? ""
      : ` (${test.rating} ${test.modifier > 0 ? "+" : "−"} ${Math.abs(test.modifier)})`;
  const title = `${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]} — ${options.label}`;
  const embed = new EmbedBuilder()
    .setColor(OUTCOME_COLOUR[test.outcome])
    .setAuthor({ name: truncate(options.roller, EMBED_LIMITS.fieldName) })
    .setTitle(truncate(title, EMBED_LIMITS.title))
    .addFields(
      {
        name: "Roll",
        value: `**${percent(test.roll.value)}** (tens ${test.roll.tens}, ones ${test.roll.ones})`,
        inline: true,
      },
      { name: "Target", value: `${test.target}${modifier}`, inline: true },
    )
    .setFooter({ text: truncate(test.reason, EMBED_LIMITS.footer) });
  if (options.who) embed.setDescription(`**${userText(options.who)}**`);
  if (options.notes?.length) {
    embed.addFields({
      name: "Note",
      value: truncate(options.notes.join("\n"), EMBED_LIMITS.fieldValue),
    });
  }
  return embed;
}
