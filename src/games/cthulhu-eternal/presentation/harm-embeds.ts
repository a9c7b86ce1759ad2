import { EmbedBuilder } from "discord.js";
import type { HpChange, HpState, WpChange, WpState } from "../rules/harm.js";
import type {
  ExhaustionOutcome,
  HpOutcome,
  LethalityOutcome,
  WpOutcome,
} from "../services/harm-service.js";
import type { Condition, ConditionCode } from "../rules/conditions.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { percent } from "./percentile-format.js";
import { untoldNews } from "./conditions.js";
import {
  exhaustionText,
  lethalityRatingText,
  lethalityText,
  pointsChangeText,
  THRESHOLD_TEXT,
} from "./harm-reasons.js";

const HARM_COLOUR = 0xe67e22;
const HEAL_COLOUR = 0x2ecc71;
const DANGER_COLOUR = 0xc0392b;
const NEUTRAL_COLOUR = 0x7f8c8d;

type Unit = "HP" | "WP";

const UNIT_ICON: Readonly<Record<Unit, string>> = { HP: "❤️", WP: "🧠" };

/** The state the points are in, when it is not the normal one. */
const STATE_TEXT: Readonly<Partial<Record<HpState | WpState, string>>> = THRESHOLD_TEXT;

/** "10 → **6** / 12", the state named when it is not the normal one. */
export function pointsLine(change: HpChange | WpChange): string {
  const state = STATE_TEXT[change.state];
  return `${change.before} → **${change.after}** / ${change.max}${state ? ` (${state})` : ""}`;
}

function colourOf(change: HpChange | WpChange, crossed: boolean): number {
  if (change.state === "dead" || (crossed && change.state === "unconscious")) return DANGER_COLOUR;
  if (crossed || change.applied < 0) return HARM_COLOUR;
  if (change.applied > 0) return HEAL_COLOUR;
  return NEUTRAL_COLOUR;
}

/** The conditions reached, in bold: the table must not miss them. */
function conditionsText(
  name: string,
  conditions: readonly Condition[],
  told: readonly ConditionCode[] = [],
): string | null {
  const lines = untoldNews(name, conditions, told);
  return lines.length ? truncate(lines.join("\n"), EMBED_LIMITS.description) : null;
}

const ACTION_TEXT = { damage: "Damage", heal: "Healing", set: "Set" } as const;

/** Damage, healing or a set value of HP or WP: before → after / max, the dice, the states reached. */
export function pointsEmbed(unit: Unit, outcome: HpOutcome | WpOutcome): EmbedBuilder {
  const { change } = outcome;
  const amount = outcome.roll ? outcome.roll.text : `${outcome.amount}`;
  const embed = new EmbedBuilder()
    .setColor(colourOf(change, outcome.conditions.length > 0))
    .setTitle(
      truncate(
        `${UNIT_ICON[unit]} ${unit} — ${userText(outcome.protagonist.name)}`,
        EMBED_LIMITS.title,
      ),
    )
    .addFields(
      {
        name: ACTION_TEXT[outcome.action],
        value: truncate(amount, EMBED_LIMITS.fieldValue),
        inline: true,
      },
      { name: unit, value: pointsLine(change), inline: true },
    )
    .setFooter({ text: truncate(pointsChangeText(change), EMBED_LIMITS.footer) });
  const { max } = outcome;
  const corrupted =
    max.after === max.before
      ? null
      : `🕳️ Corrupting: maximum ${unit} ${max.before} → **${max.after}**.`;
  const news = [corrupted, conditionsText(outcome.protagonist.name, outcome.conditions)]
    .filter((line) => line)
    .join("\n");
  if (news) embed.setDescription(news);
  return embed;
}

/** A lethality roll: lethal, or the damage its digits give; HP before → after. */
export function lethalityEmbed(outcome: LethalityOutcome, roller: string): EmbedBuilder {
  const { result, change } = outcome;
  const rating = lethalityRatingText(result);
  const damage = result.lethal
    ? "Lethal: all remaining HP"
    : `${result.tensDamage} + ${result.onesDamage} = ${result.baseDamage}${result.critical ? `, doubled: **${result.damage}**` : ` → **${result.damage}**`}`;
  const embed = new EmbedBuilder()
    .setColor(result.lethal || outcome.died ? DANGER_COLOUR : HARM_COLOUR)
    .setAuthor({ name: truncate(roller, EMBED_LIMITS.fieldName) })
    .setTitle(
      truncate(
        `${result.lethal ? "☠️ Lethal" : "🩸 Not lethal"} — ${userText(outcome.protagonist.name)}`,
        EMBED_LIMITS.title,
      ),
    )
    .addFields(
      {
        name: "Roll",
        value: `**${percent(result.roll.value)}** (tens ${result.roll.tens}, ones ${result.roll.ones})`,
        inline: true,
      },
      { name: "Lethality", value: rating, inline: true },
      { name: "Damage", value: damage },
      { name: "HP", value: pointsLine(change) },
    )
    .setFooter({ text: truncate(lethalityText(result), EMBED_LIMITS.footer) });
  const news = conditionsText(outcome.protagonist.name, outcome.conditions);
  if (news) embed.setDescription(news);
  return embed;
}

/** Becoming exhausted or resting: the 1D6, WP before → after, and the test penalty. */
export function exhaustionEmbed(
  outcome: ExhaustionOutcome,
  action: "exhaust" | "rest",
): EmbedBuilder {
  const { result } = outcome;
  const name = userText(outcome.protagonist.name);
  const penalty =
    result.testModifier === 0
      ? "None"
      : `${result.testModifier} to every test until rested (\`/wp rest\`)`;
  const embed = new EmbedBuilder()
    .setColor(action === "exhaust" ? HARM_COLOUR : HEAL_COLOUR)
    .setTitle(
      truncate(
        action === "exhaust" ? `😩 Exhausted — ${name}` : `🛌 Rested — ${name}`,
        EMBED_LIMITS.title,
      ),
    )
    .addFields(
      {
        name: action === "exhaust" ? "WP lost (1D6)" : "WP regained (1D6)",
        value: `${result.wpRoll}`,
        inline: true,
      },
      { name: "WP", value: pointsLine(result.wp), inline: true },
      { name: "Test penalty", value: penalty },
    )
    .setFooter({ text: truncate(exhaustionText(result), EMBED_LIMITS.footer) });
  // The title already says the Protagonist is exhausted.
  const news = conditionsText(outcome.protagonist.name, outcome.conditions, ["exhausted"]);
  if (news) embed.setDescription(news);
  return embed;
}
