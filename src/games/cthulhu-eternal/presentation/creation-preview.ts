import { EmbedBuilder } from "discord.js";
import {
  adversityPickCount,
  type CreationDraft,
  type CreationPreview,
  type PickBudget,
  type SheetSkill,
  type StatRoll,
} from "../rules/creation/index.js";
import { STAT_NAMES, type Era, type StatName } from "../rules/types.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { ERA_LABEL, HARSHNESS_LABEL } from "./creation-words.js";
import { creationAdviceText, creationViolationText } from "./creation-violations.js";

const OK_COLOUR = 0x2f6f4f;
const PROBLEM_COLOUR = 0xe67e22;

/** A list of lines within a field's 1,024 characters, saying how many were left out. */
export function fieldLines(lines: readonly string[], empty: string): string {
  if (lines.length === 0) return empty;
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const more = `…and ${lines.length - index} more`;
    if (length + line.length + 1 + more.length > EMBED_LIMITS.fieldValue) {
      kept.push(more);
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join("\n");
}

function upbringing(draft: CreationDraft): string {
  if (draft.harshness === undefined) return "not chosen";
  const label = HARSHNESS_LABEL[draft.harshness];
  if (draft.harshness === "harsh") {
    return draft.harshBonusStat ? `${label} (+1 ${draft.harshBonusStat})` : `${label} (+1 to ?)`;
  }
  return draft.harshness === "very-harsh" ? `${label} (+1 STR and CON)` : label;
}

function statLines(preview: CreationPreview): string {
  return STAT_NAMES.map((stat) => {
    const value = preview.stats[stat];
    if (value === undefined) return `**${stat}** —`;
    const feature = preview.features.find((f) => f.stat === stat);
    const word = feature?.exceptional ? ` · ${feature.word}` : "";
    return `**${stat}** ${value} (${value * 5}%)${word}`;
  }).join("\n");
}

/** A 4D6 roll's dice, highest first, the dropped one struck through: "6 5 3 ~~1~~". */
export function diceText(roll: StatRoll): string {
  const kept = roll.dice.filter((_, index) => index !== roll.droppedIndex).sort((a, b) => b - a);
  return `${kept.join(" ")} ~~${roll.dice[roll.droppedIndex] ?? ""}~~`;
}

function rollLines(rolls: Partial<Record<StatName, StatRoll>>): string {
  return STAT_NAMES.flatMap((stat) => {
    const roll = rolls[stat];
    return roll === undefined ? [] : [`${stat} ${roll.total} (${diceText(roll)})`];
  }).join("\n");
}

/** Never a negative count: overspending says how many picks are too many instead. */
export function picksLeftLine(picks: PickBudget): string {
  return picks.remaining >= 0
    ? `Bonus picks left: **${picks.remaining}** of ${picks.allowance}`
    : `Bonus picks left: **0** of ${picks.allowance} (${-picks.remaining} too many)`;
}

/** Skills the archetype or picks touched; the rest sit at their base rating. */
function chosenSkills(skills: readonly SheetSkill[]): string[] {
  return skills
    .filter((s) => s.sources.some((source) => source.kind !== "base"))
    .map((s) => {
      const added = s.sources.reduce(
        (sum, x) => sum + (x.kind === "bonus" || x.kind === "adversity" ? x.points : 0),
        0,
      );
      return `${userText(s.name)} **${s.rating}%**${added > 0 ? ` (+${added})` : ""}`;
    });
}

/**
 * The running preview of a draft: what is decided so far, what it gives (derived attributes,
 * skills, Resources, Bonds), the picks left and everything the rules currently object to.
 */
export function creationPreviewEmbed(options: {
  draft: CreationDraft;
  era: Era;
  preview: CreationPreview;
  /** The 4D6 rolls behind each stat, for the rolled method. */
  rolls?: Partial<Record<StatName, StatRoll>>;
}): EmbedBuilder {
  const { draft, preview } = options;
  const name = draft.name?.trim() ? userText(draft.name) : "Unnamed Protagonist";
  const archetype = preview.archetype?.name ?? "not chosen";
  const embed = new EmbedBuilder()
    .setColor(preview.violations.length > 0 ? PROBLEM_COLOUR : OK_COLOUR)
    .setTitle(truncate(`📝 ${name}`, EMBED_LIMITS.title))
    .setDescription(
      `**Era** ${ERA_LABEL[options.era]} · **Upbringing** ${upbringing(draft)} · **Archetype** ${archetype}`,
    );
  embed.addFields({ name: "Stats", value: statLines(preview), inline: true });
  const derived = preview.derived;
  embed.addFields({
    name: "Derived",
    value:
      derived === null
        ? "Once all six stats and the upbringing are set."
        : [
            `**HP** ${derived.hp}`,
            `**WP** ${derived.wp}`,
            `**SAN** ${derived.san} (max ${derived.maxSan})`,
            `**Breaking point** ${derived.breakingPoint}`,
            `**Recovery SAN** ${derived.recoverySan}`,
          ].join("\n"),
    inline: true,
  });
  const rolls = rollLines(options.rolls ?? {});
  if (rolls !== "") {
    embed.addFields({ name: "🎲 4D6, lowest dropped", value: rolls, inline: true });
  }
  embed.addFields({
    name: "Skills so far",
    value: truncate(
      chosenSkills(preview.skills).join(" · ") || "None yet.",
      EMBED_LIMITS.fieldValue,
    ),
  });
  const { picks } = preview;
  const adversity = adversityPickCount(draft.harshness ?? "normal");
  const pickLines = [
    picksLeftLine(picks),
    ...(adversity > 0
      ? [`Adversity picks: ${draft.adversitySkills?.length ?? 0} of ${adversity}`]
      : []),
  ];
  embed.addFields({ name: "Picks", value: pickLines.join("\n"), inline: true });
  const resources = preview.resources;
  embed.addFields({
    name: "Resources",
    value:
      resources === null
        ? "With the archetype."
        : resources.zero
          ? "**0** (set to 0 for an extra pick)"
          : resources.tradeInPicks > 0
            ? `**${resources.rating}** (${resources.archetype} + ${resources.tradeInBonus} for ${resources.tradeInPicks} pick${resources.tradeInPicks === 1 ? "" : "s"})`
            : `**${resources.rating}**`,
    inline: true,
  });
  const wantedBonds = preview.archetype?.bonds;
  embed.addFields({
    name: wantedBonds === undefined ? "Bonds" : `Bonds (${preview.bonds.length} of ${wantedBonds})`,
    value: fieldLines(
      preview.bonds.map(
        (b) =>
          `${b.name.trim() ? userText(b.name) : `Bond ${b.index + 1}`} — ${b.kind}, ${b.score ?? "?"}`,
      ),
      "None yet.",
    ),
  });
  if (preview.violations.length > 0) {
    embed.addFields({
      name: "⚠️ To fix",
      value: fieldLines(
        preview.violations.map((v) => `• ${userText(creationViolationText(v), 300)}`),
        "",
      ),
    });
  }
  if (preview.advice.length > 0) {
    embed.addFields({
      name: "💡 Advice",
      value: fieldLines(
        preview.advice.map((a) => `• ${userText(creationAdviceText(a), 300)}`),
        "",
      ),
    });
  }
  return embed;
}
