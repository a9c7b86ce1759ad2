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

export function checkStats(
  choice: StatChoice<Partial<Stats>> | undefined,
  partial: boolean,
  report: Report,
): Partial<Stats> {
  if (choice === undefined) {
    if (!partial) report({ code: "stats-missing", path: "stats" });
    return {};
  }
  const assigned: Partial<Stats> = {};
  const missing: StatName[] = [];
  for (const stat of STAT_NAMES) {
    const path = `stats.assignment.${stat}`;
    const value = choice.assignment[stat];
    if (value === undefined) {
      missing.push(stat);
      if (!partial) report({ code: "stat-missing", path, stat });
      continue;
    }
    if (!Number.isInteger(value) || value < STAT_MIN || value > STAT_MAX) {
      report({ code: "stat-out-of-range", path, stat, value, min: STAT_MIN, max: STAT_MAX });
    }
    assigned[stat] = value;
  }
  const values = Object.values(assigned);
  const path = "stats.assignment";
  switch (choice.method) {
    case "points": {
      const total = values.reduce((sum, value) => sum + value, 0);
      const required = STAT_POINT_TOTAL;
      const unset = missing.length;
      if (unset === 0 && total !== required) {
        report({ code: "stat-total", path, kind: "exact", total, required });
      } else if (total + STAT_MIN * unset > required) {
        report({
          code: "stat-total",
          path,
          kind: "would-pass",
          total,
          required,
          unset,
          min: STAT_MIN,
        });
      } else if (total + STAT_MAX * unset < required) {
        report({
          code: "stat-total",
          path,
          kind: "cannot-reach",
          total,
          required,
          unset,
          max: STAT_MAX,
        });
      }
      break;
    }
    case "set": {
      if (!isAssignableSetId(choice.set)) {
        report({ code: "stat-set-unknown", path: "stats.set", set: String(choice.set) });
        break;
      }
      const set = ASSIGNABLE_SETS[choice.set];
      if (!fitsWithin(values, set.values)) {
        report({
          code: "stat-not-from-set",
          path,
          setName: set.name,
          setValues: set.values,
          values,
        });
      }
      break;
    }
    case "rolled": {
      const rolls = choice.rolls;
      const rollsValid =
        rolls.length === STAT_NAMES.length &&
        rolls.every((r) => Number.isInteger(r) && r >= STAT_MIN && r <= STAT_MAX);
      if (!rollsValid) {
        report({
          code: "stat-rolls-invalid",
          path: "stats.rolls",
          rolls,
          min: STAT_MIN,
          max: STAT_MAX,
        });
      } else if (!fitsWithin(values, rolls)) {
        report({ code: "stat-not-from-rolls", path, rolls, values });
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
    if (!partial) report({ code: "harshness-missing", path: "harshness" });
    return {};
  }
  if (harshness === "harsh") {
    if (harshBonusStat === undefined) {
      if (!partial) report({ code: "harsh-pick-missing", path: "harshBonusStat" });
      return {};
    }
    return { [harshBonusStat]: 1 };
  }
  if (harshBonusStat !== undefined) {
    report({ code: "harsh-pick-not-applicable", path: "harshBonusStat", harshness });
  }
  return harshness === "very-harsh" ? { STR: 1, CON: 1 } : {};
}

/** An archetype's recommended stats are wanted at this or higher. */
const RECOMMENDED_MINIMUM = 10;

export function recommendedStatAdvice(
  archetype: Archetype,
  stats: Partial<Stats>,
): CreationAdvice[] {
  return archetype.recommendedStats.flatMap((stat): CreationAdvice[] => {
    const value = stats[stat];
    return value !== undefined && value < RECOMMENDED_MINIMUM
      ? [
          {
            code: "recommended-stat",
            path: `stats.assignment.${stat}`,
            archetype: archetype.name,
            stat,
            value,
            recommended: RECOMMENDED_MINIMUM,
          },
        ]
      : [];
  });
}
