import {
  ASSIGNABLE_SETS,
  STAT_POINT_TOTAL,
  adversityPickCount,
  parseSkillName,
  skillCatalog,
  skillKey,
  type Archetype,
  type CreationDraft,
  type CreationPreview,
  type SkillCatalog,
  type SkillDefinition,
  type StatRoll,
} from "../rules/creation/index.js";
import { STAT_NAMES, type StatName, type Stats } from "../rules/types.js";
import type { CreationCatalog } from "../services/protagonist-creation-service.js";
import { DraftStore, type DraftOwner } from "./drafts.js";

/** The slash command that owns the creation flow's components. */
export const PROTAGONIST_COMMAND = "protagonist";

/** Drafts live this long without use (renewed on every step). */
export const CREATION_TTL_MS = 30 * 60 * 1000;
/** Open drafts kept at most, across all guilds; the least recently used go first. */
export const CREATION_MAX_DRAFTS = 500;

/** The parts of a Protagonist, each filled in with one form, in any order. */
export const CREATION_SECTIONS = ["basics", "skills", "picks"] as const;
export type CreationSection = (typeof CREATION_SECTIONS)[number];

/** Text fields whose last text is kept when it can't be used, so the reopened form shows it. */
export const TYPED_FIELDS = ["stats", "kinds", "bonds", "picks"] as const;
export type TypedField = (typeof TYPED_FIELDS)[number];

/** One player's unfinished Protagonist: the draft and the state of its one message. */
export interface CreationSession extends DraftOwner {
  readonly campaignId: string;
  readonly catalog: CreationCatalog;
  draft: CreationDraft;
  /**
   * The version of the flow's message; every component carries it and every render bumps it,
   * so a press on an outdated copy of the message changes nothing.
   */
  version: number;
  /** This draft's six 4D6 rolls, dice and all; rolled once, so changing method never re-rolls. */
  rolls: readonly StatRoll[] | null;
  typed: Partial<Record<TypedField, string>>;
  /** Shown once above the next render: what was wrong with the last input, or what happened. */
  notices: string[];
  archetypePage: number;
  /** Set once the Protagonist exists, so a late press names it instead of saying "expired". */
  created: { readonly name: string } | null;
}

/**
 * Every open creation of this bot process. Drafts are kept in memory only: a restart loses
 * unfinished ones, and their buttons then say the creation expired.
 */
export const creationDrafts = new DraftStore<CreationSession>({
  ttlMs: CREATION_TTL_MS,
  maxEntries: CREATION_MAX_DRAFTS,
});

export function archetypeOf(session: CreationSession): Archetype | undefined {
  const id = session.draft.archetypeId;
  return session.catalog.archetypes.find((a) => a.id === id);
}

/** The campaign's skills as the rules look them up. */
export function skillsOf(session: CreationSession): SkillCatalog {
  return skillCatalog(session.catalog.era, session.catalog.skills);
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

/** Whether a skill of a "(Type)" kind, named or not ("Art (Type)", "Art (Painting)"). */
export function isTypedSkill(catalog: CreationCatalog, skill: string): boolean {
  return definitionOf(catalog, skill)?.typed === true;
}

/** The archetype's "(Type)" skills, by skill name ("Art"), that the player names. */
export function typedArchetypeSkills(session: CreationSession): string[] {
  const archetype = archetypeOf(session);
  if (archetype === undefined) return [];
  return archetype.skills
    .filter((granted) => needsSpecialisation(session.catalog, granted.skill))
    .map((granted) => parseSkillName(granted.skill).name);
}

/** Whether a violation path belongs to a section (e.g. `bonds[1].name` to "picks"). */
export function sectionOfPath(path: string): CreationSection {
  const head = /^[a-zA-Z]+/.exec(path)?.[0] ?? "";
  if (["stats", "archetypeSpecialisations", "optionalSkills"].includes(head)) return "skills";
  if (["adversitySkills", "bonds", "bonusSkills", "resources"].includes(head)) return "picks";
  return "basics";
}

/** A choice the draft still lacks (the rules' partial check reports only what is wrong). */
export type PendingChoice =
  | { readonly section: "basics"; readonly kind: "name" | "upbringing" | "method" | "archetype" }
  | { readonly section: "skills"; readonly kind: "stats" }
  | {
      readonly section: "skills";
      readonly kind: "optional";
      readonly wanted: number;
      readonly chosen: number;
    }
  | { readonly section: "skills"; readonly kind: "kinds"; readonly skills: readonly string[] }
  | {
      readonly section: "picks";
      readonly kind: "adversity" | "bonds";
      readonly wanted: number;
      readonly given: number;
    }
  | { readonly section: "picks"; readonly kind: "bonus"; readonly remaining: number };

/**
 * What the draft still lacks before it can be created, in flow order. Anything against the rules
 * is the preview's to show (its violations), so nothing here repeats one of them.
 */
export function pendingChoices(
  session: CreationSession,
  preview: CreationPreview,
): PendingChoice[] {
  const { draft } = session;
  const pending: PendingChoice[] = [];
  if (!draft.name?.trim()) pending.push({ section: "basics", kind: "name" });
  if (draft.harshness === undefined || (draft.harshness === "harsh" && !draft.harshBonusStat)) {
    pending.push({ section: "basics", kind: "upbringing" });
  }
  if (draft.stats === undefined) pending.push({ section: "basics", kind: "method" });
  const archetype = archetypeOf(session);
  if (archetype === undefined) pending.push({ section: "basics", kind: "archetype" });
  const assignment = draft.stats?.assignment ?? {};
  if (draft.stats !== undefined && STAT_NAMES.some((stat) => assignment[stat] === undefined)) {
    pending.push({ section: "skills", kind: "stats" });
  }
  if (archetype !== undefined) {
    const chosen = draft.optionalSkills?.length ?? 0;
    if (chosen < archetype.optionalSkillCount) {
      pending.push({
        section: "skills",
        kind: "optional",
        wanted: archetype.optionalSkillCount,
        chosen,
      });
    }
    // A kind given blank is a violation; one never asked for is still to do.
    const named = draft.archetypeSpecialisations ?? {};
    const unnamed = typedArchetypeSkills(session).filter((skill) => !hasKey(named, skill));
    if (unnamed.length > 0) pending.push({ section: "skills", kind: "kinds", skills: unnamed });
  }
  const wantedAdversity = adversityPickCount(draft.harshness ?? "normal");
  const adversity = draft.adversitySkills?.length ?? 0;
  if (adversity < wantedAdversity) {
    pending.push({
      section: "picks",
      kind: "adversity",
      wanted: wantedAdversity,
      given: adversity,
    });
  }
  const bonds = draft.bonds?.length ?? 0;
  if (archetype !== undefined && bonds < archetype.bonds) {
    pending.push({ section: "picks", kind: "bonds", wanted: archetype.bonds, given: bonds });
  }
  if (preview.picks.remaining > 0) {
    pending.push({ section: "picks", kind: "bonus", remaining: preview.picks.remaining });
  }
  return pending;
}

function hasKey(named: Readonly<Record<string, string>>, skill: string): boolean {
  const wanted = skill.toLowerCase();
  return Object.keys(named).some((key) => parseSkillName(key).name.toLowerCase() === wanted);
}

/** Whether a section has nothing left to do and nothing the rules object to. */
export function sectionDone(
  section: CreationSection,
  pending: readonly PendingChoice[],
  preview: CreationPreview,
): boolean {
  return (
    !pending.some((p) => p.section === section) &&
    !preview.violations.some((v) => sectionOfPath(v.path) === section)
  );
}

/** Ready to create: nothing missing and nothing against the rules. */
export function readyToCreate(
  pending: readonly PendingChoice[],
  preview: CreationPreview,
): boolean {
  return pending.length === 0 && preview.violations.length === 0;
}

/** Whether the archetype's own skills include this one (so its list can't add it again). */
export function heldByArchetype(archetype: Archetype, skill: string): boolean {
  const key = skillKey(skill);
  return archetype.skills.some((granted) => skillKey(granted.skill) === key);
}

/**
 * Which value goes to which stat until the player says otherwise: what they placed, or else the
 * values highest first, to the archetype's recommended stats before the others.
 */
export function suggestedStats(session: CreationSession): Partial<Stats> {
  const stats = session.draft.stats;
  if (stats === undefined) return {};
  if (Object.keys(stats.assignment).length > 0) return stats.assignment;
  const values =
    stats.method === "rolled"
      ? stats.rolls
      : stats.method === "set"
        ? ASSIGNABLE_SETS[stats.set].values
        : STAT_NAMES.map(() => STAT_POINT_TOTAL / STAT_NAMES.length);
  const highestFirst = [...values].sort((a, b) => b - a);
  const recommended = archetypeOf(session)?.recommendedStats ?? [];
  const order = [...recommended, ...STAT_NAMES.filter((stat) => !recommended.includes(stat))];
  return Object.fromEntries(order.map((stat, index) => [stat, highestFirst[index]]));
}

/** The roll each placed stat came from (each roll once), to show its dice. */
export function rollsByStat(
  rolls: readonly StatRoll[],
  stats: Partial<Stats>,
): Partial<Record<StatName, StatRoll>> {
  const left = [...rolls];
  const found: Partial<Record<StatName, StatRoll>> = {};
  for (const stat of STAT_NAMES) {
    const at = left.findIndex((roll) => roll.total === stats[stat]);
    if (at === -1) continue;
    found[stat] = left[at];
    left.splice(at, 1);
  }
  return found;
}
