import { RulesError } from "./errors.js";
import type { PercentileOutcome, PercentileRoll, TestCondition, TestReason } from "./percentile.js";
import {
  searchResources,
  type ResourceQuality,
  type RuleOptionsForResources,
} from "./resource-test.js";
import {
  assertCheckedBoxes,
  assertDifficulty,
  effectiveRating,
  resourceBreakdown,
  resourceTestTarget,
  type ResourceDifficulty,
  type ResourceLocation,
} from "./resources.js";
import type { Rng } from "../../../core/rng.js";

/** Pooling Resources (seed 000, "Pooling Resources"): several stockpiles searched as one. */

export interface PoolContributor {
  id: string;
  name: string;
  /** Permanent Resources rating; it sets the check boxes. */
  rating: number;
  /** Where this contributor is; it sets the rating they bring to the pool. */
  where: ResourceLocation;
  checkedBoxes: number;
  /** This contributor's conditions (exhaustion): they count when theirs is the full rating used. */
  conditions?: readonly TestCondition[];
}

export interface PoolContribution {
  id: string;
  name: string;
  /** The contributor's effective rating where they are. */
  effectiveRating: number;
  /** What they add to the pool: all of it for the lead, a fifth rounded up for the others. */
  added: number;
  lead: boolean;
}

export interface ResourcePool {
  effectiveRating: number;
  /** The contributor whose full rating was used, who takes the check on a success. */
  leadId: string;
  contributions: PoolContribution[];
}

/**
 * The pooled effective rating (seed 000): the highest individual rating plus one fifth of each
 * other contributor's rating, "round fractions up". Our reading: each fifth is rounded up on its
 * own (it is "one fifth of ... every additional individual stockpile"), so 6 + 6 + 6 = 6 + 2 + 2.
 * Ties for the highest: the first listed is the lead. Exhausted contributors cannot join
 * ("as long as he or she hasn't temporarily exhausted their resource pool").
 */
export function poolResources(contributors: readonly PoolContributor[]): ResourcePool {
  if (contributors.length === 0) {
    throw new RulesError({ code: "pool-empty" });
  }
  const ids = new Set<string>();
  const exhausted: string[] = [];
  const effective = contributors.map((contributor) => {
    if (contributor.name.trim() === "" || contributor.id.trim() === "") {
      throw new RulesError({ code: "invalid-contributor" });
    }
    if (ids.has(contributor.id)) {
      throw new RulesError({ code: "duplicate-contributor", contributor: contributor.name });
    }
    ids.add(contributor.id);
    const breakdown = resourceBreakdown(contributor.rating);
    assertCheckedBoxes(contributor.checkedBoxes, breakdown.checkBoxes, contributor.name);
    if (contributor.checkedBoxes >= breakdown.checkBoxes) exhausted.push(contributor.name);
    return effectiveRating(breakdown, contributor.where);
  });
  if (exhausted.length > 0) {
    throw new RulesError({ code: "pool-contributor-exhausted", contributors: exhausted });
  }
  let leadIndex = 0;
  for (const [index, rating] of effective.entries()) {
    if (rating > (effective[leadIndex] ?? 0)) leadIndex = index;
  }
  const contributions = contributors.map((contributor, index): PoolContribution => {
    const rating = effective[index] ?? 0;
    const lead = index === leadIndex;
    return {
      id: contributor.id,
      name: contributor.name,
      effectiveRating: rating,
      added: lead ? rating : Math.ceil(rating / 5),
      lead,
    };
  });
  const total = contributions.reduce((sum, contribution) => sum + contribution.added, 0);
  const leadContribution = contributions[leadIndex];
  if (leadContribution === undefined) throw new Error("a non-empty pool always has a lead");
  return {
    effectiveRating: total,
    leadId: leadContribution.id,
    contributions,
  };
}

export interface PooledResourceTestInput {
  contributors: readonly PoolContributor[];
  difficulty?: ResourceDifficulty;
  label?: string;
}

export interface PooledResourceTestResult {
  pool: ResourcePool;
  roll: PercentileRoll;
  difficulty: ResourceDifficulty;
  /** The pool × 5, halved or quartered: the target before the lead's conditions. */
  baseTarget: number;
  /** The target rolled against: the pool × 5, halved or quartered, then the lead's conditions. */
  target: number;
  /** The lead's conditions (exhaustion): the one searching with their full rating. */
  conditions: TestCondition[];
  outcome: PercentileOutcome;
  success: boolean;
  critical: boolean;
  quality: ResourceQuality | null;
  /** The lead's boxes: only the Protagonist whose full rating was used takes the check. */
  checkedContributorId: string;
  checkedBefore: number;
  checkedAfter: number;
  /** How the roll was judged against the target. */
  reason: TestReason;
}

/**
 * A Resources test against a pool; on success the lead (whose full rating was used) checks a box.
 * Our reading: the lead searches, so the lead's conditions (exhaustion) move the target.
 */
export function pooledResourceTest(
  input: PooledResourceTestInput,
  options: RuleOptionsForResources,
  rng: Rng,
): PooledResourceTestResult {
  const difficulty = input.difficulty ?? "normal";
  assertDifficulty(difficulty);
  const pool = poolResources(input.contributors);
  const lead = input.contributors.find((contributor) => contributor.id === pool.leadId);
  if (lead === undefined) throw new Error("the pool's lead is one of its contributors");
  const baseTarget = resourceTestTarget(pool.effectiveRating, difficulty);
  const { test, quality } = searchResources(
    baseTarget,
    { ...input, ...(lead.conditions === undefined ? {} : { conditions: lead.conditions }) },
    options,
    rng,
  );
  const { target } = test;
  const checkedAfter = test.success ? lead.checkedBoxes + 1 : lead.checkedBoxes;
  return {
    pool,
    roll: test.roll,
    difficulty,
    baseTarget,
    target,
    conditions: test.conditions,
    outcome: test.outcome,
    success: test.success,
    critical: test.critical,
    quality,
    checkedContributorId: lead.id,
    checkedBefore: lead.checkedBoxes,
    checkedAfter,
    reason: test.reason,
  };
}
