import { z } from "zod";
import { InvalidInputError, type InputIssue, type InputProblem } from "./errors.js";

/** Discord snowflakes: 17–20 digits. */
export const snowflake = z.string().regex(/^\d{17,20}$/);

/** Database ids (cuid). Anything else is treated as "not found" by the callers. */
export const recordId = z.string().min(1).max(64);

const CONTROL_CHARACTERS = { issue: { kind: "control-characters" } satisfies InputIssue };

/** A name a user typed: trimmed, 1–100 characters, no control characters. */
export const displayName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { params: CONTROL_CHARACTERS });

/**
 * A number of points from `minimum` to `maximum`, or dice (text the rules parse before any
 * roll): only `onlyDice` when given ("1D4" in any case). Anything else is one problem naming
 * both, not zod's two.
 */
export function pointsOrDice(minimum: number, maximum: number, onlyDice?: string) {
  const issue = {
    kind: "points-or-dice",
    minimum,
    maximum,
    ...(onlyDice === undefined ? {} : { onlyDice }),
  } satisfies InputIssue;
  return z.unknown().transform((value, context): number | string => {
    if (typeof value === "number" && Number.isInteger(value)) {
      if (value >= minimum && value <= maximum) return value;
    } else if (typeof value === "string") {
      const dice = value.trim();
      if (
        onlyDice === undefined
          ? dice.length >= 1 && dice.length <= 60
          : dice.toUpperCase() === onlyDice
      ) {
        return onlyDice ?? dice;
      }
    }
    context.addIssue({ code: "custom", params: { issue } });
    return z.NEVER;
  });
}

/**
 * Validates service input at the boundary. A failure becomes one InvalidInputError naming the
 * value at fault and what is wrong with it, as data for the bot to word.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new InvalidInputError(inputProblem(result.error.issues));
}

/** Zod's issues as one problem: the first value at fault, by its most telling issue. */
export function inputProblem(issues: readonly z.core.$ZodIssue[]): InputProblem {
  const first = issues[0];
  const field = fieldName(first?.path ?? []);
  const same = issues.filter((issue) => fieldName(issue.path) === field);
  // A range check says more than the safe-integer check zod runs first on huge numbers.
  const telling = same.find((issue) => !("note" in issue)) ?? first;
  return { field, issue: telling === undefined ? { kind: "invalid" } : issueOf(telling) };
}

/** "contributors.1.protagonistId" → "contributors.protagonistId": positions don't name a value. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.filter((key): key is string => typeof key === "string").join(".");
}

function issueOf(issue: z.core.$ZodIssue): InputIssue {
  switch (issue.code) {
    case "invalid_type": {
      if (!("input" in issue) || issue.input === undefined) return { kind: "missing" };
      if (issue.expected === "int" && typeof issue.input === "number") return { kind: "not-whole" };
      if (issue.expected === "number" || issue.expected === "int") return { kind: "not-a-number" };
      if (issue.expected === "string") return { kind: "not-text" };
      return { kind: "invalid" };
    }
    case "too_small":
      if (issue.origin === "string") return { kind: "empty" };
      if (issue.origin === "array") return { kind: "missing" };
      return { kind: "too-small", minimum: lowestAllowed(issue.minimum, issue.inclusive) };
    case "too_big":
      if (issue.origin === "string") return { kind: "too-long", maximum: Number(issue.maximum) };
      if (issue.origin === "array") return { kind: "too-many", maximum: Number(issue.maximum) };
      return { kind: "too-big", maximum: highestAllowed(issue.maximum, issue.inclusive) };
    case "invalid_value":
      return { kind: "not-one-of", allowed: issue.values.map(String) };
    case "custom":
      return customIssue(issue.params) ?? { kind: "invalid" };
    default:
      return { kind: "invalid" };
  }
}

/** `> 0` on whole numbers is `≥ 1`. */
function lowestAllowed(minimum: number | bigint, inclusive: boolean | undefined): number {
  const value = Number(minimum);
  return inclusive === false ? Math.floor(value) + 1 : value;
}

function highestAllowed(maximum: number | bigint, inclusive: boolean | undefined): number {
  const value = Number(maximum);
  return inclusive === false ? Math.ceil(value) - 1 : value;
}

/** The issue a schema of ours put in a custom check's params. */
function customIssue(params: unknown): InputIssue | undefined {
  if (typeof params !== "object" || params === null || !("issue" in params)) return undefined;
  const issue = params.issue;
  return typeof issue === "object" && issue !== null && "kind" in issue
    ? (issue as InputIssue)
    : undefined;
}
