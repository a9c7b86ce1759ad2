import { z } from "zod";
import { truncate } from "../../../core/text.js";
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
import { displayText } from "./display-text.js";
import { invalid, ServiceRefusalError } from "./errors.js";
import type { ServiceRefusal } from "./refusals.js";
import { skillProblem } from "./protagonist-edit.js";
import { friendlyIssues, parseFriendly, statRange } from "./protagonist-input.js";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportedBondSchema,
  exportedSheetSchema,
  exportedSkillSchema,
  IMPORT_MAX_BYTES,
  type ExportedSheet,
} from "./protagonist-transfer.js";

/** One thing in an import that no command could have made: where (in the game's words) and what. */
export interface ImportProblem {
  /** "STR", "Bond 2 “Tom”", "Violence adaptation" (user text escaped). */
  field: string;
  /** What is wrong and what it must be: the input checks' note, or a refusal of a skill name. */
  message: string | ServiceRefusal;
}

/**
 * An import refused for what the sheet holds: every problem found, listed by the bot (the
 * message here is only what a caller that lists nothing would show).
 */
export class ImportRefused extends ServiceRefusalError {
  override name = "ImportRefused";
  constructor(readonly problems: readonly ImportProblem[]) {
    super("invalid", { code: "import-refused", problems: problems.length });
  }
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

export interface ParsedImport {
  sheet: ExportedSheet;
  creation: unknown;
}

/**
 * Reads an export: size, JSON and the envelope (a single message: it is not an export at all),
 * then the sheet and its creation choices, field by field and by the rules between fields, with
 * the campaign's skills. Every problem is reported at once (`ImportRefused`). `name` stands in
 * for the file's (an import under another name).
 */
export function parseImport(
  json: string,
  context: { catalog: SkillCatalog; name?: string | null },
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
  const envelope = parseFriendly(envelopeSchema, raw);
  const sheet: Record<string, unknown> = context.name
    ? { ...envelope.protagonist, name: context.name }
    : envelope.protagonist;
  const problems: ImportProblem[] = [];
  const parsed = friendlyIssues(exportedSheetSchema, sheet);
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      problems.push({ field: fieldName(issue.path, sheet), message: issue.message });
    }
  }
  problems.push(...crossFieldProblems(sheet, context.catalog));
  const creation = friendlyIssues(creationDraftSchema.nullish(), envelope.creation);
  if (!creation.ok) {
    for (const issue of creation.issues) {
      problems.push({
        field: `Creation choices \`${issue.path.join(".") || "creation"}\``,
        message: issue.message,
      });
    }
  }
  if (problems.length > 0 || !parsed.ok || !creation.ok) throw new ImportRefused(problems);
  return { sheet: parsed.value, creation: creation.value ?? null };
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
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const fail = (path: (string | number)[], message: ImportProblem["message"]) => {
    problems.push({ field: fieldName(path, sheet), message });
  };
  const stats = statsOf(sheet.stats);
  const harshness = valid(shape.harshness, sheet.harshness);
  for (const stat of STAT_NAMES) {
    const value = stats[stat];
    if (value === undefined || harshness === undefined) continue;
    const { min, max } = statRange(stat, harshness);
    if (value < min || value > max) fail(["stats", stat], `must be from ${min} to ${max}`);
  }
  const hpMax = valid(shape.hpMax, sheet.hpMax);
  const wpMax = valid(shape.wpMax, sheet.wpMax);
  const { STR, CON, POW, CHA } = stats;
  if (STR !== undefined && CON !== undefined && hpMax !== undefined) {
    const derived = maxHitPoints({ STR, CON });
    if (hpMax !== derived) fail(["hpMax"], `must be ${derived}, (STR + CON) / 2 rounded up`);
  }
  if (POW !== undefined && wpMax !== undefined && wpMax !== maxWillpower({ POW })) {
    fail(["wpMax"], `must be ${maxWillpower({ POW })}, the same as POW`);
  }
  const hp = valid(shape.hp, sheet.hp);
  const wp = valid(shape.wp, sheet.wp);
  if (hp !== undefined && hpMax !== undefined && hp > hpMax) {
    fail(["hp"], `must be from 0 to ${hpMax} (max HP)`);
  }
  if (wp !== undefined && wpMax !== undefined && wp > wpMax) {
    fail(["wp"], `must be from 0 to ${wpMax} (max WP)`);
  }
  const skills = validEntries(exportedSkillSchema, sheet.skills);
  const san = valid(shape.san, sheet.san);
  const unnatural = skills.find(([, s]) => rulesSkillKey(s.name) === "unnatural")?.[1].rating ?? 0;
  if (san !== undefined && san > maxSanity(unnatural)) {
    fail(["san"], `must be from 0 to ${maxSanity(unnatural)} (Max SAN = 99 − Unnatural)`);
  }
  resourceProblems(valid(shape.resources, sheet.resources), fail);
  const adaptation = valid(shape.adaptation, sheet.adaptation);
  for (const threat of ["violence", "helplessness"] as const) {
    const track = adaptation?.[threat];
    if (track === undefined || track.adapted === (track.boxes === ADAPTATION_BOXES)) continue;
    fail(
      ["adaptation", threat],
      track.adapted
        ? `adapted needs all ${ADAPTATION_BOXES} boxes ticked, not ${track.boxes}`
        : `${ADAPTATION_BOXES} ticked boxes mean adapted: set "adapted" to true, or tick fewer`,
    );
  }
  bondProblems(validEntries(exportedBondSchema, sheet.bonds), CHA, fail);
  const keys = new Set<string>();
  for (const [index, skill] of skills) {
    const key = rulesSkillKey(skill.name);
    if (keys.has(key))
      fail(["skills", index, "name"], `repeats the skill “${displayText(skill.name)}”`);
    keys.add(key);
    const resolution = resolveSkill(catalog, skill.name);
    if (!resolution.ok)
      fail(["skills", index], skillProblem(catalog, skill.name, resolution.problem));
  }
  return problems;
}

type Fail = (path: (string | number)[], message: string | ServiceRefusal) => void;

/** The split and boxes always follow the table for the rating (the bot recomputes them). */
function resourceProblems(resources: ExportedSheet["resources"] | undefined, fail: Fail): void {
  if (resources === undefined) return;
  const { rating, atHand, stowed, storage, checked } = resources;
  const table = resourceBreakdown(rating);
  if (atHand !== table.atHand || stowed !== table.stowed || storage !== table.inStorage) {
    fail(
      ["resources"],
      `Resources ${rating} are ${table.atHand} at hand, ${table.stowed} stowed and ${table.inStorage} in storage, not ${atHand}, ${stowed} and ${storage}`,
    );
  }
  if (checked > table.checkBoxes) {
    fail(["resources", "checked"], `must be from 0 to ${table.checkBoxes} (Resources ${rating})`);
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
      fail(
        ["bonds", index, "score"],
        "a standing Bond is at least 1 (at 0 it breaks and is crossed off)",
      );
    } else if (bond.kind === "individual" && cha !== undefined && bond.score > cha) {
      fail(
        ["bonds", index, "score"],
        `${bond.score} is above CHA ${cha}: an individual Bond never exceeds CHA`,
      );
    }
    const earlier = standing.find(([other, o]) => other < index && sameSubject(o.name, bond.name));
    if (earlier) {
      fail(
        ["bonds", index, "name"],
        `is the same subject as Bond ${earlier[0] + 1}: one standing Bond each`,
      );
    }
  }
}

const TOP_FIELDS: Readonly<Record<string, string>> = {
  name: "Name",
  status: "Status",
  archetype: "Archetype",
  harshness: "Upbringing",
  stats: "Stats",
  hpMax: "Max HP",
  hp: "HP",
  wpMax: "Max WP",
  wp: "WP",
  san: "SAN",
  breakingPoint: "Breaking point",
  adaptation: "Adaptation",
  exhausted: "Exhausted",
  resources: "Resources",
  notes: "Notes",
  skills: "Skills",
  bonds: "Bonds",
  disorders: "Disorders",
};

const LIST_ENTRY: Readonly<Record<string, string>> = {
  skills: "Skill",
  bonds: "Bond",
  disorders: "Disorder",
};

const RESOURCE_PARTS: Readonly<Record<string, string>> = {
  rating: "Resources rating",
  atHand: "Resources at hand",
  stowed: "Resources stowed",
  storage: "Resources in storage",
  checked: "Resource boxes checked",
};

const ENTRY_PARTS: Readonly<Record<string, string>> = {
  crossedOff: "crossed off",
  failureMarked: "failure mark",
};

/** A path in the file, as a player names it: `["bonds", 1, "score"]` → Bond 2 “Tom” score. */
export function fieldName(
  path: readonly (string | number)[],
  sheet: Record<string, unknown>,
): string {
  const [top, second, third] = path;
  if (top === undefined) return "The sheet";
  if (top === "stats" && typeof second === "string") return second;
  if (top === "adaptation" && typeof second === "string") {
    const threat =
      second === "violence" ? "Violence" : second === "helplessness" ? "Helplessness" : second;
    return `${threat} adaptation${third === "boxes" ? " boxes" : ""}`;
  }
  if (top === "resources" && typeof second === "string")
    return RESOURCE_PARTS[second] ?? "Resources";
  const entry = typeof top === "string" ? LIST_ENTRY[top] : undefined;
  if (entry !== undefined && typeof second === "number") {
    const list = sheet[top];
    const item: unknown = Array.isArray(list) ? list[second] : undefined;
    const name =
      typeof item === "object" && item !== null && "name" in item && typeof item.name === "string"
        ? ` “${truncate(displayText(item.name), 41)}”`
        : "";
    const part = typeof third === "string" ? ` ${ENTRY_PARTS[third] ?? third}` : "";
    return `${entry} ${second + 1}${name}${part}`;
  }
  return TOP_FIELDS[String(top)] ?? `\`${path.join(".")}\``;
}
