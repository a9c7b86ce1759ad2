import { z } from "zod";
import { SKILL_NAME_MAX, skillKey as rulesSkillKey } from "../rules/creation/index.js";
import { SHEET_LIMITS, type SheetPart } from "../rules/sheet-limits.js";
import { THREAT_TYPES } from "../rules/types.js";
import { asJson } from "./event-log.js";
import { newId } from "./ids.js";
import { NO_EXTENSIONS, type ExtensionPoints } from "./extension-points.js";
import {
  NOTES_MAX,
  PROTAGONIST_STATUSES,
  RESOURCES_MAX,
  SKILL_RATING_MAX,
} from "./protagonist-edit.js";
import { noted, text, whole, wholeIn } from "./protagonist-input.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import type { StoreTx } from "../store/store.js";
import { displayName } from "./validation.js";

export const EXPORT_FORMAT = "cthulhu-eternal-bot/protagonist";
export const EXPORT_VERSION = 1;
/** Largest import accepted, in bytes of JSON text. */
export const IMPORT_MAX_BYTES = 100 * 1024;

const adaptationTrack = z.strictObject({ boxes: wholeIn(0, 3), adapted: z.boolean() });

/**
 * No more entries than a sheet holds, checked before the entries as zod's own `.max` does: a
 * list too long is refused for its length alone, not read entry by entry.
 */
function sheetList<T extends z.ZodType>(entry: T, part: SheetPart) {
  const maximum = SHEET_LIMITS[part];
  return z
    .unknown()
    .refine(
      (list) => !Array.isArray(list) || list.length <= maximum,
      noted({ code: "over-sheet-limit", maximum }),
    )
    .pipe(z.array(entry));
}

export const exportedSkillSchema = z.strictObject({
  name: text(SKILL_NAME_MAX, { required: true }),
  rating: wholeIn(0, SKILL_RATING_MAX),
  failureMarked: z.boolean(),
});

export const exportedBondSchema = z.strictObject({
  name: text(100, { required: true }),
  kind: z.enum(["individual", "community"]),
  score: wholeIn(0, 20),
  crossedOff: z.boolean(),
});

export const exportedDisorderSchema = z.strictObject({
  /** Empty: a breaking point's disorder the GM has not named yet. */
  name: text(200),
  threat: z.enum(THREAT_TYPES).nullable(),
  cured: z.boolean(),
});

/**
 * A Protagonist's sheet as exported: everything of its state except database ids, guild,
 * campaign and owner (a Bond's fellow Protagonist is a database id, so it is left out too).
 * Field by field; the rules between fields (stats by upbringing, Bonds within CHA…) are checked
 * by the import (protagonist-import.ts).
 */
export const exportedSheetSchema = z.strictObject({
  name: displayName,
  status: z.enum(PROTAGONIST_STATUSES),
  archetype: text(100, { required: true }),
  harshness: z.enum(["normal", "harsh", "very-harsh"]),
  // Per-stat ranges depend on the upbringing: checked by the import.
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
  skills: sheetList(exportedSkillSchema, "skills"),
  bonds: sheetList(exportedBondSchema, "bonds"),
  disorders: sheetList(exportedDisorderSchema, "disorders"),
  /** The campaign modules' parts (the Extras), by module id; each module reads its own. */
  extras: z.record(z.string().max(64), z.unknown()).optional(),
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

export function toExport(
  p: ProtagonistSnapshot,
  creation: unknown,
  extras: Record<string, unknown> = {},
): ProtagonistExport {
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
      ...(Object.keys(extras).length ? { extras } : {}),
    },
    creation: creation ?? null,
  };
}

/** Writes an imported sheet as a new Protagonist (new ids everywhere) and returns its snapshot. */
export function insertImported(
  tx: StoreTx,
  target: { guildId: string; campaignId: string; ownerId: string },
  sheet: ExportedSheet,
  creation: unknown,
  extensions: ExtensionPoints = NO_EXTENSIONS,
): Promise<ProtagonistSnapshot> {
  const draft: ProtagonistSnapshot = {
    id: newId(),
    ...target,
    ...structuredClone(sheet),
    // An episode of temporary insanity belongs to the table it happened at, not to the file.
    temporarilyInsane: false,
    skills: sheet.skills.map((s) => ({
      id: newId(),
      name: s.name,
      key: rulesSkillKey(s.name),
      rating: s.rating,
      failureMarked: s.failureMarked,
      // An export carries only the marks the whole table sees (hidden-marks.ts).
      failureMarkVisibleTo: null,
    })),
    bonds: sheet.bonds.map((b) => ({ id: newId(), ...b, fellowId: null })),
    disorders: sheet.disorders.map((d) => ({ id: newId(), ...d })),
  };
  const withExtras = sheet.extras
    ? { ...draft, extras: extensions.importExtras(sheet.extras, draft) }
    : draft;
  return tx.protagonists.insert(withExtras, asJson(creation));
}
