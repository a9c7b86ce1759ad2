import { EmbedBuilder } from "discord.js";
import { OUTCOME_LABEL, type PercentileOutcome, type PercentileRoll } from "../rules/percentile.js";
import type { ResourceQuality } from "../rules/resource-test.js";
import type { ResourceDifficulty, ResourceLocation } from "../rules/resources.js";
import type {
  ResourceBoxesOutcome,
  ResourceGainOutcome,
  ResourceLossOutcome,
  ResourcePoolOutcome,
  ResourceReplenishOutcome,
  ResourceStatus,
  ResourceTestOutcome,
} from "../services/resource-service.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { boxes, OUTCOME_COLOUR, OUTCOME_ICON, percent } from "./percentile-format.js";
import {
  pooledTestReasonText,
  resourceGainReasonText,
  resourceLossReasonText,
  resourceTestReasonText,
} from "./resource-reasons.js";
import { conditionsMath, targetText } from "./test-embed.js";

const RESOURCES_COLOUR = 0x8e6c3a;
const LOSS_COLOUR = 0xc0392b;

export const LOCATION_LABEL: Readonly<Record<ResourceLocation, string>> = {
  "at-hand": "at hand",
  "with-vehicle": "with vehicle",
  home: "home",
};

const DIFFICULTY_LABEL: Readonly<Record<ResourceDifficulty, string>> = {
  normal: "",
  hard: "hard to get",
  "very-hard": "very hard to get",
};

const DIFFICULTY_MATH: Readonly<Record<ResourceDifficulty, string>> = {
  normal: "",
  hard: " ÷ 2",
  "very-hard": " ÷ 4",
};

const QUALITY_TEXT: Readonly<Record<ResourceQuality, string>> = {
  best: "✨ The best quality available",
  standard: "Something helpful, of standard quality",
  "sub-standard": "Only just: the item is sub-standard",
};

const EXHAUSTED_NOTE =
  "Every Resource box is checked: no Resources test until the GM replenishes them in downtime (`/resources replenish`).";

/** Resources 0 has no box to replenish: only a gain gives the Protagonist something to test. */
const NO_RESOURCES_NOTE =
  "Resources 0: there is nothing to test. A Resources gain from the GM (`/resources gain`) would give some.";

/** Why no Resources test can be made now, or undefined while one can. */
function noTestNote(status: Pick<ResourceStatus, "exhausted" | "checkBoxes">): string | undefined {
  if (!status.exhausted) return undefined;
  return status.checkBoxes === 0 ? NO_RESOURCES_NOTE : EXHAUSTED_NOTE;
}

/** "☒☐☐ 1/3 checked", or a dash for Resources 0. */
function boxLine(checked: number, total: number): string {
  return total === 0
    ? "— (Resources 0: no boxes)"
    : `${boxes(checked, total)} ${checked}/${total} checked`;
}

function rollText(roll: PercentileRoll): string {
  return `**${percent(roll.value)}** (tens ${roll.tens}, ones ${roll.ones})`;
}

function outcomeTitle(outcome: PercentileOutcome, what: string): string {
  return truncate(
    `${OUTCOME_ICON[outcome]} ${OUTCOME_LABEL[outcome]} — ${what}`,
    EMBED_LIMITS.title,
  );
}

function found(quality: ResourceQuality | null): string {
  return quality === null ? "Nothing useful turns up" : QUALITY_TEXT[quality];
}

function withDifficulty(difficulty: ResourceDifficulty): string {
  const label = DIFFICULTY_LABEL[difficulty];
  return label ? `, ${label}` : "";
}

/** Rating, breakdown, boxes and the target in each place: everything a player checks before a test. */
export function resourceStatusEmbed(status: ResourceStatus): EmbedBuilder {
  const effective = (Object.keys(LOCATION_LABEL) as ResourceLocation[])
    .map((where) => {
      const rating = status.effective[where];
      return `${LOCATION_LABEL[where]}: **${rating}** (target ${rating * 5})`;
    })
    .join("\n");
  const embed = new EmbedBuilder()
    .setColor(RESOURCES_COLOUR)
    .setTitle(truncate(`🎒 Resources — ${userText(status.protagonist.name)}`, EMBED_LIMITS.title))
    .addFields(
      { name: "Rating", value: `**${status.rating}**`, inline: true },
      { name: "Check boxes", value: boxLine(status.checked, status.checkBoxes), inline: true },
      {
        name: "Breakdown",
        value: `at hand ${status.atHand} · stowed ${status.stowed} · in storage ${status.inStorage}`,
      },
      { name: "Effective rating", value: effective },
    );
  const note = noTestNote(status);
  if (note !== undefined) embed.setDescription(note);
  return embed;
}

/** A Resources test: the roll, the target and how it was reached, what was found, the boxes after. */
export function resourceTestEmbed(outcome: ResourceTestOutcome, roller: string): EmbedBuilder {
  const { result, status } = outcome;
  const where = LOCATION_LABEL[result.where];
  const notes: string[] = [];
  if (result.ratingAfter !== result.ratingBefore) {
    notes.push(
      `The specialised item costs Permanent Resources: ${result.ratingBefore} → ${result.ratingAfter}.`,
    );
  }
  const note = noTestNote(status);
  if (note !== undefined) notes.push(note);
  const embed = new EmbedBuilder()
    .setColor(OUTCOME_COLOUR[result.outcome])
    .setAuthor({ name: truncate(roller, EMBED_LIMITS.fieldName) })
    .setTitle(
      outcomeTitle(result.outcome, `Resources (${where}${withDifficulty(result.difficulty)})`),
    )
    .setDescription(`**${userText(outcome.protagonist.name)}**`)
    .addFields(
      { name: "Roll", value: rollText(result.roll), inline: true },
      {
        name: "Target",
        value: targetText(
          result.target,
          ` (${result.effectiveRating} ${where} × 5${DIFFICULTY_MATH[result.difficulty]}${conditionsMath(result.conditions)})`,
          result.conditions,
        ),
        inline: true,
      },
      { name: "Found", value: found(result.quality) },
      { name: "Boxes", value: boxLine(status.checked, status.checkBoxes) },
    )
    .setFooter({ text: truncate(resourceTestReasonText(result), EMBED_LIMITS.footer) });
  if (notes.length) {
    embed.addFields({ name: "Note", value: truncate(notes.join("\n"), EMBED_LIMITS.fieldValue) });
  }
  return embed;
}

/** A pooled test: each contribution, the roll against the pool, and whose box was checked. */
export function resourcePoolEmbed(
  outcome: ResourcePoolOutcome,
  whereOf: ReadonlyMap<string, ResourceLocation>,
  roller: string,
): EmbedBuilder {
  const { result, checked } = outcome;
  const contributions = result.pool.contributions
    .map((c) => {
      const where = LOCATION_LABEL[whereOf.get(c.id) ?? "at-hand"];
      const adds = c.lead
        ? `${c.added} (lead: full rating)`
        : `⌈${c.effectiveRating}/5⌉ = ${c.added}`;
      return `**${userText(c.name)}** — ${c.effectiveRating} ${where}, adds ${adds}`;
    })
    .join("\n");
  const lead = result.pool.contributions.find((c) => c.id === result.checkedContributorId);
  const leadName = userText(lead?.name ?? checked.protagonist.name);
  const box = result.success
    ? `**${leadName}** checks a box: ${boxLine(checked.checked, checked.checkBoxes)}`
    : `No box checked (${leadName}: ${boxLine(checked.checked, checked.checkBoxes)})`;
  const embed = new EmbedBuilder()
    .setColor(OUTCOME_COLOUR[result.outcome])
    .setAuthor({ name: truncate(roller, EMBED_LIMITS.fieldName) })
    .setTitle(outcomeTitle(result.outcome, `Pooled Resources${withDifficulty(result.difficulty)}`))
    .addFields(
      { name: "Contributions", value: truncate(contributions, EMBED_LIMITS.fieldValue) },
      { name: "Roll", value: rollText(result.roll), inline: true },
      {
        name: "Target",
        value: targetText(
          result.target,
          ` (pool ${result.pool.effectiveRating} × 5${DIFFICULTY_MATH[result.difficulty]}${conditionsMath(result.conditions)})`,
          result.conditions,
        ),
        inline: true,
      },
      { name: "Found", value: found(result.quality) },
      { name: "Boxes", value: truncate(box, EMBED_LIMITS.fieldValue) },
    )
    .setFooter({ text: truncate(pooledTestReasonText(result), EMBED_LIMITS.footer) });
  const note = noTestNote(checked);
  if (note !== undefined) embed.addFields({ name: "Note", value: note });
  return embed;
}

/** Plundering a cache: the roll must beat rating × 5; on success the award and the new rating. */
export function resourceGainEmbed(outcome: ResourceGainOutcome, roller: string): EmbedBuilder {
  const { result, status } = outcome;
  const award = result.awardRoll
    ? `+${result.gained} (${result.awardRoll.text})`
    : `+${result.gained}`;
  const embed = new EmbedBuilder()
    .setColor(result.success ? OUTCOME_COLOUR.success : OUTCOME_COLOUR.failure)
    .setAuthor({ name: truncate(roller, EMBED_LIMITS.fieldName) })
    .setTitle(
      truncate(
        `${result.success ? "📈 Resources gained" : "❌ No Resources gained"} — ${userText(outcome.protagonist.name)}`,
        EMBED_LIMITS.title,
      ),
    )
    .addFields(
      { name: "Roll", value: rollText(result.roll), inline: true },
      {
        name: "Needed",
        value: `above ${result.threshold} (${result.ratingBefore} × 5)`,
        inline: true,
      },
    )
    .setFooter({ text: truncate(resourceGainReasonText(result), EMBED_LIMITS.footer) });
  if (result.success) {
    embed.addFields(
      { name: "Award", value: truncate(award, EMBED_LIMITS.fieldValue), inline: true },
      { name: "Rating", value: `${result.ratingBefore} → **${result.ratingAfter}**`, inline: true },
      { name: "Boxes", value: boxLine(status.checked, status.checkBoxes) },
    );
  }
  return embed;
}

/** A GM's Resources loss: the rating before and after, why, and the boxes that remain. */
export function resourceLossEmbed(outcome: ResourceLossOutcome, why: string | null): EmbedBuilder {
  const { result, status } = outcome;
  const embed = new EmbedBuilder()
    .setColor(LOSS_COLOUR)
    .setTitle(
      truncate(`📉 Resources lost — ${userText(outcome.protagonist.name)}`, EMBED_LIMITS.title),
    )
    .addFields(
      { name: "Rating", value: `${result.ratingBefore} → **${result.ratingAfter}**`, inline: true },
      { name: "Boxes", value: boxLine(status.checked, status.checkBoxes), inline: true },
    )
    .setFooter({ text: truncate(resourceLossReasonText(result), EMBED_LIMITS.footer) });
  if (why) embed.setDescription(`Why: ${userText(why, 200)}`);
  return embed;
}

/** A manual box fix (check or uncheck): the boxes before and after. */
export function resourceBoxesEmbed(
  outcome: ResourceBoxesOutcome,
  action: "check" | "uncheck",
): EmbedBuilder {
  const { status } = outcome;
  const verb = action === "check" ? "checked" : "unchecked";
  const embed = new EmbedBuilder()
    .setColor(RESOURCES_COLOUR)
    .setTitle(
      truncate(
        `${action === "check" ? "☒" : "☐"} Resource boxes ${verb} — ${userText(outcome.protagonist.name)}`,
        EMBED_LIMITS.title,
      ),
    )
    .addFields({
      name: "Boxes",
      value: `${boxes(outcome.checkedBefore, status.checkBoxes)} → ${boxLine(status.checked, status.checkBoxes)}`,
    });
  const note = noTestNote(status);
  if (note !== undefined) embed.setDescription(note);
  return embed;
}

/** Downtime: every Protagonist whose boxes were cleared. */
export function resourceReplenishEmbed(outcome: ResourceReplenishOutcome): EmbedBuilder {
  const cleared = outcome.replenished.filter((r) => r.result.checkedBefore > 0);
  const lines = cleared.map(
    (r) =>
      `**${userText(r.protagonist.name)}**: ${boxes(r.result.checkedBefore, r.status.checkBoxes)} → ${boxes(0, r.status.checkBoxes)}`,
  );
  return new EmbedBuilder()
    .setColor(RESOURCES_COLOUR)
    .setTitle("🌙 Downtime: Resources replenished")
    .setDescription(
      lines.length
        ? truncate(lines.join("\n"), EMBED_LIMITS.description)
        : "No Resource box was checked: nothing to replenish.",
    );
}
