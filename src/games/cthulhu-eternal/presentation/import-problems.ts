import { plain, quoted } from "./inline-text.js";
import { INPUT_NOTE_TEXT, rangeText } from "./input-problems.js";
import { serviceRefusalText } from "./service-refusals.js";
import type {
  ImportNote,
  ImportProblem,
  SheetBound,
  SheetRuleNote,
} from "../services/protagonist-import.js";
import { truncate } from "../../../core/discord/format.js";

/** Discord's limit for a message's text. */
const MESSAGE_MAX = 2000;
/** Room kept for the last line ("…and 12 more problems."). */
const TAIL_ROOM = 40;
/** One problem's line, at most. */
const LINE_MAX = 200;
/** A list entry's name inside a field's name, at most. */
const ENTRY_NAME_MAX = 41;

type RuleTexts = {
  readonly [C in SheetRuleNote["code"]]: (note: Extract<SheetRuleNote, { code: C }>) => string;
};

const BOUND: Readonly<Record<SheetBound, string>> = {
  "max-hp": "max HP",
  "max-wp": "max WP",
  "max-san": "Max SAN = 99 − Unnatural",
};

/** The rules between a sheet's fields, as the predicate of a sentence about the field. */
const SHEET_RULE_TEXT: RuleTexts = {
  "max-hp-derived": (n) => `must be ${n.hpMax}, (STR + CON) / 2 rounded up`,
  "max-wp-derived": (n) => `must be ${n.wpMax}, the same as POW`,
  "above-maximum": (n) => `${rangeText(0, n.max)} (${BOUND[n.bound]})`,
  "above-resource-boxes": (n) => `${rangeText(0, n.boxes)} (Resources ${n.resources})`,
  "resources-split": ({ rating, table: t, file: f }) =>
    `Resources ${rating} are ${t.atHand} at hand, ${t.stowed} stowed and ${t.storage} in storage, not ${f.atHand}, ${f.stowed} and ${f.storage}`,
  "adapted-too-few-boxes": (n) => `adapted needs all ${n.boxes} boxes ticked, not ${n.ticked}`,
  "boxes-not-adapted": (n) =>
    `${n.boxes} ticked boxes mean adapted: set "adapted" to true, or tick fewer`,
  "bond-below-one": () => "a standing Bond is at least 1 (at 0 it breaks and is crossed off)",
  "bond-above-cha": (n) => `${n.score} is above CHA ${n.cha}: an individual Bond never exceeds CHA`,
  "bond-same-subject": (n) => `is the same subject as Bond ${n.earlier}: one standing Bond each`,
  "skill-repeated": (n) => `repeats the skill ${quoted(n.skill)}`,
  "skill-refused": (n) => serviceRefusalText(n.refusal),
};

type ImportNoteTexts = {
  readonly [C in ImportNote["code"]]: (note: Extract<ImportNote, { code: C }>) => string;
};

const IMPORT_NOTE_TEXT: ImportNoteTexts = { ...INPUT_NOTE_TEXT, ...SHEET_RULE_TEXT };

/** What is wrong with one field of an import. */
export function importNoteText(note: ImportNote): string {
  const render = IMPORT_NOTE_TEXT[note.code] as (n: ImportNote) => string;
  return render(note);
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

const THREATS: Readonly<Record<string, string>> = {
  violence: "Violence",
  helplessness: "Helplessness",
};

/** Where a problem is, as a player names it: `["bonds", 1, "score"]` → Bond 2 “Tom” score. */
export function importFieldText({ section, path, entry }: ImportProblem): string {
  if (section === "creation") return `Creation choices \`${path.join(".") || "creation"}\``;
  const [top, second, third] = path;
  if (top === undefined) return "The sheet";
  if (top === "stats" && typeof second === "string") return second;
  if (top === "adaptation" && typeof second === "string") {
    return `${THREATS[second] ?? second} adaptation${third === "boxes" ? " boxes" : ""}`;
  }
  if (top === "resources" && typeof second === "string")
    return RESOURCE_PARTS[second] ?? "Resources";
  const list = typeof top === "string" ? LIST_ENTRY[top] : undefined;
  if (list !== undefined && typeof second === "number") {
    const name = entry === null ? "" : ` “${truncate(plain(entry), ENTRY_NAME_MAX)}”`;
    const part = typeof third === "string" ? ` ${ENTRY_PARTS[third] ?? third}` : "";
    return `${list} ${second + 1}${name}${part}`;
  }
  return TOP_FIELDS[String(top)] ?? `\`${path.join(".")}\``;
}

/** One problem's line: "**STR**: must be from 3 to 18." */
export function importProblemText(problem: ImportProblem): string {
  const message = importNoteText(problem.note);
  const stop = /[.!?]$/u.test(message) ? "" : ".";
  return truncate(`• **${importFieldText(problem)}**: ${message}${stop}`, LINE_MAX);
}

/**
 * Every problem of a refused import, one line each, as many as fit one message; the rest are
 * counted ("…and 12 more"), so the list stays readable however broken the file.
 */
export function importProblemsText(problems: readonly ImportProblem[]): string {
  const one = problems.length === 1;
  const head = `📥 That file can't be imported: ${problems.length} problem${one ? "" : "s"} on the sheet. Nothing was changed; fix ${one ? "it" : "them"} in the file (under "protagonist") and import it again.`;
  const lines = [head];
  let length = head.length;
  let shown = 0;
  for (const problem of problems) {
    const line = importProblemText(problem);
    if (length + 1 + line.length > MESSAGE_MAX - TAIL_ROOM) break;
    lines.push(line);
    length += 1 + line.length;
    shown += 1;
  }
  const rest = problems.length - shown;
  if (rest > 0) lines.push(`…and ${rest} more problem${rest === 1 ? "" : "s"}.`);
  return lines.join("\n");
}
