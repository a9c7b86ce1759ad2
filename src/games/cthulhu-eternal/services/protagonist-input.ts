import { z } from "zod";
import type { Harshness, StatName } from "../rules/types.js";
import { invalid } from "./errors.js";

/** A type error worded for the player: a missing field is "missing", not "not a number". */
const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "is missing" : `must be ${what}`;

/** A whole number (ranges that depend on the Protagonist are checked by the caller). */
export function whole(): z.ZodNumber {
  return z.number({ error: expected("a number") }).int("must be a whole number");
}

/** A whole number in [min, max], with the player-facing message the services show. */
export function wholeIn(min: number, max: number): z.ZodNumber {
  const range = `must be from ${min} to ${max}`;
  return whole().min(min, range).max(max, range);
}

/** Free text up to `max` characters (trimmed, no control characters except line breaks). */
export function text(max: number, { required = false } = {}) {
  return z
    .string({ error: expected("text") })
    .trim()
    .min(required ? 1 : 0, "can't be empty")
    .max(max, `is longer than ${max} characters`)
    .refine(
      // eslint-disable-next-line no-control-regex
      (s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s),
      "contains control characters",
    );
}

function quoted(values: readonly unknown[]): string {
  return values.map((v) => `“${String(v)}”`).join(", ");
}

/**
 * Zod's default messages are for programmers ("Invalid input: expected number, received
 * string"); this gives the player's words for the issues our schemas don't word themselves.
 */
const friendly: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "is missing" : `must be ${article(issue.expected)}`;
    case "unrecognized_keys":
      return `has unknown field${issue.keys.length === 1 ? "" : "s"} ${quoted(issue.keys)}`;
    case "invalid_value":
      return `must be one of ${quoted(issue.values)}`;
    case "invalid_union": {
      // A discriminated union names the values its key may take.
      const options: unknown = "options" in issue ? issue.options : undefined;
      return Array.isArray(options) ? `must be one of ${quoted(options)}` : undefined;
    }
    case "too_big":
      if (issue.origin === "array") return `has more than ${String(issue.maximum)} entries`;
      if (issue.origin === "string") return `is longer than ${String(issue.maximum)} characters`;
      return `must be at most ${String(issue.maximum)}`;
    case "too_small":
      if (issue.origin === "array") return `needs at least ${String(issue.minimum)} entries`;
      if (issue.origin === "string") return "can't be empty";
      return `must be at least ${String(issue.minimum)}`;
    default:
      return undefined;
  }
};

function article(expected: string): string {
  switch (expected) {
    case "object":
      return "an object";
    case "array":
      return "a list";
    case "string":
      return "text";
    case "boolean":
      return "true or false";
    case "int":
      return "a whole number";
    default:
      return `a ${expected}`;
  }
}

/** One thing wrong with an input, where (its path) and what, in a player's words. */
export interface FriendlyIssue {
  path: (string | number)[];
  message: string;
}

/** Every issue of `input` against `schema`, with friendly messages; the value when there are none. */
export function friendlyIssues<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; value: z.infer<T> } | { ok: false; issues: FriendlyIssue[] } {
  const result = schema.safeParse(input, { error: friendly });
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map((part) => (typeof part === "number" ? part : String(part))),
      message: issue.message,
    })),
  };
}

/**
 * Like `parseInput`, with friendly messages for zod's generic issues: one `invalid`
 * ServiceError naming the field (`stats.STR`) and what is wrong with it.
 */
export function parseFriendly<T extends z.ZodType>(
  schema: T,
  input: unknown,
  /** What to call the value itself when the problem is with the whole of it. */
  root?: string,
): z.infer<T> {
  const result = schema.safeParse(input, { error: friendly });
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first?.path.map(String).join(".") || root;
  const message = first?.message ?? "is not valid";
  throw invalid({ code: "bad-input", field: field ?? null, message });
}

/**
 * The range a stat may be set to: 3–18 as at creation, except that a harsh upbringing's +1 may
 * take STR or CON to 19, and POW and CHA can be lost in play down to 0 (the Sanity rules).
 */
export function statRange(stat: StatName, harshness: string): { min: number; max: number } {
  const harsh = harshness !== ("normal" satisfies Harshness);
  return {
    min: stat === "POW" || stat === "CHA" ? 0 : 3,
    max: harsh && (stat === "STR" || stat === "CON") ? 19 : 18,
  };
}
