import type { PercentileOutcome } from "../../rules/percentile.js";

/**
 * Crafting (seed 002): a project has a complexity (usually up to 100, more for big works) and is
 * advanced by tests of one skill. A success adds the roll's value to the progress, a critical
 * success twice that, a fumble takes the roll's value away (never below 0), a plain failure
 * nothing; the project is done once its progress reaches its complexity. Pure.
 */

export const DEFAULT_COMPLEXITY = 100;
export const MAX_COMPLEXITY = 10_000;
/** Projects one Protagonist keeps at once (finished ones count until put away). */
export const MAX_PROJECTS = 10;

/** Gear quality and careful work (seed 002), as extras.md reads easy and hard: ±20. */
export const GEAR_QUALITIES = ["usual", "good", "poor"] as const;
export type GearQuality = (typeof GEAR_QUALITIES)[number];

const GEAR_MODIFIER: Readonly<Record<GearQuality, number>> = { usual: 0, good: 20, poor: -20 };
const CAREFUL_MODIFIER = 20;

/** The work attempt's modifier: good gear makes it easy, poor gear hard, care easy (but slower). */
export function workModifier(gear: GearQuality, careful: boolean): number {
  return GEAR_MODIFIER[gear] + (careful ? CAREFUL_MODIFIER : 0);
}

export interface WorkResult {
  progressBefore: number;
  progressAfter: number;
  /** What the attempt added (negative for a fumble's loss, as applied). */
  change: number;
  done: boolean;
}

/** What one work attempt does to a project's progress. */
export function workOnProject(
  project: { progress: number; complexity: number },
  test: { outcome: PercentileOutcome; roll: { value: number } },
): WorkResult {
  const value = test.roll.value;
  const delta = {
    "critical-success": 2 * value,
    success: value,
    failure: 0,
    fumble: -value,
  }[test.outcome];
  const progressAfter = Math.max(0, project.progress + delta);
  return {
    progressBefore: project.progress,
    progressAfter,
    change: progressAfter - project.progress,
    done: progressAfter >= project.complexity,
  };
}
