import { NO_EXTENSIONS, type ExtensionPoints, type Reductions } from "./extension-points.js";
import { z } from "zod";
import { sameSubject } from "../rules/bonds.js";
import {
  creationDraftSchema,
  resolveSkill,
  skillKey as rulesSkillKey,
  type SkillCatalog,
} from "../rules/creation/index.js";
import { maxHitPoints, maxSanity, maxWillpower } from "../rules/derived.js";
import { ADAPTATION_BOXES } from "../rules/sanity/index.js";
import { resourceBreakdown } from "../rules/resources.js";
import { STAT_NAMES, type Stats } from "../rules/types.js";
import { invalid, ServiceRefusalError } from "./errors.js";
import type { ServiceRefusal } from "./refusals.js";
import { skillProblem } from "./protagonist-edit.js";
import {
  notedIssues,
  noted,
  parseFriendly,
  statRange,
  type InputNote,
} from "./protagonist-input.js";
import { foreverDocumentSchema, isForeverExport } from "./cthulhu-forever/format.js";
import { fromForever, type ForeverReport } from "./cthulhu-forever/from-forever.js";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportedBondSchema,
  exportedSheetSchema,
  exportedSkillSchema,
  IMPORT_MAX_BYTES,
  type ExportedSheet,
} from "./protagonist-transfer.js";

/**
 * A rule between fields that the file breaks, with the numbers it needs; worded by
 * `presentation/import-problems.ts`.
 */
export type SheetRuleNote =
  | { readonly code: "max-hp-derived"; readonly hpMax: number }
  | { readonly code: "max-wp-derived"; readonly wpMax: number }
  /** Above a maximum the sheet itself sets (from 0 up to it). */
  | { readonly code: "above-maximum"; readonly max: number; readonly bound: SheetBound }
  | { readonly code: "above-resource-boxes"; readonly boxes: number; readonly resources: number }
  | {
      readonly code: "resources-split";
      readonly rating: number;
      readonly table: ResourceSplit;
      readonly file: ResourceSplit;
    }
  | { readonly code: "adapted-too-few-boxes"; readonly boxes: number; readonly ticked: number }
  | { readonly code: "boxes-not-adapted"; readonly boxes: number }
  | { readonly code: "bond-below-one" }
  | { readonly code: "bond-above-cha"; readonly score: number; readonly cha: number }
  /** The same subject as an earlier standing Bond (its 1-based number). */
  | { readonly code: "bond-same-subject"; readonly earlier: number }
  | { readonly code: "skill-repeated"; readonly skill: string }
  /** A skill name the campaign does not have, refused as an edit would refuse it. */
  | { readonly code: "skill-refused"; readonly refusal: ServiceRefusal };

export type SheetBound = "max-hp" | "max-wp" | "max-san";

export interface ResourceSplit {
  readonly atHand: number;
  readonly stowed: number;
  readonly storage: number;
}

/** What is wrong: a field's own check, or a rule between fields. */
export type ImportNote = InputNote | SheetRuleNote;

/** One thing in an import that no command could have made: where and what. */
export interface ImportProblem {
  /** The file's part: the sheet (`protagonist`) or the creation choices (`creation`). */
  readonly section: "sheet" | "creation";
  /** Where in that part: `["bonds", 1, "score"]`. */
  readonly path: readonly (string | number)[];
  /** The name of the list entry the path points into (a Bond's, a skill's), as in the file. */
  readonly entry: string | null;
  readonly note: ImportNote;
}

/**
 * An import refused for what the sheet holds: every problem found, listed by the bot (the
 * refusal here is only what a caller that lists nothing would show).
 */
export class ImportRefused extends ServiceRefusalError {
  override name = "ImportRefused";
  constructor(readonly problems: readonly ImportProblem[]) {
    super("invalid", { code: "import-refused", problems: problems.length });
  }
}

/** Checked as a value, not `z.literal`, so that its refusal says what the file is not. */
const envelopeSchema = z.object({
  format: z
    .unknown()
    .refine((v) => v === EXPORT_FORMAT, noted({ code: "not-an-export", format: EXPORT_FORMAT })),
  version: z
    .unknown()
    .refine(
      (v) => v === EXPORT_VERSION,
      noted({ code: "unread-version", version: EXPORT_VERSION }),
    ),
  exportedAt: z.string().max(40).optional(),
  protagonist: z.looseObject({}),
  creation: z.unknown().optional(),
});

export interface ParsedImport {
  sheet: ExportedSheet;
  creation: unknown;
  /** What became of a Cthulhu Forever export; null for this bot's own. */
  forever: ForeverReport | null;
}

/**
 * Reads an export: size, JSON and the envelope (a single refusal: it is not an export at all),
 * then the sheet and its creation choices, field by field and by the rules between fields, with
 * the campaign's skills. Every problem is reported at once (`ImportRefused`). `name` stands in
 * for the file's (an import under another name).
 */
export function parseImport(
  json: string,
  context: { catalog: SkillCatalog; name?: string | null; extensions?: ExtensionPoints },
): ParsedImport {
  if (Buffer.byteLength(json, "utf8") > IMPORT_MAX_BYTES) {
    throw invalid({ code: "import-too-large", maxKb: IMPORT_MAX_BYTES / 1024 });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw invalid({ code: "import-not-json" });
  }
  const forever = isForeverExport(raw)
    ? fromForever(parseFriendly(foreverDocumentSchema, raw), context.catalog, context.catalog.era)
    : null;
  const envelope = forever
    ? { protagonist: forever.sheet, creation: null }
    : parseFriendly(envelopeSchema, raw);
  const sheet: Record<string, unknown> = context.name
    ? { ...envelope.protagonist, name: context.name }
    : envelope.protagonist;
  const problems: ImportProblem[] = [];
  const parsed = notedIssues(exportedSheetSchema, sheet);
  if (!parsed.ok) {
    for (const { path, note } of parsed.issues) {
      problems.push({ section: "sheet", path, entry: entryName(path, sheet), note });
    }
  }
  const reductions = (context.extensions ?? NO_EXTENSIONS).importedReductions(sheet.extras);
  const ownSkills = new Set(forever?.report.ownSkills ?? []);
  problems.push(...crossFieldProblems(sheet, context.catalog, reductions, ownSkills));
  const creation = notedIssues(creationDraftSchema.nullish(), envelope.creation);
  if (!creation.ok) {
    for (const { path, note } of creation.issues) {
      problems.push({ section: "creation", path, entry: null, note });
    }
  }
  if (problems.length > 0 || !parsed.ok || !creation.ok) throw new ImportRefused(problems);
  return {
    sheet: parsed.value,
    creation: creation.value ?? null,
    forever: forever?.report ?? null,
  };
}

/** The name of the list entry a path points into (`["bonds", 1, …]`), when it has one. */
function entryName(path: readonly (string | number)[], sheet: Record<string, unknown>) {
  const [top, index] = path;
  if (typeof top !== "string" || typeof index !== "number") return null;
  const list = sheet[top];
  const item: unknown = Array.isArray(list) ? list[index] : undefined;
  return typeof item === "object" &&
    item !== null &&
    "name" in item &&
    typeof item.name === "string"
    ? item.name
    : null;
}

/** A part of the sheet if it is valid on its own (its own problems are reported already). */
function valid<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> | undefined {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/** The entries of a list that are valid on their own, with their positions. */
function validEntries<T extends z.ZodType>(schema: T, list: unknown): [number, z.infer<T>][] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown, index) => {
    const value = valid(schema, entry);
    return value === undefined ? [] : [[index, value] as [number, z.infer<T>]];
  });
}

const shape = exportedSheetSchema.shape;

/** Each stat that is a whole number, whatever the others are. */
function statsOf(stats: unknown): Partial<Stats> {
  if (typeof stats !== "object" || stats === null) return {};
  const found: Partial<Stats> = {};
  for (const stat of STAT_NAMES) {
    const value = valid(shape.stats.shape[stat], (stats as Record<string, unknown>)[stat]);
    if (value !== undefined) found[stat] = value;
  }
  return found;
}

/**
 * The rules between fields that no command breaks: stats by upbringing, the maxima that derive
 * from them, SAN within Max SAN, the Resources split and boxes of the table, adaptation (adapted
 * exactly when three boxes are ticked), standing Bonds within their limits (an individual one up
 * to CHA) and each subject once, and skills of the campaign, each once. Each check runs on the
 * parts that are valid on their own, so one bad field hides no other problem.
 */
function crossFieldProblems(
  sheet: Record<string, unknown>,
  catalog: SkillCatalog,
  // What corruption took: the rules are checked against the sheet as it was before.
  reductions: Reductions,
  // A Cthulhu Forever era's skills the campaign's list lacks, kept as the Protagonist's own.
  ownSkills: ReadonlySet<string>,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const fail: Fail = (path, note) => {
    problems.push({ section: "sheet", path, entry: entryName(path, sheet), note });
  };
  const stats = statsOf(sheet.stats);
  const harshness = valid(shape.harshness, sheet.harshness);
  for (const stat of STAT_NAMES) {
    const value = stats[stat];
    if (value === undefined || harshness === undefined) continue;
    const { min, max } = statRange(stat, harshness);
    const original = value + (reductions.stats[stat] ?? 0);
    if (original < min || original > max) {
      fail(["stats", stat], { code: "out-of-range", min, max });
    }
  }
  const hpMax = valid(shape.hpMax, sheet.hpMax);
  const wpMax = valid(shape.wpMax, sheet.wpMax);
  const { STR, CON, POW, CHA } = stats;
  if (STR !== undefined && CON !== undefined && hpMax !== undefined) {
    const derived = Math.max(0, maxHitPoints({ STR, CON }) - reductions.hpMax);
    if (hpMax !== derived) fail(["hpMax"], { code: "max-hp-derived", hpMax: derived });
  }
  if (POW !== undefined && wpMax !== undefined) {
    const derived = Math.max(0, maxWillpower({ POW }) - reductions.wpMax);
    if (wpMax !== derived) fail(["wpMax"], { code: "max-wp-derived", wpMax: derived });
  }
  const hp = valid(shape.hp, sheet.hp);
  const wp = valid(shape.wp, sheet.wp);
  if (hp !== undefined && hpMax !== undefined && hp > hpMax) {
    fail(["hp"], { code: "above-maximum", max: hpMax, bound: "max-hp" });
  }
  if (wp !== undefined && wpMax !== undefined && wp > wpMax) {
    fail(["wp"], { code: "above-maximum", max: wpMax, bound: "max-wp" });
  }
  const skills = validEntries(exportedSkillSchema, sheet.skills);
  const san = valid(shape.san, sheet.san);
  const unnatural = skills.find(([, s]) => rulesSkillKey(s.name) === "unnatural")?.[1].rating ?? 0;
  const maxSan = maxSanity(unnatural, reductions.maxSan);
  if (san !== undefined && san > maxSan) {
    fail(["san"], { code: "above-maximum", max: maxSan, bound: "max-san" });
  }
  resourceProblems(valid(shape.resources, sheet.resources), fail);
  const adaptation = valid(shape.adaptation, sheet.adaptation);
  for (const threat of ["violence", "helplessness"] as const) {
    const track = adaptation?.[threat];
    if (track === undefined || track.adapted === (track.boxes === ADAPTATION_BOXES)) continue;
    fail(
      ["adaptation", threat],
      track.adapted
        ? { code: "adapted-too-few-boxes", boxes: ADAPTATION_BOXES, ticked: track.boxes }
        : { code: "boxes-not-adapted", boxes: ADAPTATION_BOXES },
    );
  }
  bondProblems(validEntries(exportedBondSchema, sheet.bonds), CHA, fail);
  const keys = new Set<string>();
  for (const [index, skill] of skills) {
    const key = rulesSkillKey(skill.name);
    if (keys.has(key))
      fail(["skills", index, "name"], { code: "skill-repeated", skill: skill.name });
    keys.add(key);
    const resolution = resolveSkill(catalog, skill.name);
    if (!resolution.ok && !ownSkills.has(skill.name)) {
      const refusal = skillProblem(catalog, skill.name, resolution.problem);
      fail(["skills", index], { code: "skill-refused", refusal });
    }
  }
  return problems;
}

type Fail = (path: (string | number)[], note: ImportNote) => void;

/** The split and boxes always follow the table for the rating (the bot recomputes them). */
function resourceProblems(resources: ExportedSheet["resources"] | undefined, fail: Fail): void {
  if (resources === undefined) return;
  const { rating, atHand, stowed, storage, checked } = resources;
  const table = resourceBreakdown(rating);
  if (atHand !== table.atHand || stowed !== table.stowed || storage !== table.inStorage) {
    fail(["resources"], {
      code: "resources-split",
      rating,
      table: { atHand: table.atHand, stowed: table.stowed, storage: table.inStorage },
      file: { atHand, stowed, storage },
    });
  }
  if (checked > table.checkBoxes) {
    fail(["resources", "checked"], {
      code: "above-resource-boxes",
      boxes: table.checkBoxes,
      resources: rating,
    });
  }
}

/**
 * A standing Bond is at least 1 (at 0 it is broken, and crossed off) and an individual one at most
 * CHA (the file's 20 holds for a community one); no two standing Bonds share a subject.
 * Crossed-off Bonds keep whatever score they had.
 */
function bondProblems(
  bonds: [number, ExportedSheet["bonds"][number]][],
  cha: number | undefined,
  fail: Fail,
): void {
  const standing = bonds.filter(([, bond]) => !bond.crossedOff);
  for (const [index, bond] of standing) {
    if (bond.score < 1) {
      fail(["bonds", index, "score"], { code: "bond-below-one" });
    } else if (bond.kind === "individual" && cha !== undefined && bond.score > cha) {
      fail(["bonds", index, "score"], { code: "bond-above-cha", score: bond.score, cha });
    }
    const earlier = standing.find(([other, o]) => other < index && sameSubject(o.name, bond.name));
    if (earlier) {
      fail(["bonds", index, "name"], { code: "bond-same-subject", earlier: earlier[0] + 1 });
    }
  }
}
