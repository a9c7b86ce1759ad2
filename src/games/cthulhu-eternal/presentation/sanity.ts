import { SHEET_LIMITS } from "../rules/sheet-limits.js";
import { EmbedBuilder, type APIEmbedField } from "discord.js";
import { OUTCOME_LABEL } from "../rules/percentile.js";
import {
  ADAPTATION_BOXES,
  threatLabel,
  type LossRoll,
  type ProjectionSummary,
  type RepressionResult,
  type SanityEvent,
  type SanityTestResult,
  type SanTestOutcome as RolledSanTest,
} from "../rules/sanity/index.js";
import type { Condition, ConditionCode } from "../rules/conditions.js";
import type { ThreatType } from "../rules/types.js";
import {
  builtEmbed,
  type BuiltEmbed,
  EMBED_LIMITS,
  truncate,
  userText,
} from "../../../core/discord/format.js";
import { boxes, OUTCOME_COLOUR, OUTCOME_ICON, percent } from "./percentile-format.js";
import { untoldNews } from "./conditions.js";
import { sanTestReasonText } from "./test-reasons.js";

/** Insanity outranks the roll's colour: it is what the table must notice. */
const INSANE_COLOUR = 0x8e44ad;
/** A group's results are mixed; its colour only flags insanity. */
const GROUP_COLOUR = 0x34495e;

/** The test itself: both dice and the target, or the automatic success of an adapted Protagonist. */
export function rollText(test: RolledSanTest): string {
  if (test.automatic) return "Adapted: automatic success";
  // A d100 read as two d10s: 100 shows as 0 and 0 (seed 000).
  const tens = Math.floor(test.roll / 10) % 10;
  const ones = test.roll % 10;
  return `**${percent(test.roll)}** (tens ${tens}, ones ${ones}) vs SAN ${test.target}`;
}

function testTitle(test: RolledSanTest): string {
  return test.automatic
    ? `${OUTCOME_ICON.success} Automatic success`
    : `${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]}`;
}

/** The outcome and what it cost: "✅ Success — lost 1 SAN", "❌ Failure — lost 4 SAN". */
export function sanHeading(result: Pick<SanityTestResult, "test" | "lost">): string {
  const cost = result.lost > 0 ? `lost ${result.lost} SAN` : "no SAN lost";
  return `${testTitle(result.test)} — ${cost}`;
}

/** Conditions the SAN result's own lines already tell (insanity, adaptation). */
const TOLD_BY_SANITY_EVENTS: readonly ConditionCode[] = [
  "temporarily-insane",
  "permanently-insane",
  "adapted-violence",
  "adapted-helplessness",
];

/** "1D6 → [4] = **4**", with dropped dice struck through; a fixed loss rolls nothing. */
export function lossText(roll: LossRoll): string {
  if (roll.dice.length === 0) return `**${roll.total}** (${roll.side})`;
  const faces = roll.dice.map((d) => (d.kept ? String(d.value) : `~~${d.value}~~`)).join(", ");
  return `${roll.expression} (${roll.side}) → [${faces}] = **${roll.total}**`;
}

function change(before: number, after: number): string {
  return `${before} → ${after}`;
}

export function projectionText(p: ProjectionSummary): string {
  const shortfall =
    p.shortfall === "capped"
      ? ` (only ${p.wpSpent} WP left, so only that counts)`
      : p.shortfall === "allowed-zero"
        ? " (more than the WP left: WP falls to 0)"
        : "";
  return [
    `🔗 Onto **${userText(p.bondName)}**: 1D4 = **${p.roll}**${shortfall}`,
    `WP ${change(p.wp.before, p.wp.after)} · Bond ${change(p.bondScore.before, p.bondScore.after)} · SAN loss ${change(p.loss.before, p.loss.after)}`,
  ].join("\n");
}

/** One line per thing a loss set off, in the order it happened; null for what is shown elsewhere. */
export function sanityEventLine(event: SanityEvent): string | null {
  switch (event.type) {
    case "projection":
    case "san-lost":
    case "repression-cost":
      return null;
    case "san-capped":
      return `SAN above Max SAN ${event.maxSan} first lowered: ${change(event.san.before, event.san.after)}`;
    case "temporary-insanity":
      return `😱 **Temporarily insane** (lost ${event.lost}, ${event.threshold} or more): the player chooses to Flee, Struggle or Submit.`;
    case "breaking-point": {
      const reset = `Breaking point ${change(event.breakingPoint.before, event.breakingPoint.after)}.`;
      return event.disorderRecorded === false
        ? `💔 **Breaking point**: a new ${threatLabel(event.threat)} disorder, but the sheet has no room for it (at most ${SHEET_LIMITS.disorders} disorders, cured ones included): a GM erases a cured one (\`/campaign downtime disorder … erase:True\`) and adds it with \`/protagonist edit disorder_name:\`. ${reset}`
        : `💔 **Breaking point**: a new ${threatLabel(event.threat)} disorder (the GM names it). ${reset}`;
    }
    case "permanent-insanity":
      return "☠️ **Permanently insane**: SAN 0. The Protagonist becomes an NPC under the GM's control.";
    case "adaptation-reset":
      return `${threatLabel(event.threat)} adaptation cleared by the insanity: ${boxes(0, ADAPTATION_BOXES)} (was ${event.boxes.before}/${ADAPTATION_BOXES})`;
    case "adaptation-box":
      return `${threatLabel(event.threat)} adaptation ${boxes(event.boxes.after, ADAPTATION_BOXES)} (${event.boxes.after}/${ADAPTATION_BOXES})`;
    case "adapted": {
      const cost = event.threat === "violence" ? "CHA and every Bond" : "POW";
      return `🛡️ **Adapted to ${threatLabel(event.threat)}**: its SAN tests now succeed automatically. Cost 1D6 = **${event.costRoll}** from ${cost}.`;
    }
    case "cha-lowered":
      return `CHA ${change(event.cha.before, event.cha.after)}`;
    case "pow-lowered":
      return `POW ${change(event.pow.before, event.pow.after)} (WP max ${change(event.wpMax.before, event.wpMax.after)}, WP ${change(event.wp.before, event.wp.after)}, Recovery SAN ${change(event.recoverySan.before, event.recoverySan.after)})`;
    case "bond-lowered":
      // Projection and repression show their own Bond change.
      return event.cause === "adaptation"
        ? `Bond **${userText(event.bondName)}** ${change(event.score.before, event.score.after)}`
        : null;
    case "bond-broken":
      return `💔 Bond **${userText(event.bondName)}** broke: crossed off, kept on the sheet. Losing a Bond is traumatic: the GM may call for a Helplessness SAN test.`;
  }
}

function triggeredLines(events: readonly SanityEvent[]): string[] {
  return events.map(sanityEventLine).filter((line): line is string => line !== null);
}

/** SAN before the test (the sheet's value) and after. */
function sanChange(result: SanityTestResult): { before: number; after: number } {
  const capped = result.events.find((e) => e.type === "san-capped");
  const lost = result.events.find((e) => e.type === "san-lost");
  const after = lost?.san.after ?? result.after.san;
  return { before: capped?.san.before ?? lost?.san.before ?? after + result.lost, after };
}

function colourOf(result: SanityTestResult): number {
  if (result.temporaryInsanity || result.permanentInsanity) return INSANE_COLOUR;
  return OUTCOME_COLOUR[result.test.outcome];
}

/** One Protagonist's SAN test: the test, the loss rolled, SAN before → after, what it set off. */
export function sanTestEmbed(options: {
  who: string;
  result: SanityTestResult;
  roller: string;
  /** The SAN test's event; with the projection's, once projected. */
  eventId: number;
  projectionEventId?: number | null;
  /** Conditions the test (or its projection) newly caused. */
  conditions?: readonly Condition[];
}): BuiltEmbed {
  const { result } = options;
  const san = sanChange(result);
  const title = `${sanHeading(result)} · SAN test (${threatLabel(result.threat)}, ${result.sanLoss.notation})`;
  const description = [`**${userText(options.who)}**`];
  if (result.source) description.push(`Facing: ${userText(result.source, 200)}`);
  const fields: APIEmbedField[] = [
    { name: "SAN test", value: rollText(result.test), inline: true },
    { name: "Loss rolled", value: lossText(result.lossRoll), inline: true },
  ];
  if (result.projection) {
    fields.push({ name: "Projected onto a Bond", value: projectionText(result.projection) });
  }
  fields.push({
    name: "SAN",
    value: `${san.before} → **${san.after}** (lost ${result.lost})`,
    inline: true,
  });
  const lines = [
    ...triggeredLines(result.events),
    ...untoldNews(options.who, options.conditions ?? [], TOLD_BY_SANITY_EVENTS),
  ];
  fields.push({
    name: "What it set off",
    value: truncate(
      lines.length ? lines.join("\n") : "Nothing else: no insanity, no breaking point.",
      EMBED_LIMITS.fieldValue,
    ),
  });
  const ids = [`SAN test #${options.eventId}`];
  if (options.projectionEventId) ids.push(`projection #${options.projectionEventId}`);
  return builtEmbed({
    color: colourOf(result),
    author: { name: truncate(options.roller, EMBED_LIMITS.fieldName) },
    title: truncate(title, EMBED_LIMITS.title),
    description: description.join("\n"),
    fields,
    footer: {
      text: truncate(`${sanTestReasonText(result.test)} · ${ids.join(" · ")}`, EMBED_LIMITS.footer),
    },
  });
}

export interface GroupOutcome {
  protagonist: { name: string };
  result: SanityTestResult;
  eventId: number;
  conditions: readonly Condition[];
}

/** Room for the title, description and footer of the group embed, out of Discord's 6,000. */
const GROUP_FRAME_BUDGET = 700;

/** What each field's text may take when `embeds` share Discord's total with `names` of fields. */
export function groupFieldBudget(embeds: number, names: number, fields: number): number {
  return Math.floor(
    (EMBED_LIMITS.total - GROUP_FRAME_BUDGET * embeds - names) / Math.max(1, fields),
  );
}

/** The most a group field's name takes. */
export const GROUP_NAME_MAX = 80;

/** A GM's group test: one embed, one field per Protagonist, within Discord's total limit. */
export function sanGroupEmbed(options: {
  outcomes: readonly GroupOutcome[];
  threat: ThreatType;
  notation: string;
  source: string | null;
  /** Who called the test: shown as a mention, which embeds never ping. */
  gmId: string;
  /** The most a field's text may take when the message has other embeds to fit beside it. */
  perField?: number;
}): EmbedBuilder {
  const { outcomes } = options;
  const fields = outcomes.slice(0, EMBED_LIMITS.fields).map((o) => ({
    name: truncate(`${sanHeading(o.result)} — ${userText(o.protagonist.name)}`, GROUP_NAME_MAX),
    value: groupLines(o),
  }));
  const names = fields.reduce((sum, f) => sum + f.name.length, 0);
  const perField = Math.min(
    EMBED_LIMITS.fieldValue,
    options.perField ?? groupFieldBudget(1, names, fields.length),
  );
  const insane = outcomes.filter((o) => o.result.temporaryInsanity).length;
  const description = [
    `${outcomes.length} Protagonist${outcomes.length === 1 ? "" : "s"} tested by <@${options.gmId}>.`,
    ...(options.source ? [`Facing: ${userText(options.source, 200)}`] : []),
    ...(insane
      ? [`😱 ${insane} temporarily insane: their players choose Flee, Struggle or Submit.`]
      : []),
  ];
  return new EmbedBuilder()
    .setColor(
      outcomes.some((o) => o.result.temporaryInsanity || o.result.permanentInsanity)
        ? INSANE_COLOUR
        : GROUP_COLOUR,
    )
    .setTitle(
      truncate(
        `🧠 Group SAN test — ${threatLabel(options.threat)}, ${options.notation}`,
        EMBED_LIMITS.title,
      ),
    )
    .setDescription(description.join("\n"))
    .addFields(fields.map((f) => ({ name: f.name, value: truncate(f.value, perField) })))
    .setFooter({
      text: truncate(
        `SAN tests #${outcomes.map((o) => o.eventId).join(", #")}. Project a loss or choose a reaction below.`,
        200,
      ),
    });
}

function groupLines({ protagonist, result, conditions }: GroupOutcome): string {
  const san = sanChange(result);
  return [
    `${rollText(result.test)} · loss ${lossText(result.lossRoll)}`,
    ...(result.projection ? [projectionText(result.projection)] : []),
    `SAN ${san.before} → **${san.after}** (lost ${result.lost})`,
    ...triggeredLines(result.events),
    ...untoldNews(protagonist.name, conditions, TOLD_BY_SANITY_EVENTS),
  ].join("\n");
}

/** Repressing insanity: what drawing on the Bond cost, then the SAN test. */
export function repressionEmbed(options: {
  who: string;
  result: RepressionResult;
  roller: string;
  eventId: number;
  /** Conditions the repression newly caused (WP spent). */
  conditions?: readonly Condition[];
}): EmbedBuilder {
  const { result } = options;
  const cost = result.events.find((e) => e.type === "repression-cost");
  const costText = cost
    ? [
        `🔗 Drew on **${userText(cost.bondName)}**: 1D4 = **${cost.roll}**${cost.shortfall === "capped" ? ` (only ${cost.wpSpent} WP left, so only that counts)` : ""}`,
        `WP ${change(cost.wp.before, cost.wp.after)} · Bond ${change(cost.bondScore.before, cost.bondScore.after)}`,
      ].join("\n")
    : `1D4 = ${result.roll}: WP −${result.wpSpent}, Bond −${result.reduction}`;
  const title = `${result.repressed ? "✅ Repressed" : "❌ Not repressed"} — Repressing insanity`;
  const description = [`**${userText(options.who)}**`];
  if (result.episode) description.push(`Repressing: ${userText(result.episode, 200)}`);
  const lines = [
    ...triggeredLines(result.events),
    ...untoldNews(options.who, options.conditions ?? [], TOLD_BY_SANITY_EVENTS),
  ];
  const embed = new EmbedBuilder()
    .setColor(OUTCOME_COLOUR[result.test.outcome])
    .setAuthor({ name: truncate(options.roller, EMBED_LIMITS.fieldName) })
    .setTitle(truncate(title, EMBED_LIMITS.title))
    .setDescription(description.join("\n"))
    .addFields(
      { name: "Cost (paid either way)", value: costText },
      { name: "SAN test", value: rollText(result.test) },
    );
  if (lines.length) {
    embed.addFields({ name: "Also", value: truncate(lines.join("\n"), EMBED_LIMITS.fieldValue) });
  }
  return embed.setFooter({
    text: truncate(
      `${sanTestReasonText(result.test)} · event #${options.eventId}`,
      EMBED_LIMITS.footer,
    ),
  });
}
