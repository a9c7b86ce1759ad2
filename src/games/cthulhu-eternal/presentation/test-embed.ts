import type { APIEmbedField } from "discord.js";
import {
  OUTCOME_LABEL,
  type PercentileTestResult,
  type TestCondition,
} from "../rules/percentile.js";
import {
  builtEmbed,
  type BuiltEmbed,
  truncate,
  userText,
  EMBED_LIMITS,
} from "../../../core/discord/format.js";
import { OUTCOME_COLOUR, OUTCOME_ICON, percent } from "./percentile-format.js";
import { testReasonText } from "./test-reasons.js";

/** "Exhausted", or the name a module gave its condition. */
export function conditionLabel(condition: TestCondition): string {
  return condition.kind === "exhausted" ? "Exhausted" : condition.label;
}

/** " − 20" for a number added to a target. */
function signedTerm(value: number): string {
  return ` ${value > 0 ? "+" : "−"} ${Math.abs(value)}`;
}

/** " − 20" for each condition, to write after a target's sum. */
export function conditionsMath(conditions: readonly TestCondition[]): string {
  return conditions.map((condition) => signedTerm(condition.modifier)).join("");
}

/** "Exhausted −20": one line per condition that moved a target. */
export function conditionLines(conditions: readonly TestCondition[]): string[] {
  return conditions.map(
    (condition) =>
      `${conditionLabel(condition)} ${condition.modifier > 0 ? "+" : "−"}${Math.abs(condition.modifier)}`,
  );
}

/** The target field: the target, the sum that made it, and a line per condition. */
export function targetText(target: number, sum: string, conditions: readonly TestCondition[]) {
  return [`${target}${sum}`, ...conditionLines(conditions)].join("\n");
}

/** "**42** (tens 4, ones 2)": the roll and both dice. */
export function rollText(test: PercentileTestResult): string {
  return `**${percent(test.roll.value)}** (tens ${test.roll.tens}, ones ${test.roll.ones})`;
}

/** A test's target with the rating, modifier and conditions that made it, when any did. */
export function testTargetText(test: PercentileTestResult): string {
  const terms = `${test.modifier === 0 ? "" : signedTerm(test.modifier)}${conditionsMath(test.conditions)}`;
  const sum = terms === "" ? "" : ` (${test.rating}${terms})`;
  return targetText(test.target, sum, test.conditions);
}

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
  const title = `${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]} — ${options.label}`;
  const fields: APIEmbedField[] = [
    { name: "Roll", value: rollText(test), inline: true },
    { name: "Target", value: testTargetText(test), inline: true },
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
    footer: { text: truncate(testReasonText(test), EMBED_LIMITS.footer) },
  });
}
