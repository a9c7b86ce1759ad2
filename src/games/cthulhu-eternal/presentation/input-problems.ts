import type { InputNote } from "../services/protagonist-input.js";

/**
 * What is wrong with a value of an input (an edit, a creation draft, an imported file), in the
 * player's words: the predicate of a sentence whose subject is the field ("`notes` is longer than
 * 2000 characters"). One entry per code; a code without its words fails the type check.
 */
type NoteTexts = {
  readonly [C in InputNote["code"]]: (note: Extract<InputNote, { code: C }>) => string;
};

/** zod's names for types, as a player would say them. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: "an object",
  array: "a list",
  string: "text",
  boolean: "true or false",
};

function quotedList(values: readonly string[]): string {
  return values.map((value) => `“${value}”`).join(", ");
}

/** "must be from 3 to 18": the words of a range, also for the import's rules between fields. */
export function rangeText(min: number, max: number): string {
  return `must be from ${min} to ${max}`;
}

const NOT_WHOLE = "must be a whole number";

export const INPUT_NOTE_TEXT: NoteTexts = {
  missing: () => "is missing",
  "wrong-type": (n) => `must be ${TYPE_WORDS[n.expected] ?? `a ${n.expected}`}`,
  "not-whole": () => NOT_WHOLE,
  "unknown-fields": (n) =>
    `has unknown field${n.keys.length === 1 ? "" : "s"} ${quotedList(n.keys)}`,
  "not-one-of": (n) => `must be one of ${quotedList(n.values)}`,
  "too-many-entries": (n) => `has more than ${n.maximum} entries`,
  "too-few-entries": (n) => `needs at least ${n.minimum} entries`,
  "too-long": (n) => `is longer than ${n.maximum} characters`,
  empty: () => "can't be empty",
  "too-big": (n) => `must be at most ${n.maximum}`,
  "too-small": (n) => `must be at least ${n.minimum}`,
  "out-of-range": (n) => rangeText(n.min, n.max),
  "control-characters": () => "contains control characters",
  "over-sheet-limit": (n) => `holds more than a sheet can (at most ${n.maximum})`,
  "not-an-export": (n) =>
    `must be "${n.format}" (this is neither a Protagonist exported by this bot nor a Cthulhu Forever version 2 export)`,
  "unread-version": (n) => `must be ${n.version}; this bot reads version ${n.version} exports only`,
  "not-valid": () => "is not valid",
  unworded: (n) => n.message,
};

export function inputNoteText(note: InputNote): string {
  const render = INPUT_NOTE_TEXT[note.code] as (n: InputNote) => string;
  return render(note);
}
