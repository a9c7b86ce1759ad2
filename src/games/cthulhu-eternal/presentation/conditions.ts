import type { Condition, ConditionCode } from "../rules/conditions.js";
import { userText } from "../../../core/discord/format.js";

/**
 * Conditions as the table reads them: a badge (emoji + short word) on the sheet, the party view
 * and lists, and a sentence in the result of the change that caused one.
 */
const BADGE: Readonly<Record<ConditionCode, { emoji: string; word: string }>> = {
  dead: { emoji: "💀", word: "Dead" },
  lost: { emoji: "🕳️", word: "Lost to corruption" },
  "permanently-insane": { emoji: "🌀", word: "Permanently insane" },
  retired: { emoji: "🗄️", word: "Retired" },
  unconscious: { emoji: "💤", word: "Unconscious" },
  "temporarily-insane": { emoji: "😱", word: "Temporarily insane" },
  "emotional-collapse": { emoji: "😣", word: "Emotional collapse" },
  exhausted: { emoji: "😫", word: "Exhausted" },
  "adapted-violence": { emoji: "🛡️", word: "Adapted to Violence" },
  "adapted-helplessness": { emoji: "🛡️", word: "Adapted to Helplessness" },
};

/** What the sheet says of a Protagonist in none of these conditions. */
export const NO_CONDITION_BADGE = "🟢 Active";

export function conditionBadge(condition: Pick<Condition, "code">): string {
  const { emoji, word } = BADGE[condition.code];
  return `${emoji} ${word}`;
}

/** Every badge, most serious first; `none` when there is none. */
export function conditionBadges(
  conditions: readonly Pick<Condition, "code">[],
  none: string = NO_CONDITION_BADGE,
): string {
  return conditions.length ? conditions.map(conditionBadge).join(" · ") : none;
}

/** "(WP 0)": the points a condition was read from. */
function byText(condition: Condition): string {
  return condition.by === null ? "" : ` (${condition.by.pool} ${condition.by.value})`;
}

const NEWS: Readonly<Record<ConditionCode, string>> = {
  dead: "is dead",
  lost: "is lost to corruption, for good",
  "permanently-insane": "is permanently insane",
  retired: "is retired",
  unconscious: "falls unconscious",
  "temporarily-insane": "is temporarily insane",
  "emotional-collapse": "suffers an emotional collapse",
  exhausted: "is exhausted",
  "adapted-violence": "is now adapted to Violence",
  "adapted-helplessness": "is now adapted to Helplessness",
};

/** One sentence per condition a change newly caused: "Ada falls unconscious (WP 0)". */
export function conditionNews(name: string, conditions: readonly Condition[]): string[] {
  return conditions.map(
    (condition) =>
      `${BADGE[condition.code].emoji} **${userText(name)} ${NEWS[condition.code]}${byText(condition)}**`,
  );
}

/** The news of those conditions a result does not already tell in its own words. */
export function untoldNews(
  name: string,
  conditions: readonly Condition[],
  told: readonly ConditionCode[],
): string[] {
  return conditionNews(
    name,
    conditions.filter((condition) => !told.includes(condition.code)),
  );
}
