import { deriveAttributes } from "../derived.js";
import type { DerivedAttributes } from "../derived.js";
import { RulesError } from "../errors.js";
import { DEFAULT_RULE_OPTIONS } from "../options.js";
import { STAT_NAMES } from "../types.js";
import type { Bond, Era, Harshness, Stats } from "../types.js";
import type { Archetype } from "./archetypes/index.js";
import type { CreationDraft, PickBudget, StatChoice } from "./choices.js";
import { resolveCreation } from "./resolve.js";
import type { BondBreakdown, ResourcesBreakdown } from "./check-bonds.js";
import type { CreationContext, CreationOptions } from "./check-context.js";
import type { SheetSkill } from "./skill-ledger.js";
import { UNNATURAL } from "./skills.js";
import { distinguishingFeature, distinguishingFeatures } from "./stats.js";
import type { DistinguishingFeature, HarshBonusStat } from "./stats.js";
import type { CreationAdvice, CreationViolation } from "./violations.js";

/**
 * Thrown by `buildProtagonist` for invalid choices; carries every violation (presentation words
 * them). Its message only lists codes and paths, for logs.
 */
export class CreationError extends RulesError {
  override name = "CreationError";
  constructor(readonly violations: readonly CreationViolation[]) {
    super("invalid-creation", violations.map((v) => `${v.code} (${v.path})`).join(", "));
  }
}

/** Where the sheet's numbers came from, for the bot to show. */
export interface CreationBreakdown {
  statMethod: StatChoice["method"];
  /** Stats as assigned, before the harsh-upbringing bonus. */
  assignedStats: Stats;
  harshBonus: Partial<Record<HarshBonusStat, number>>;
  resources: ResourcesBreakdown;
  bonds: BondBreakdown[];
  picks: PickBudget;
}

/** A finished Protagonist at the end of creation. */
export interface ProtagonistSheet {
  name: string;
  era: Era;
  harshness: Harshness;
  archetype: { id: string; name: string };
  /** Final stats, after the harsh-upbringing bonus. */
  stats: Stats;
  derived: DerivedAttributes;
  features: DistinguishingFeature[];
  /** Every untyped skill of the era, plus each specialisation the Protagonist has. */
  skills: SheetSkill[];
  /** Permanent Resources rating. */
  resources: number;
  bonds: Bond[];
  breakdown: CreationBreakdown;
  advice: CreationAdvice[];
}

function unnaturalRating(skills: readonly SheetSkill[]): number {
  return skills.find((s) => s.skill === UNNATURAL)?.rating ?? 0;
}

function completeStats(stats: Partial<Stats>): Stats | undefined {
  const complete: Partial<Stats> = {};
  for (const stat of STAT_NAMES) {
    const value = stats[stat];
    if (value === undefined) return undefined;
    complete[stat] = value;
  }
  return complete as Stats;
}

/** Build the Protagonist sheet; throws `CreationError` listing every violation if the choices are invalid. */
export function buildProtagonist(
  choices: CreationDraft,
  options: CreationOptions = DEFAULT_RULE_OPTIONS,
  context: Omit<CreationContext, "partial"> = {},
): ProtagonistSheet {
  const resolved = resolveCreation(choices, options, { ...context, partial: false });
  const stats = completeStats(resolved.stats);
  const assignedStats = completeStats(resolved.assignedStats);
  const { era, harshness, archetype, resources } = resolved;
  if (
    resolved.violations.length > 0 ||
    choices.name === undefined ||
    choices.stats === undefined ||
    stats === undefined ||
    assignedStats === undefined ||
    era === undefined ||
    harshness === undefined ||
    archetype === undefined ||
    resources === undefined
  ) {
    throw new CreationError(resolved.violations);
  }
  const bonds: Bond[] = resolved.bonds.map((bond) => ({
    id: `bond-${bond.index + 1}`,
    name: bond.name.trim(),
    kind: bond.kind,
    score: bond.score ?? 0,
    crossedOff: false,
  }));
  return {
    name: choices.name.trim(),
    era,
    harshness,
    archetype: { id: archetype.id, name: archetype.name },
    stats,
    derived: deriveAttributes(stats, harshness, unnaturalRating(resolved.skills)),
    features: distinguishingFeatures(stats),
    skills: resolved.skills,
    resources: resources.rating,
    bonds,
    breakdown: {
      statMethod: choices.stats.method,
      assignedStats,
      harshBonus: resolved.harshBonus,
      resources,
      bonds: resolved.bonds,
      picks: resolved.picks,
    },
    advice: resolved.advice,
  };
}

/** What a draft already determines, for a running preview while the player builds it. */
export interface CreationPreview {
  /** What is already wrong (as `validateCreation` with `{ partial: true }`). */
  violations: CreationViolation[];
  advice: CreationAdvice[];
  /** Stats known so far, after the harsh-upbringing bonus. */
  stats: Partial<Stats>;
  /** Null until all six stats and the upbringing are known. */
  derived: DerivedAttributes | null;
  features: DistinguishingFeature[];
  archetype: Archetype | null;
  skills: SheetSkill[];
  resources: ResourcesBreakdown | null;
  bonds: BondBreakdown[];
  picks: PickBudget;
}

export function previewProtagonist(
  draft: CreationDraft,
  options: CreationOptions = DEFAULT_RULE_OPTIONS,
  context: Omit<CreationContext, "partial"> = {},
): CreationPreview {
  const resolved = resolveCreation(draft, options, { ...context, partial: true });
  const stats = completeStats(resolved.stats);
  return {
    violations: resolved.violations,
    advice: resolved.advice,
    stats: resolved.stats,
    derived:
      stats === undefined || resolved.harshness === undefined
        ? null
        : deriveAttributes(stats, resolved.harshness, unnaturalRating(resolved.skills)),
    features: STAT_NAMES.flatMap((stat) => {
      const value = resolved.stats[stat];
      return value === undefined ? [] : [distinguishingFeature(stat, value)];
    }),
    archetype: resolved.archetype ?? null,
    skills: resolved.skills,
    resources: resolved.resources ?? null,
    bonds: resolved.bonds,
    picks: resolved.picks,
  };
}
