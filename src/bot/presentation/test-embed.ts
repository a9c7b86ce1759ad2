import type { APIEmbedField } from "discord.js";
import { OUTCOME_LABEL, type PercentileTestResult } from "../../rules/percentile.js";
import {
  builtEmbed,
  type BuiltEmbed,
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
}): BuiltEmbed {
  const { test } = options;
  const modifier =
    test.modifier === 0
      ? ""
      : ` (${test.rating} ${test.modifier > 0 ? "+" : "−"} ${Math.abs(test.modifier)})`;
  const title = `${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]} — ${options.label}`;
  const fields: APIEmbedField[] = [
    {
      name: "Roll",
      value: `**${percent(test.roll.value)}** (tens ${test.roll.tens}, ones ${test.roll.ones})`,
      inline: true,
    },
    { name: "Target", value: `${test.target}${modifier}`, inline: true },
  ];
  if (options.notes?.length) {
    fields.push({
      name: "Note",
      value: truncate(options.notes.join("\n"), EMBED_LIMITS.fieldValue),
    });
  }
  return builtEmbed({
    color: OUTCOME_COLOUR[test.outcome],
    author: { name: truncate(options.roller, EMBED_LIMITS.fieldName) },
    title: truncate(title, EMBED_LIMITS.title),
    ...(options.who ? { description: `**${userText(options.who)}**` } : {}),
    fields,
    footer: { text: truncate(test.reason, EMBED_LIMITS.footer) },
  });
}
