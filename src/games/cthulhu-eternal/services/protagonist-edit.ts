import { z } from "zod";
import type { SheetChange } from "./sheet-change.js";
import {
  resolveSkill,
  SKILL_NAME_MAX,
  skillKey as rulesSkillKey,
} from "../rules/creation/index.js";
import type { SkillCatalog, SkillResolution } from "../rules/creation/index.js";
import { maxHitPoints, maxSanity, maxWillpower } from "../rules/derived.js";
import { lowerCha } from "../rules/bonds.js";
import { resourceBreakdown } from "../rules/resources.js";
import { assertRoomOnSheet } from "../rules/sheet-limits.js";
import { STAT_NAMES, THREAT_TYPES, type StatName } from "../rules/types.js";
import { forbidden, invalid } from "./errors.js";
import type { RangeBound, ServiceRefusal } from "./refusals.js";
import { newId } from "./ids.js";
import { statRange, text, whole as wholeNumber, wholeIn } from "./protagonist-input.js";
import {
  cloneSnapshot,
  rulesBond,
  type ProtagonistSnapshot,
  type ProtagonistStatus,
} from "./snapshot.js";
import { displayName, recordId } from "./validation.js";

export const PROTAGONIST_STATUSES = [
  "active",
  "dead",
  "insane",
  "retired",
  "lost",
] as const satisfies readonly ProtagonistStatus[];

export const NOTES_MAX = 2000;
export const SKILL_RATING_MAX = 99;
export const RESOURCES_MAX = 99;

// Ranges that depend on the Protagonist (stats by upbringing, HP/WP/SAN by their maxima) are
// checked once it is loaded; the schema only insists on whole numbers.
const whole = wholeNumber();
const disorderName = text(200, { required: true });

export const protagonistPatchSchema = z.strictObject({
  name: displayName.optional(),
  notes: text(NOTES_MAX).optional(),
  /** Set ratings; a skill not on the sheet is added (a "(Type)" skill needs a specialisation). */
  skills: z
    .array(
      z.strictObject({
        name: text(SKILL_NAME_MAX, { required: true }),
        rating: wholeIn(0, SKILL_RATING_MAX),
      }),
    )
    .min(1)
    .max(50)
    .optional(),
  stats: z
    .strictObject({
      STR: whole.optional(),
      DEX: whole.optional(),
      CON: whole.optional(),
      INT: whole.optional(),
      POW: whole.optional(),
      CHA: whole.optional(),
    })
    .optional(),
  hp: whole.optional(),
  wp: whole.optional(),
  san: whole.optional(),
  disorders: z
    .strictObject({
      /** Name a disorder (typically the GM-pending placeholder a breaking point leaves). */
      rename: z
        .array(z.strictObject({ id: recordId, name: disorderName }))
        .max(20)
        .optional(),
      add: z
        .array(z.strictObject({ name: disorderName, threat: z.enum(THREAT_TYPES).nullish() }))
        .max(20)
        .optional(),
      cure: z.array(recordId).max(20).optional(),
      /** GM only: strike cured disorders from the sheet, to make room on a full one. */
      erase: z.array(recordId).max(20).optional(),
    })
    .optional(),
  /** GM only. */
  status: z.enum(PROTAGONIST_STATUSES).optional(),
  /** Permanent Resources rating; the breakdown and check boxes follow it. */
  resources: wholeIn(0, RESOURCES_MAX).optional(),
  /** Resource check boxes ticked; never more than the rating gives. */
  resourcesChecked: wholeIn(0, 3).optional(),
});

export type ProtagonistPatch = z.infer<typeof protagonistPatchSchema>;
/** What callers may pass (before defaults and trimming). */
export type ProtagonistPatchInput = z.input<typeof protagonistPatchSchema>;

export interface PatchEnvironment {
  /** Skills that may be added: the campaign era's list with its custom skills (read lazily). */
  catalog: () => SkillCatalog;
  /** Whether the actor is a GM of the Protagonist's campaign (status changes). */
  isGm: boolean;
}

export interface PatchResult {
  after: ProtagonistSnapshot;
  /** Each change, in the order made (the event's payload and the reply). */
  changes: SheetChange[];
}

/** Max SAN (99 − Unnatural) of a snapshot. */
export function maxSanOf(p: ProtagonistSnapshot, corrupted = 0): number {
  return maxSanity(p.skills.find((s) => s.key === "unnatural")?.rating ?? 0, corrupted);
}

function outOfRange(
  field: string,
  min: number,
  max: number,
  bound?: RangeBound,
  resources?: number,
): never {
  throw invalid({
    code: "out-of-range",
    field,
    min,
    max,
    ...(bound ? { bound } : {}),
    ...(resources === undefined ? {} : { resources }),
  });
}

/**
 * Applies a validated patch to a copy of the snapshot, in rule order: stats (and what derives from
 * them), skills (and Max SAN), then explicit HP/WP/SAN, Resources, disorders, text and status.
 * Throws an `invalid`/`forbidden` ServiceError for anything out of range; the input is not touched.
 */
export function applyPatch(
  before: ProtagonistSnapshot,
  patch: ProtagonistPatch,
  env: PatchEnvironment,
): PatchResult {
  const after = cloneSnapshot(before);
  const changes: SheetChange[] = [];

  if (patch.stats) applyStats(after, patch.stats, changes);
  if (patch.skills) applySkills(after, patch.skills, env.catalog, changes);

  const maxSan = maxSanOf(after);
  const oldMaxSan = maxSanOf(before);
  if (maxSan !== oldMaxSan)
    changes.push({ kind: "score", score: "max-san", before: oldMaxSan, after: maxSan });
  if (patch.san === undefined && after.san > maxSan) {
    // Raising Unnatural lowers Max SAN; SAN can never sit above it.
    after.san = maxSan;
  }
  if (patch.hp !== undefined) {
    if (patch.hp < 0 || patch.hp > after.hpMax) outOfRange("hp", 0, after.hpMax, "max-hp");
    after.hp = patch.hp;
  }
  if (patch.wp !== undefined) {
    if (patch.wp < 0 || patch.wp > after.wpMax) outOfRange("wp", 0, after.wpMax, "max-wp");
    after.wp = patch.wp;
  }
  if (patch.san !== undefined) {
    if (patch.san < 0 || patch.san > maxSan) outOfRange("san", 0, maxSan, "max-san");
    after.san = patch.san;
  }
  for (const key of ["hp", "wp", "san"] as const) {
    if (before[key] !== after[key]) {
      changes.push({ kind: "score", score: key, before: before[key], after: after[key] });
    }
  }

  if (patch.resources !== undefined || patch.resourcesChecked !== undefined) {
    applyResources(after, patch.resources, patch.resourcesChecked, changes);
  }
  if (patch.disorders) applyDisorders(after, patch.disorders, env, changes);

  if (patch.name !== undefined && patch.name !== before.name) {
    after.name = patch.name;
    changes.push({ kind: "renamed", before: before.name, after: patch.name });
  }
  if (patch.notes !== undefined && patch.notes !== before.notes) {
    after.notes = patch.notes;
    changes.push({ kind: "notes" });
  }
  if (patch.status !== undefined && patch.status !== before.status) {
    if (!env.isGm) throw forbidden({ code: "status-needs-gm" });
    after.status = patch.status;
    changes.push({ kind: "status", before: before.status, after: patch.status });
  }
  return { after, changes };
}

/**
 * New stats, then the maxima that derive from them (HP max from STR and CON, WP max = POW).
 * Our choice for the current values: they move by as much as the maximum did (damage taken and
 * WP spent stay taken and spent), clamped to 0..the new maximum. When CHA drops, each individual
 * Bond drops by the same amount, breaking at 0 (seed 000); the breaking point is left as it is,
 * because the rules only reset it when it is reached.
 */
function applyStats(
  after: ProtagonistSnapshot,
  stats: Partial<Record<StatName, number>>,
  changes: SheetChange[],
): void {
  const chaBefore = after.stats.CHA;
  const statsBefore = { ...after.stats };
  for (const stat of STAT_NAMES) {
    const value = stats[stat];
    if (value === undefined || value === after.stats[stat]) continue;
    const { min, max } = statRange(stat, after.harshness);
    if (value < min || value > max) outOfRange(`stats.${stat}`, min, max);
    changes.push({ kind: "stat", stat, before: after.stats[stat], after: value });
    after.stats[stat] = value;
  }
  // The maxima follow the stats' change: one corruption lowered stays lowered.
  const hpMax = Math.max(0, after.hpMax + maxHitPoints(after.stats) - maxHitPoints(statsBefore));
  if (hpMax !== after.hpMax) {
    const hp = clamp(after.hp + hpMax - after.hpMax, 0, hpMax);
    changes.push({ kind: "score", score: "hp-max", before: after.hpMax, after: hpMax });
    after.hpMax = hpMax;
    after.hp = hp;
  }
  const wpMax = Math.max(0, after.wpMax + maxWillpower(after.stats) - maxWillpower(statsBefore));
  if (wpMax !== after.wpMax) {
    const wp = clamp(after.wp + wpMax - after.wpMax, 0, wpMax);
    changes.push({ kind: "score", score: "wp-max", before: after.wpMax, after: wpMax });
    after.wpMax = wpMax;
    after.wp = wp;
  }
  if (after.stats.CHA < chaBefore) followCha(after, chaBefore, changes);
}

/** "Any time CHA drops, each Individual Bond drops by the same amount" (seed 000). */
function followCha(after: ProtagonistSnapshot, chaBefore: number, changes: SheetChange[]): void {
  const result = lowerCha(after.bonds.map(rulesBond), after.stats.CHA, chaBefore);
  for (const change of result.changes) {
    const bond = after.bonds.find((b) => b.id === change.bondId);
    if (bond === undefined) continue;
    bond.score = change.after;
    bond.crossedOff = bond.crossedOff || change.broke;
    changes.push({
      kind: "bond-follows-cha",
      bond: change.name,
      before: change.before,
      after: change.after,
      broke: change.broke,
      drop: result.drop,
    });
  }
}

function applySkills(
  after: ProtagonistSnapshot,
  skills: readonly { name: string; rating: number }[],
  catalog: () => SkillCatalog,
  changes: SheetChange[],
): void {
  const seen = new Set<string>();
  for (const { name, rating } of skills) {
    const key = rulesSkillKey(name);
    if (seen.has(key)) throw invalid({ code: "skill-listed-twice", skill: name });
    seen.add(key);
    const existing = after.skills.find((s) => s.key === key);
    if (existing) {
      if (existing.rating === rating) continue;
      changes.push({ kind: "skill", skill: existing.name, before: existing.rating, after: rating });
      existing.rating = rating;
      continue;
    }
    const skills = catalog();
    const resolution = resolveSkill(skills, name);
    if (!resolution.ok) throw invalid(skillProblem(skills, name, resolution.problem));
    const { skill } = resolution;
    if (after.skills.some((s) => s.key === skill.key)) {
      throw invalid({ code: "skill-listed-twice", skill: name });
    }
    assertRoomOnSheet("skills", after.skills.length);
    after.skills.push({
      id: newId(),
      name: skill.name,
      key: skill.key,
      rating,
      failureMarked: false,
      failureMarkVisibleTo: null,
    });
    changes.push({ kind: "skill-added", skill: skill.name, rating });
  }
  // Keep the snapshot in the order a reload gives (by name), so before/after compare cleanly.
  after.skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Why a skill name is not one of the campaign's (the refusal says what to write instead). */
export function skillProblem(
  catalog: SkillCatalog,
  name: string,
  problem: Exclude<SkillResolution, { ok: true }>["problem"],
): ServiceRefusal {
  if (problem === "skill-unknown") return { code: problem, skill: name };
  return { code: problem, skill: catalog.find(name)?.name ?? name };
}

function applyResources(
  after: ProtagonistSnapshot,
  rating: number | undefined,
  checked: number | undefined,
  changes: SheetChange[],
): void {
  const old = after.resources;
  if (rating !== undefined && rating !== old.rating) {
    const split = resourceBreakdown(rating);
    after.resources = {
      rating,
      atHand: split.atHand,
      stowed: split.stowed,
      storage: split.inStorage,
      // A smaller rating has fewer boxes: ticks beyond them go with the boxes.
      checked: Math.min(old.checked, split.checkBoxes),
    };
    changes.push({
      kind: "resources",
      before: old.rating,
      after: rating,
      atHand: split.atHand,
      stowed: split.stowed,
      storage: split.inStorage,
      boxes: split.checkBoxes,
    });
  }
  if (checked !== undefined) {
    const boxes = resourceBreakdown(after.resources.rating).checkBoxes;
    if (checked > boxes) {
      outOfRange("resourcesChecked", 0, boxes, "resource-boxes", after.resources.rating);
    }
    if (checked !== after.resources.checked) {
      changes.push({ kind: "resources-checked", before: after.resources.checked, after: checked });
      after.resources.checked = checked;
    }
  }
}

function applyDisorders(
  after: ProtagonistSnapshot,
  ops: NonNullable<ProtagonistPatch["disorders"]>,
  env: PatchEnvironment,
  changes: SheetChange[],
): void {
  const find = (id: string) => {
    const disorder = after.disorders.find((d) => d.id === id);
    if (!disorder) {
      throw invalid({ code: "no-such-disorder", protagonist: after.name });
    }
    return disorder;
  };
  for (const { id, name } of ops.rename ?? []) {
    const disorder = find(id);
    if (disorder.name === name) continue;
    changes.push({ kind: "disorder-renamed", disorder: disorder.name, to: name });
    disorder.name = name;
  }
  for (const id of ops.cure ?? []) {
    const disorder = find(id);
    if (disorder.cured) throw invalid({ code: "disorder-already-cured", disorder: disorder.name });
    disorder.cured = true;
    changes.push({ kind: "disorder-cured", disorder: disorder.name });
  }
  for (const id of ops.erase ?? []) {
    if (!env.isGm) throw forbidden({ code: "erase-disorder-needs-gm" });
    const disorder = find(id);
    if (!disorder.cured) {
      throw invalid({ code: "disorder-not-cured", disorder: disorder.name });
    }
    after.disorders = after.disorders.filter((d) => d.id !== id);
    changes.push({ kind: "disorder-erased", disorder: disorder.name });
  }
  assertRoomOnSheet("disorders", after.disorders.length, ops.add?.length ?? 0);
  for (const { name, threat } of ops.add ?? []) {
    after.disorders.push({ id: newId(), name, threat: threat ?? null, cured: false });
    changes.push({ kind: "disorder-added", disorder: name });
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
