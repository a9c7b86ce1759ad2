import { EmbedBuilder } from "discord.js";
import type { PlannedSharedAdversityStep } from "../rules/shared-adversity.js";
import type {
  SharedAdversityResult,
  SharedAdversityStep,
} from "../rules/shared-adversity-apply.js";
import { OUTCOME_LABEL } from "../rules/percentile.js";
import type { SharedAdversityTestOutcome } from "../services/downtime-service.js";
import type { PendingSharedAdversity } from "../services/shared-adversity-choices.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { OUTCOME_ICON, percent } from "./percentile-format.js";
import { fitField } from "./embed-pages.js";
import { rulesRefusalText } from "./rules-refusals.js";
import { bondChangeText, sharedAdversityResultText } from "./bond-reasons.js";

export const ADVERSITY_COLOUR = 0x95a5a6;

/** "Roll **97** vs SAN 65: ❌ Failure". */
function testLine(test: PendingSharedAdversity["test"]): string {
  return `Roll **${percent(test.roll.value)}** vs SAN ${test.target}: ${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]}`;
}

function names(fellows: readonly { name: string }[]): string {
  return fellows.map((fellow) => `**${userText(fellow.name)}**`).join(", ");
}

/** What a survivor's test means: nothing, Bonds with whom, a choice of five, or a refusal. */
function consequence(outcome: SharedAdversityTestOutcome): string {
  if (outcome.test.success) return "Nothing changes.";
  if (outcome.refusal !== null) return `⚠️ ${truncate(rulesRefusalText(outcome.refusal), 600)}`;
  if (outcome.toChoose > 0) {
    return `Bonds with ${outcome.toChoose} of ${names(outcome.fellows)}: the player chooses which.`;
  }
  return `Bonds with ${names(outcome.plan?.steps.map((step) => step.fellow) ?? outcome.fellows)}.`;
}

/** Every survivor's SAN test, and what it means for them. */
export function adversityTestEmbed(
  outcomes: readonly SharedAdversityTestOutcome[],
  others: readonly string[] = [],
): EmbedBuilder {
  const alsoThere =
    others.length > 0
      ? `\nAlso on the adventure: ${others.map((name) => userText(name)).join(", ")}. Bonds to them cannot pay.`
      : "";
  return new EmbedBuilder()
    .setColor(ADVERSITY_COLOUR)
    .setTitle("🤝 Bonds forged through shared adversity")
    .setDescription(
      truncate(
        `Every survivor rolls a SAN test. Those who fail form or deepen a Bond with each fellow survivor (up to five), and weaken another Bond for each.${alsoThere}`,
        EMBED_LIMITS.description,
      ),
    )
    .setFields(
      outcomes.map((outcome) =>
        fitField({
          name: userText(outcome.protagonist.name),
          value: `${testLine(outcome.test)}\n${consequence(outcome)}`,
        }),
      ),
    );
}

/** The choice of fellows, when more than five made it back. */
export function adversityFellowsEmbed(
  pending: PendingSharedAdversity,
  note?: string,
): EmbedBuilder {
  const name = userText(pending.protagonist.name);
  const embed = new EmbedBuilder()
    .setColor(ADVERSITY_COLOUR)
    .setTitle(truncate(`🤝 Shared adversity — ${name}`, EMBED_LIMITS.title))
    .setDescription(
      truncate(
        [
          testLine(pending.test),
          `**${name}** failed the SAN test, and ${pending.candidates.length} fellows made it back: choose the ${pending.toChoose} to form or deepen a Bond with. The others were on the adventure all the same, so Bonds to them cannot pay.`,
          "",
          names(pending.candidates),
        ].join("\n"),
        EMBED_LIMITS.description,
      ),
    )
    .setFooter({ text: "Only the player of this Protagonist, or a GM, can choose." });
  if (note) embed.addFields(fitField({ name: "Note", value: note }));
  return embed;
}

/** What one fellow's step does, before any die is rolled. */
export function plannedStepLine(step: PlannedSharedAdversityStep): string {
  const fellow = `**${userText(step.fellow.name)}**`;
  if (step.kind === "new-bond") {
    return `${fellow}: a new Bond at ${step.newBondScore ?? "half CHA"}; the Bond you choose loses 1D4.`;
  }
  const existing = step.existingBond;
  const bond = existing ? `“${userText(existing.name)}” ${existing.score}` : "the Bond";
  return `${fellow}: ${bond} deepens by 1D4 (never above CHA); the Bond you choose loses 1.`;
}

/**
 * The choice a failed survivor's player makes, one fellow at a time: what is chosen so far and
 * which fellow the menu below is for.
 */
export function adversityChoiceEmbed(
  pending: PendingSharedAdversity,
  steps: readonly PlannedSharedAdversityStep[],
  chosenNames: readonly string[],
  note?: string,
): EmbedBuilder {
  const name = userText(pending.protagonist.name);
  const lines = steps.map((step, index) => {
    const chosen = chosenNames[index];
    if (chosen !== undefined) return `✔️ ${plannedStepLine(step)} → **${userText(chosen)}**`;
    return `${index === chosenNames.length ? "👉" : "▫️"} ${plannedStepLine(step)}`;
  });
  const intro = pending.resuming
    ? `A Bond **${name}** chose broke earlier in this procedure: choose again for the fellows left.`
    : `**${name}** failed the SAN test. For each fellow, choose a Bond to weaken: not one to anyone who was on the adventure.`;
  const embed = new EmbedBuilder()
    .setColor(ADVERSITY_COLOUR)
    .setTitle(truncate(`🤝 Shared adversity — ${name}`, EMBED_LIMITS.title))
    .setDescription(
      truncate([testLine(pending.test), intro, "", ...lines].join("\n"), EMBED_LIMITS.description),
    )
    .setFooter({ text: "Only the player of this Protagonist, or a GM, can choose." });
  if (note) embed.addFields(fitField({ name: "Note", value: note }));
  return embed;
}

function appliedStepLines(step: SharedAdversityStep): string[] {
  const kind = step.kind === "new-bond" ? "new Bond" : "deepened";
  const lines = [
    `**${userText(step.fellow.name)}** (${kind}, ${step.fellowChange.before} → ${step.fellowChange.after}): ${userText(bondChangeText(step.fellowChange), 300)}`,
  ];
  if (step.weakened) {
    lines.push(
      `  ↳ “${userText(step.weakened.name)}” ${step.weakened.before} → ${step.weakened.after}: ${userText(bondChangeText(step.weakened), 300)}`,
    );
  } else {
    lines.push("  ↳ No other Bond was left to weaken.");
  }
  return lines;
}

/** What shared adversity did to a survivor: each new or deepened Bond and its cost, with dice. */
export function adversityResultEmbed(name: string, result: SharedAdversityResult): EmbedBuilder {
  const lines = result.steps.flatMap(appliedStepLines);
  return new EmbedBuilder()
    .setColor(ADVERSITY_COLOUR)
    .setTitle(truncate(`🤝 Shared adversity — ${userText(name)}`, EMBED_LIMITS.title))
    .setDescription(
      truncate(
        [
          ...lines,
          ...(lines.length ? [""] : []),
          userText(sharedAdversityResultText(result.reason), 1000),
        ].join("\n"),
        EMBED_LIMITS.description,
      ),
    );
}
