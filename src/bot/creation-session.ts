import {
  adversityPickCount,
  parseSkillName,
  type Archetype,
  type CreationDraft,
  type CreationPreview,
  type SkillDefinition,
} from "../rules/creation/index.js";
import { STAT_NAMES } from "../rules/types.js";
import type { CreationCatalog } from "../services/protagonist-service.js";
import { DraftStore, type DraftOwner } from "./creation-drafts.js";

/** The slash command that owns the creation flow's components. */
export const PROTAGONIST_COMMAND = "protagonist";

/** Drafts live this long without use (renewed on every step). */
export const CREATION_TTL_MS = 30 * 60 * 1000;
/** Open drafts kept at most, across all guilds; the least recently used go first. */
export const CREATION_MAX_DRAFTS = 500;

export const CREATION_STEPS = [
  "upbringing",
  "stat-method",
  "stat-values",
  "archetype",
  "archetype-skills",
  "adversity",
  "bonds",
  "picks",
  "review",
] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];

/** The forms whose last typed text is kept, so a reopened form shows it even when it was refused. */
export type CreationForm = "name" | "stats" | "adversity" | "bonds" | "picks";

/** One player's unfinished Protagonist: the draft and where they are in the guided flow. */
export interface CreationSession extends DraftOwner {
  readonly campaignId: string;
  readonly catalog: CreationCatalog;
  draft: CreationDraft;
  step: CreationStep;
  /** The six totals rolled for this draft; kept, so changing method never re-rolls. */
  rolls: number[] | null;
  typed: Partial<Record<CreationForm, string>>;
  /** Shown once above the next render: what was wrong with the last input, or what happened. */
  notice: string | null;
  archetypePage: number;
}

/**
 * Every open creation of this bot process. Drafts are kept in memory only: a restart loses
 * unfinished ones, and their buttons then say the creation expired.
 */
export const creationDrafts = new DraftStore<CreationSession>({
  ttlMs: CREATION_TTL_MS,
  maxEntries: CREATION_MAX_DRAFTS,
});

export const CREATION_EXPIRED =
  "This creation expired (drafts are kept for 30 minutes, and not across bot restarts). Run `/protagonist create` again.";
export const CREATION_NOT_YOURS =
  "This creation isn't yours. Run `/protagonist create` to make your own Protagonist.";

/** The steps this draft goes through: adversity picks only follow a harsh upbringing. */
export function stepsOf(draft: CreationDraft): CreationStep[] {
  return CREATION_STEPS.filter(
    (step) => step !== "adversity" || (draft.harshness ?? "normal") !== "normal",
  );
}

export function archetypeOf(session: CreationSession): Archetype | undefined {
  const id = session.draft.archetypeId;
  return session.catalog.archetypes.find((a) => a.id === id);
}

function definitionOf(catalog: CreationCatalog, skill: string): SkillDefinition | undefined {
  const name = parseSkillName(skill).name.toLowerCase();
  return catalog.skills.find((s) => s.name.toLowerCase() === name);
}

/** A skill text still waiting for its specialisation ("Art (Type)" of a typed skill). */
export function needsSpecialisation(catalog: CreationCatalog, skill: string): boolean {
  return (
    definitionOf(catalog, skill)?.typed === true && parseSkillName(skill).specialisation === null
  );
}

/** The archetype's "(Type)" skills, by skill name ("Art"), that the player names. */
export function typedArchetypeSkills(session: CreationSession): string[] {
  const archetype = archetypeOf(session);
  if (archetype === undefined) return [];
  return archetype.skills
    .filter((granted) => needsSpecialisation(session.catalog, granted.skill))
    .map((granted) => parseSkillName(granted.skill).name);
}

function violationsUnder(preview: CreationPreview, prefixes: readonly string[]): string[] {
  return preview.violations
    .filter((v) => prefixes.some((prefix) => v.path === prefix || v.path.startsWith(prefix)))
    .map((v) => v.message);
}

/**
 * What still keeps the player on this step, in their words; null when they may go on. Missing
 * choices are the flow's concern; anything against the rules comes from the preview's violations.
 */
export function stepProblem(
  step: CreationStep,
  session: CreationSession,
  preview: CreationPreview,
): string | null {
  const { draft } = session;
  const blockers: string[] = [];
  switch (step) {
    case "upbringing":
      if (draft.harshness === undefined) blockers.push("Choose an upbringing.");
      else if (draft.harshness === "harsh" && draft.harshBonusStat === undefined) {
        blockers.push("Choose whether the Harsh upbringing's +1 goes to STR or CON.");
      }
      blockers.push(...violationsUnder(preview, ["harshness", "harshBonusStat"]));
      break;
    case "stat-method":
      if (draft.stats === undefined) blockers.push("Choose how to make your stats.");
      break;
    case "stat-values": {
      const assignment = draft.stats?.assignment ?? {};
      if (STAT_NAMES.some((stat) => assignment[stat] === undefined)) {
        blockers.push("Enter all six stats (press **Enter stats**).");
      }
      blockers.push(...violationsUnder(preview, ["stats"]));
      break;
    }
    case "archetype":
      if (archetypeOf(session) === undefined) blockers.push("Choose an archetype.");
      blockers.push(...violationsUnder(preview, ["archetypeId"]));
      break;
    case "archetype-skills": {
      const archetype = archetypeOf(session);
      const wanted = archetype?.optionalSkillCount ?? 0;
      const chosen = draft.optionalSkills?.length ?? 0;
      if (chosen !== wanted) {
        blockers.push(`Choose ${wanted} skills from the list (you have ${chosen}).`);
      }
      const named = draft.archetypeSpecialisations ?? {};
      const unnamed = typedArchetypeSkills(session).filter((skill) => !named[skill]?.trim());
      const unnamedPicks = (draft.optionalSkills ?? []).filter((pick) =>
        needsSpecialisation(session.catalog, pick),
      );
      const toName = [...unnamed, ...unnamedPicks.map((pick) => parseSkillName(pick).name)];
      if (toName.length > 0) {
        blockers.push(`Name the kind of ${toName.join(", ")} (press **Name specialisations**).`);
      }
      blockers.push(...violationsUnder(preview, ["archetypeSpecialisations", "optionalSkills"]));
      break;
    }
    case "adversity": {
      const wanted = adversityPickCount(draft.harshness ?? "normal");
      const made = draft.adversitySkills?.length ?? 0;
      if (made !== wanted) blockers.push(`Make ${wanted} adversity pick(s) (you have ${made}).`);
      blockers.push(...violationsUnder(preview, ["adversitySkills"]));
      break;
    }
    case "bonds": {
      const wanted = archetypeOf(session)?.bonds ?? 0;
      const given = draft.bonds?.length ?? 0;
      if (given !== wanted) blockers.push(`Describe ${wanted} Bonds (you have ${given}).`);
      blockers.push(...violationsUnder(preview, ["bonds"]));
      break;
    }
    case "picks": {
      const { remaining } = preview.picks;
      if (remaining > 0) blockers.push(`Spend your ${remaining} remaining bonus pick(s).`);
      if (remaining < 0) blockers.push(`You have spent ${-remaining} bonus pick(s) too many.`);
      blockers.push(...violationsUnder(preview, ["bonusSkills", "resources"]));
      break;
    }
    case "review":
      break;
  }
  return blockers.length === 0 ? null : [...new Set(blockers)].join("\n");
}

/** The step after `step` for this draft (review is last). */
export function nextStep(draft: CreationDraft, step: CreationStep): CreationStep {
  const steps = stepsOf(draft);
  const at = steps.indexOf(step);
  return steps[Math.min(at + 1, steps.length - 1)] ?? "review";
}

export function previousStep(draft: CreationDraft, step: CreationStep): CreationStep {
  const steps = stepsOf(draft);
  const at = steps.indexOf(step);
  return steps[Math.max(at - 1, 0)] ?? "upbringing";
}
