import type { PercentileOutcome, TestCondition, TestReason } from "../rules/percentile.js";
import { conditionLabel } from "./test-embed.js";
import type {
  ResourceGainResult,
  ResourceLossResult,
  ResourceReplenishResult,
} from "../rules/resource-changes.js";
import type { PooledResourceTestResult, ResourcePool } from "../rules/resource-pool.js";
import type { ResourceQuality, ResourceTestResult } from "../rules/resource-test.js";
import type { ResourceDifficulty, ResourceLocation } from "../rules/resources.js";
import { percent } from "./percentile-format.js";
import { testReasonText } from "./test-reasons.js";

/**
 * Resources results in the players' words: the one-line "why" of a test, a pool, a gain, a loss
 * or a downtime. The rules return the numbers; the sentences are here.
 */

/** Which rating a test used, as its "why" names it. */
const LOCATION_BASIS: Readonly<Record<ResourceLocation, string>> = {
  "at-hand": "at hand",
  "with-vehicle": "at hand + stowed",
  home: "full Permanent rating",
};

const DIFFICULTY_BASIS: Readonly<Record<ResourceDifficulty, string>> = {
  normal: "",
  hard: ", Hard to Get: half",
  "very-hard": ", Very Hard to Get: quarter",
};

const FOUND: Readonly<Record<ResourceQuality, string>> = {
  best: "a critical success finds the best quality available",
  standard: "something helpful is found",
  "sub-standard": "only just under the target, so the item is sub-standard",
};

const NOTHING_FOUND = "nothing useful turns up";

/** The loss a specialised item's price words, when the GM gave no reason of their own. */
const SPECIALISED_COST = "The specialised item costs Permanent Resources";

const DEFAULT_LOSS = "Resources lost";

/** ", exhausted −20 = 60" when conditions moved the target; "" otherwise. */
function conditionsText(test: { conditions: readonly TestCondition[]; target: number }): string {
  if (test.conditions.length === 0) return "";
  const parts = test.conditions.map(
    (c) =>
      `${conditionLabel(c).toLowerCase()} ${c.modifier < 0 ? "−" : "+"}${Math.abs(c.modifier)}`,
  );
  return `, ${parts.join(", ")} = ${test.target}`;
}

/** What a single test and a pooled one share: "× 5 = 40: 23 is at or under 40: success; …". */
function searchText(result: {
  difficulty: ResourceDifficulty;
  baseTarget: number;
  conditions: readonly TestCondition[];
  target: number;
  outcome: PercentileOutcome;
  reason: TestReason;
  quality: ResourceQuality | null;
}): string {
  const found = result.quality === null ? NOTHING_FOUND : FOUND[result.quality];
  return `× 5${DIFFICULTY_BASIS[result.difficulty]} = ${result.baseTarget}${conditionsText(result)}: ${testReasonText(result)}; ${found}`;
}

/** "Resources 8 (full Permanent rating) × 5 = 40: …; one box checked (1/2)." */
export function resourceTestReasonText(result: ResourceTestResult): string {
  // A specialised price may drop checks; the box count the test reached is the one before it.
  const checked = result.cost?.checkedBefore ?? result.checkedAfter;
  const boxes = result.success
    ? `; one box checked (${checked}/${result.checkBoxes})`
    : "; no box checked";
  const cost =
    result.cost === null ? "" : ` ${resourceLossReasonText(result.cost, SPECIALISED_COST)}`;
  return `Resources ${result.effectiveRating} (${LOCATION_BASIS[result.where]}) ${searchText(result)}${boxes}.${cost}`;
}

/** "pool: 12 B + ⌈3/5⌉ A + ⌈6/5⌉ C = 15": the lead's full rating, then each other's fifth. */
export function poolReasonText(pool: ResourcePool): string {
  const lead = pool.contributions
    .filter((c) => c.lead)
    .map((c) => `${c.effectiveRating} ${c.name}`)
    .join("");
  const others = pool.contributions
    .filter((c) => !c.lead)
    .map((c) => ` + ⌈${c.effectiveRating}/5⌉ ${c.name}`)
    .join("");
  return `pool: ${lead}${others} = ${pool.effectiveRating}`;
}

/** A pooled test's why: the pool, the target, the roll, and who checks a box. */
export function pooledTestReasonText(result: PooledResourceTestResult): string {
  const lead = result.pool.contributions.find((c) => c.id === result.checkedContributorId);
  const boxes = result.success ? `; ${lead?.name ?? ""} checks one box` : "; no box checked";
  return `${poolReasonText(result.pool)}, ${searchText(result)}${boxes}.`;
}

/** "41 is above Resources 8 × 5 = 40: +1D6 = 4, Resources 8 → 12." */
export function resourceGainReasonText(result: ResourceGainResult): string {
  const shown = percent(result.roll.value);
  const basis = `Resources ${result.ratingBefore} × 5 = ${result.threshold}`;
  if (!result.success) {
    const why = result.threshold >= 100 ? " (nothing can roll above 100)" : "";
    return `${shown} is not above ${basis}${why}: no gain.`;
  }
  const award =
    result.awardRoll === undefined
      ? `${result.gained}`
      : `${result.awardRoll.expression} = ${result.awardRoll.total}`;
  return `${shown} is above ${basis}: +${award}, Resources ${result.ratingBefore} → ${result.ratingAfter}.`;
}

/** "the truck burned: Resources 14 → 11. Check boxes 3 → 2, checked 3 → 2." */
export function resourceLossReasonText(
  result: ResourceLossResult,
  fallback: string = DEFAULT_LOSS,
): string {
  const boxesAfter = result.breakdownAfter.checkBoxes;
  const checks =
    result.checkedAfter < result.checkedBefore
      ? `, checked ${result.checkedBefore} → ${result.checkedAfter}`
      : "";
  const boxes =
    boxesAfter === result.checkBoxesBefore
      ? ""
      : ` Check boxes ${result.checkBoxesBefore} → ${boxesAfter}${checks}.`;
  return `${result.why ?? fallback}: Resources ${result.ratingBefore} → ${result.ratingAfter}.${boxes}`;
}

/** Downtime for one Protagonist: how many checks it erased. */
export function resourceReplenishReasonText(result: ResourceReplenishResult): string {
  const n = result.checkedBefore;
  return n === 0
    ? "No Resource box was checked; nothing to replenish."
    : `Downtime replenishes the Resources pool: ${n} check${n === 1 ? "" : "s"} erased.`;
}
