import { z } from "zod";
import {
  creationDraftSchema,
  SKILL_NAME_MAX,
  skillKey as rulesSkillKey,
} from "../rules/creation/index.js";
import { maxHitPoints, maxWillpower } from "../rules/derived.js";
import { resourceBreakdown } from "../rules/resources.js";
import { STAT_NAMES, THREAT_TYPES } from "../rules/types.js";
import { invalid } from "./errors.js";
import { asJson } from "./event-log.js";
import { newId } from "./ids.js";
import {
  NOTES_MAX,
  PROTAGONIST_STATUSES,
  RESOURCES_MAX,
  SKILL_RATING_MAX,
} from "./protagonist-edit.js";
import { parseFriendly, statRange, text, whole, wholeIn } from "./protagonist-input.js";
import {
  protagonistColumns,
  protagonistInclude,
  toSnapshot,
  type ProtagonistSnapshot,
} from "./snapshot.js";
import type { Tx } from "./store.js";
import { displayName } from "./validation.js";

export const EXPORT_FORMAT = "cthulhu-eternal-bot/protagonist";
export const EXPORT_VERSION = 1;
/** Largest import accepted, in bytes of JSON text. */
export const IMPORT_MAX_BYTES = 100 * 1024;

const adaptationTrack = z.strictObject({ boxes: wholeIn(0, 3), adapted: z.boolean() });

/**
 * A Protagonist's sheet as exported: everything of its state except database ids, guild,
 * campaign and owner (a Bond's fellow Protagonist is a database id, so it is left out too).
 */
const exportedSheetSchema = z
  .strictObject({
    name: displayName,
    status: z.enum(PROTAGONIST_STATUSES),
    archetype: text(100, { required: true }),
    harshness: z.enum(["normal", "harsh", "very-harsh"]),
    // Per-stat ranges depend on the upbringing: checked below.
    stats: z.strictObject({
      STR: whole(),
      DEX: whole(),
      CON: whole(),
      INT: whole(),
      POW: whole(),
      CHA: whole(),
    }),
    hpMax: wholeIn(0, 99),
    hp: wholeIn(0, 99),
    wpMax: wholeIn(0, 99),
    wp: wholeIn(0, 99),
    san: wholeIn(0, 99),
    breakingPoint: wholeIn(0, 99),
    adaptation: z.strictObject({ violence: adaptationTrack, helplessness: adaptationTrack }),
    exhausted: z.boolean(),
    resources: z.strictObject({
      rating: wholeIn(0, RESOURCES_MAX),
      atHand: wholeIn(0, RESOURCES_MAX),
      stowed: wholeIn(0, RESOURCES_MAX),
      storage: wholeIn(0, RESOURCES_MAX),
      checked: wholeIn(0, 3),
    }),
    notes: text(NOTES_MAX),
    skills: z
      .array(
        z.strictObject({
          name: text(SKILL_NAME_MAX, { required: true }),
          rating: wholeIn(0, SKILL_RATING_MAX),
          failureMarked: z.boolean(),
        }),
      )
      .max(200),
    bonds: z
      .array(
        z.strictObject({
          name: text(100, { required: true }),
          kind: z.enum(["individual", "community"]),
          score: wholeIn(0, 20),
          crossedOff: z.boolean(),
        }),
      )
      .max(50),
    disorders: z
      .array(
        z.strictObject({
          name: text(200, { required: true }),
          threat: z.enum(THREAT_TYPES).nullable(),
          cured: z.boolean(),
        }),
      )
      .max(50),
  })
  .superRefine((sheet, ctx) => {
    const fail = (path: (string | number)[], message: string) => {
      ctx.addIssue({ code: "custom", path, message });
    };
    for (const stat of STAT_NAMES) {
      const { min, max } = statRange(stat, sheet.harshness);
      const value = sheet.stats[stat];
      if (value < min || value > max) fail(["stats", stat], `must be from ${min} to ${max}`);
    }
    const hpMax = maxHitPoints(sheet.stats);
    if (sheet.hpMax !== hpMax) fail(["hpMax"], `must be ${hpMax}, (STR + CON) / 2 rounded up`);
    const wpMax = maxWillpower(sheet.stats);
    if (sheet.wpMax !== wpMax) fail(["wpMax"], `must be ${wpMax}, the same as POW`);
    if (sheet.hp > sheet.hpMax) fail(["hp"], `must be from 0 to ${sheet.hpMax} (max HP)`);
    if (sheet.wp > sheet.wpMax) fail(["wp"], `must be from 0 to ${sheet.wpMax} (max WP)`);
    const unnatural = sheet.skills.find((s) => rulesSkillKey(s.name) === "unnatural")?.rating ?? 0;
    if (sheet.san > 99 - unnatural) {
      fail(["san"], `must be from 0 to ${99 - unnatural} (Max SAN = 99 − Unnatural)`);
    }
    const { rating, atHand, stowed, storage, checked } = sheet.resources;
    if (atHand + stowed + storage !== rating) {
      fail(["resources"], `at hand, stowed and in storage must add up to the rating ${rating}`);
    }
    const boxes = resourceBreakdown(rating).checkBoxes;
    if (checked > boxes) {
      fail(["resources", "checked"], `must be from 0 to ${boxes} (Resources ${rating})`);
    }
    const keys = new Set<string>();
    sheet.skills.forEach((skill, index) => {
      const key = rulesSkillKey(skill.name);
      if (keys.has(key)) fail(["skills", index, "name"], `repeats the skill “${skill.name}”`);
      keys.add(key);
    });
  });

export type ExportedSheet = z.infer<typeof exportedSheetSchema>;

export interface ProtagonistExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  protagonist: ExportedSheet;
  /** The creation choices the sheet was built from, when known. */
  creation: unknown;
}

const envelopeSchema = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `must be "${EXPORT_FORMAT}" (this is not a Protagonist exported by this bot)`,
  }),
  version: z.literal(EXPORT_VERSION, {
    error: `must be ${EXPORT_VERSION}; this bot reads version ${EXPORT_VERSION} exports only`,
  }),
  exportedAt: z.string().max(40).optional(),
  protagonist: z.looseObject({}),
  creation: z.unknown().optional(),
});

export function toExport(p: ProtagonistSnapshot, creation: unknown): ProtagonistExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    protagonist: {
      name: p.name,
      status: p.status,
      archetype: p.archetype,
      harshness: p.harshness as ExportedSheet["harshness"],
      stats: { ...p.stats },
      hpMax: p.hpMax,
      hp: p.hp,
      wpMax: p.wpMax,
      wp: p.wp,
      san: p.san,
      breakingPoint: p.breakingPoint,
      adaptation: structuredClone(p.adaptation),
      exhausted: p.exhausted,
      resources: { ...p.resources },
      notes: p.notes,
      skills: p.skills.map((s) => ({
        name: s.name,
        rating: s.rating,
        failureMarked: s.failureMarked,
      })),
      bonds: p.bonds.map((b) => ({
        name: b.name,
        kind: b.kind,
        score: b.score,
        crossedOff: b.crossedOff,
      })),
      disorders: p.disorders.map((d) => ({
        name: d.name,
        threat: d.threat as ExportedSheet["disorders"][number]["threat"],
        cured: d.cured,
      })),
    },
    creation: creation ?? null,
  };
}

export interface ParsedImport {
  sheet: ExportedSheet;
  creation: unknown;
}

/**
 * Reads an export: size, JSON, the envelope, then the sheet. Field names in messages are those
 * of the sheet (`stats.STR`), as the player sees them in the file under "protagonist".
 */
export function parseImport(json: string): ParsedImport {
  if (Buffer.byteLength(json, "utf8") > IMPORT_MAX_BYTES) {
    throw invalid(`That file is too large: an export is at most ${IMPORT_MAX_BYTES / 1024} kB.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw invalid(
      "That is not valid JSON. Attach the file exactly as `/protagonist export` made it.",
    );
  }
  const envelope = parseFriendly(envelopeSchema, raw);
  const sheet = parseFriendly(exportedSheetSchema, envelope.protagonist, "protagonist");
  const { creation } = parseFriendly(z.object({ creation: creationDraftSchema.nullish() }), {
    creation: envelope.creation,
  });
  return { sheet, creation: creation ?? null };
}

/** Writes an imported sheet as a new Protagonist (new ids everywhere) and returns its snapshot. */
export async function insertImported(
  tx: Tx,
  target: { guildId: string; campaignId: string; ownerId: string },
  sheet: ExportedSheet,
  creation: unknown,
): Promise<ProtagonistSnapshot> {
  const draft: ProtagonistSnapshot = {
    id: newId(),
    ...target,
    ...structuredClone(sheet),
    skills: sheet.skills.map((s) => ({
      id: newId(),
      name: s.name,
      key: rulesSkillKey(s.name),
      rating: s.rating,
      failureMarked: s.failureMarked,
    })),
    bonds: sheet.bonds.map((b) => ({ id: newId(), ...b, fellowId: null })),
    disorders: sheet.disorders.map((d) => ({ id: newId(), ...d })),
  };
  // Bonds and disorders are listed by creation time; space them a millisecond apart so a
  // reload keeps the file's order.
  const start = Date.now();
  const row = await tx.protagonist.create({
    data: {
      id: draft.id,
      guildId: target.guildId,
      campaignId: target.campaignId,
      ...protagonistColumns(draft),
      creation: asJson(creation),
      skills: {
        create: draft.skills.map(({ id, name, key, rating, failureMarked }) => ({
          id,
          name,
          key,
          rating,
          failureMarked,
        })),
      },
      bonds: {
        create: draft.bonds.map((b, i) => ({
          id: b.id,
          name: b.name,
          kind: b.kind,
          score: b.score,
          crossedOff: b.crossedOff,
          createdAt: new Date(start + i),
        })),
      },
      disorders: {
        create: draft.disorders.map((d, i) => ({
          id: d.id,
          name: d.name,
          threat: d.threat,
          curedAt: d.cured ? new Date(start) : null,
          createdAt: new Date(start + i),
        })),
      },
    },
    include: protagonistInclude,
  });
  return toSnapshot(row);
}
