import type { Era, Harshness, Stats } from "../types.js";
import { archetypesFor } from "./archetypes/index.js";
import type { Archetype } from "./archetypes/index.js";
import { checkBonds, checkPickBudget, checkResources } from "./check-bonds.js";
import type { BondBreakdown, ResourcesBreakdown } from "./check-bonds.js";
import type { CreationContext, CreationOptions, Report } from "./check-context.js";
import { checkSkills } from "./check-skills.js";
import { checkHarshness, checkStats, recommendedStatAdvice } from "./check-stats.js";
import { pickBudget } from "./choices.js";
import type { CreationDraft, PickBudget } from "./choices.js";
import type { SheetSkill } from "./skill-ledger.js";
import type { HarshBonusStat } from "./stats.js";
import type { CreationAdvice, CreationViolation } from "./violations.js";

/** Everything worked out from a (possibly partial) draft, and everything wrong with it. */
export interface CreationResolution {
  violations: CreationViolation[];
  advice: CreationAdvice[];
  era: Era | undefined;
  harshness: Harshness | undefined;
  archetype: Archetype | undefined;
  /** Stats as assigned, before the harsh-upbringing bonus. */
  assignedStats: Partial<Stats>;
  harshBonus: Partial<Record<HarshBonusStat, number>>;
  /** Stats after the harsh-upbringing bonus. */
  stats: Partial<Stats>;
  skills: SheetSkill[];
  resources: ResourcesBreakdown | undefined;
  bonds: BondBreakdown[];
  picks: PickBudget;
}

function findArchetypeFor(
  draft: CreationDraft,
  era: Era,
  context: CreationContext,
  partial: boolean,
  report: Report,
): Archetype | undefined {
  const wanted = draft.archetypeId?.trim().toLowerCase();
  if (wanted === undefined || wanted === "") {
    if (!partial) report({ code: "archetype-missing", path: "archetypeId" });
    return undefined;
  }
  const archetypes = archetypesFor(era, context.customArchetypes, context.customSkills);
  const found = archetypes.find((a) => a.id === wanted);
  if (found === undefined) {
    report({
      code: "archetype-unknown",
      path: "archetypeId",
      archetypeId: draft.archetypeId ?? "",
      era,
      archetypes: archetypes.map((a) => a.name),
    });
  }
  return found;
}

/**
 * Work out everything a draft already determines, and every way it breaks the rules.
 * Pure and total: invalid parts are reported and left out rather than thrown.
 */
export function resolveCreation(
  draft: CreationDraft,
  options: CreationOptions,
  context: CreationContext = {},
): CreationResolution {
  const partial = context.partial ?? false;
  const violations: CreationViolation[] = [];
  const report: Report = (violation) => violations.push(violation);

  if (!partial && (draft.name === undefined || draft.name.trim() === "")) {
    report({ code: "name-missing", path: "name" });
  }
  const era = draft.era;
  if (era === undefined && !partial) report({ code: "era-missing", path: "era" });
  const assignedStats = checkStats(draft.stats, partial, report);
  const harshBonus = checkHarshness(draft, partial, report);
  const stats: Partial<Stats> = { ...assignedStats };
  if (stats.STR !== undefined) stats.STR += harshBonus.STR ?? 0;
  if (stats.CON !== undefined) stats.CON += harshBonus.CON ?? 0;

  const archetype =
    era === undefined ? undefined : findArchetypeFor(draft, era, context, partial, report);
  const skills =
    era === undefined ? [] : checkSkills(draft, era, archetype, options, context, report);
  const resources = checkResources(draft, archetype, report);
  const bonds = checkBonds(draft, archetype, stats.CHA, resources?.rating, partial, report);
  const picks = pickBudget(draft);
  checkPickBudget(picks, partial, report);

  return {
    violations,
    advice: archetype === undefined ? [] : recommendedStatAdvice(archetype, stats),
    era,
    harshness: draft.harshness,
    archetype,
    assignedStats,
    harshBonus,
    stats,
    skills,
    resources,
    bonds,
    picks,
  };
}
