import { z } from "zod";
import type { Harshness, StatName } from "../rules/types.js";
import { invalid } from "./errors.js";
import { notedIssues } from "../rules/input-notes.js";

// The input notes live in rules (GM archetypes use them too); services keep importing them here.
export {
  noted,
  notedIssues,
  noteOf,
  text,
  whole,
  wholeIn,
  type InputNote,
  type NotedIssue,
} from "../rules/input-notes.js";

/**
 * Like `parseInput`, with zod's issues as notes: one `invalid` ServiceError naming the field
 * (`stats.STR`) and what is wrong with it.
 */
export function parseFriendly<T extends z.ZodType>(
  schema: T,
  input: unknown,
  /** What to call the value itself when the problem is with the whole of it. */
  root?: string,
): z.infer<T> {
  const result = notedIssues(schema, input);
  if (result.ok) return result.value;
  const first = result.issues[0];
  const field = first?.path.join(".") || root;
  throw invalid({
    code: "bad-input",
    field: field ?? null,
    note: first?.note ?? { code: "not-valid" },
  });
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
