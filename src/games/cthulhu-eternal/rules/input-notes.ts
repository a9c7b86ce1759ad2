import { z } from "zod";

/**
 * What is wrong with one value of an input, as a code and its facts: zod's issues, and the notes
 * our own checks carry. `presentation/input-problems.ts` words each code.
 */
export type InputNote =
  | { readonly code: "missing" }
  /** zod's name for the type wanted: "number", "string", "object", "array", "boolean"… */
  | { readonly code: "wrong-type"; readonly expected: string }
  | { readonly code: "not-whole" }
  | { readonly code: "unknown-fields"; readonly keys: readonly string[] }
  | { readonly code: "not-one-of"; readonly values: readonly string[] }
  | { readonly code: "too-many-entries"; readonly maximum: number }
  | { readonly code: "too-few-entries"; readonly minimum: number }
  | { readonly code: "too-long"; readonly maximum: number }
  | { readonly code: "empty" }
  | { readonly code: "too-big"; readonly maximum: number }
  | { readonly code: "too-small"; readonly minimum: number }
  | { readonly code: "out-of-range"; readonly min: number; readonly max: number }
  | { readonly code: "control-characters" }
  /** A list longer than a sheet holds. */
  | { readonly code: "over-sheet-limit"; readonly maximum: number }
  /** The file's `format` is not an export of this bot. */
  | { readonly code: "not-an-export"; readonly format: string }
  /** The file's `version` is not the one this bot reads. */
  | { readonly code: "unread-version"; readonly version: number }
  /** A failure zod reported with no issue at all (never seen; kept so nothing is unworded). */
  | { readonly code: "not-valid" }
  /** zod's own note, for an issue no schema of ours raises (a pattern, a custom check elsewhere). */
  | { readonly code: "unworded"; readonly message: string };

/** The notes our checks carry; kept by identity so reading one back off an issue needs no cast. */
const NOTES = new WeakMap<object, InputNote>();

/** A custom check's options whose failure is `note` (zod's own issue would say less). */
export function noted(note: InputNote, options: { abort?: boolean } = {}) {
  NOTES.set(note, note);
  return { ...options, params: note };
}

const NOT_WHOLE: InputNote = { code: "not-whole" };

/**
 * A whole number (ranges that depend on the Protagonist are checked by the caller). By hand, not
 * `.int()`, so that a huge number is refused as not whole too (zod's own check reports it as
 * above 9007199254740991).
 */
export function whole(): z.ZodNumber {
  return z
    .number()
    .refine(Number.isInteger, noted(NOT_WHOLE, { abort: true }))
    .refine(Number.isSafeInteger, noted(NOT_WHOLE));
}

/** A whole number in [min, max], refused as the range (not as one of its ends). */
export function wholeIn(min: number, max: number): z.ZodNumber {
  return whole().refine((n) => n >= min && n <= max, noted({ code: "out-of-range", min, max }));
}

/** Free text up to `max` characters (trimmed, no control characters except line breaks). */
export function text(max: number, { required = false } = {}) {
  return z
    .string()
    .trim()
    .min(required ? 1 : 0)
    .max(max)
    .refine(
      // eslint-disable-next-line no-control-regex
      (s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s),
      noted({ code: "control-characters" }),
    );
}

/** One zod issue as its note: the facts the player's words need. */
export function noteOf(issue: z.core.$ZodIssue): InputNote {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return { code: "missing" };
      return issue.expected === "int"
        ? NOT_WHOLE
        : { code: "wrong-type", expected: issue.expected };
    case "unrecognized_keys":
      return { code: "unknown-fields", keys: issue.keys };
    case "invalid_value":
      return { code: "not-one-of", values: issue.values.map(String) };
    case "invalid_union": {
      // A discriminated union names the values its key may take.
      const options: unknown = "options" in issue ? issue.options : undefined;
      return Array.isArray(options)
        ? { code: "not-one-of", values: options.map(String) }
        : { code: "unworded", message: issue.message };
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "array") return { code: "too-many-entries", maximum };
      return issue.origin === "string"
        ? { code: "too-long", maximum }
        : { code: "too-big", maximum };
    }
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "array") return { code: "too-few-entries", minimum };
      return issue.origin === "string" ? { code: "empty" } : { code: "too-small", minimum };
    }
    case "custom":
      return (
        (issue.params === undefined ? undefined : NOTES.get(issue.params)) ?? {
          code: "unworded",
          message: issue.message,
        }
      );
    default:
      return { code: "unworded", message: issue.message };
  }
}

/** One thing wrong with an input: where (its path) and what (its note). */
export interface NotedIssue {
  readonly path: readonly (string | number)[];
  readonly note: InputNote;
}

const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join("\u0000");

/**
 * The issues worth telling: zod measures anything with a length, even a list in place of text,
 * so a value of the wrong type loses its size issues (its type is the problem).
 */
export function telling(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const mistyped = new Set(
    issues.filter((i) => i.code === "invalid_type").map((i) => pathKey(i.path)),
  );
  return issues.filter(
    (i) => !((i.code === "too_small" || i.code === "too_big") && mistyped.has(pathKey(i.path))),
  );
}

/** Every issue of `input` against `schema`, as notes; the value when there are none. */
export function notedIssues<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; value: z.infer<T> } | { ok: false; issues: NotedIssue[] } {
  // The input tells a missing value from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const issues = telling(result.error.issues);
  return {
    ok: false,
    issues: issues.map((issue) => ({
      path: issue.path.map((part) => (typeof part === "number" ? part : String(part))),
      note: noteOf(issue),
    })),
  };
}
