/** Creation checks for the six stats and the harsh-upbringing bonus. */
import { STAT_NAMES } from "../types.js";
import type { StatName, Stats } from "../types.js";
import type { Archetype } from "./archetypes/index.js";
import type { CreationDraft, StatChoice } from "./choices.js";
import {
  ASSIGNABLE_SETS,
  STAT_MAX,
  STAT_MIN,
  STAT_POINT_TOTAL,
  fitsWithin,
  isAssignableSetId,
} from "./stats.js";
import type { HarshBonusStat } from "./stats.js";
import type { Report } from "./check-context.js";
import type { CreationAdvice } from "./violations.js";

function listOf(values: readonly number[]): string {
  return values.join(", ");
}

function sortedDescending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => b - a);
}

export function checkStats(
  choice: StatChoice<Partial<Stats>> | undefined,
  partial: boolean,
  report: Report,
): Partial<Stats> {
  if (choice === undefined) {
    if (!partial) {
      report(
        "stats-missing",
        "stats",
        "Choose how to make your stats: roll 4D6 (drop the lowest) six times, divide 72 points, or use an assignable set.",
      );
    }
    return {};
  }
  const assigned: Partial<Stats> = {};
  const missing: StatName[] = [];
  for (const stat of STAT_NAMES) {
    const value = choice.assignment[stat];
    if (value === undefined) {
      missing.push(stat);
      if (!partial) report("stat-missing", `stats.assignment.${stat}`, `${stat} has no value yet.`);
      continue;
    }
    if (!Number.isInteger(value) || value < STAT_MIN || value > STAT_MAX) {
      report(
        "stat-out-of-range",
        `stats.assignment.${stat}`,
        `${stat} is ${value}; each stat must be a whole number from ${STAT_MIN} to ${STAT_MAX} (before any harsh-upbringing bonus).`,
      );
    }
    assigned[stat] = value;
  }
  const values = Object.values(assigned);
  switch (choice.method) {
    case "points": {
      const total = values.reduce((sum, value) => sum + value, 0);
      if (missing.length === 0 && total !== STAT_POINT_TOTAL) {
        const difference = STAT_POINT_TOTAL - total;
        report(
          "stat-total",
          "stats.assignment",
          `Your stats add up to ${total}; they must add up to exactly ${STAT_POINT_TOTAL} (${
            difference > 0 ? `${difference} more to place` : `${-difference} too many`
          }).`,
        );
      } else if (total + STAT_MIN * missing.length > STAT_POINT_TOTAL) {
        report(
          "stat-total",
          "stats.assignment",
          `Your stats so far add up to ${total}; with ${missing.length} still to set at ${STAT_MIN} or more, the total would pass ${STAT_POINT_TOTAL}.`,
        );
      } else if (total + STAT_MAX * missing.length < STAT_POINT_TOTAL) {
        report(
          "stat-total",
          "stats.assignment",
          `Your stats so far add up to ${total}; even at ${STAT_MAX} each, the ${missing.length} still to set cannot bring the total to ${STAT_POINT_TOTAL}.`,
        );
      }
      break;
    }
    case "set": {
      if (!isAssignableSetId(choice.set)) {
        report(
          "stat-set-unknown",
          "stats.set",
          `There is no assignable set "${String(choice.set)}"; choose Well-Rounded, Focused or Highly Focused.`,
        );
        break;
      }
      const set = ASSIGNABLE_SETS[choice.set];
      if (!fitsWithin(values, set.values)) {
        report(
          "stat-not-from-set",
          "stats.assignment",
          `With the ${set.name} set, your stats must use ${listOf(set.values)}, each once; you have ${listOf(sortedDescending(values))}.`,
        );
      }
      break;
    }
    case "rolled": {
      const rollsValid =
        choice.rolls.length === STAT_NAMES.length &&
        choice.rolls.every((r) => Number.isInteger(r) && r >= STAT_MIN && r <= STAT_MAX);
      if (!rollsValid) {
        report(
          "stat-rolls-invalid",
          "stats.rolls",
          `Rolled stats need six totals of 4D6 (drop the lowest), each from ${STAT_MIN} to ${STAT_MAX}; got ${listOf(choice.rolls)}.`,
        );
      } else if (!fitsWithin(values, choice.rolls)) {
        report(
          "stat-not-from-rolls",
          "stats.assignment",
          `Your stats must use your rolls (${listOf(sortedDescending(choice.rolls))}), each once; you have ${listOf(sortedDescending(values))}.`,
        );
      }
      break;
    }
  }
  return assigned;
}

export function checkHarshness(
  draft: CreationDraft,
  partial: boolean,
  report: Report,
): Partial<Record<HarshBonusStat, number>> {
  const { harshness, harshBonusStat } = draft;
  if (harshness === undefined) {
    if (!partial) {
      report(
        "harshness-missing",
        "harshness",
        "Agree with your GM how harsh your upbringing was: Normal, Harsh or Very Harsh.",
      );
    }
    return {};
  }
  if (harshness === "harsh") {
    if (harshBonusStat === undefined) {
      if (!partial) {
        report(
          "harsh-pick-missing",
          "harshBonusStat",
          "A Harsh upbringing adds 1 to STR or CON: choose which.",
        );
      }
      return {};
    }
    return { [harshBonusStat]: 1 };
  }
  if (harshBonusStat !== undefined) {
    report(
      "harsh-pick-not-applicable",
      "harshBonusStat",
      harshness === "very-harsh"
        ? "A Very Harsh upbringing adds 1 to both STR and CON; there is nothing to choose."
        : "A Normal upbringing gives no STR or CON bonus; remove that choice.",
    );
  }
  return harshness === "very-harsh" ? { STR: 1, CON: 1 } : {};
}

export function recommendedStatAdvice(
  archetype: Archetype,
  stats: Partial<Stats>,
): CreationAdvice[] {
  return archetype.recommendedStats.flatMap((stat) => {
    const value = stats[stat];
    return value !== undefined && value < 10
      ? [
          {
            code: "recommended-stat" as const,
            path: `stats.assignment.${stat}`,
            message: `${archetype.name} recommends ${stat} 10 or higher; yours is ${value}.`,
          },
        ]
      : [];
  });
}
