import { z } from "zod";
import { invalid } from "./errors.js";

/** Discord snowflakes: 17–20 digits. */
export const snowflake = z.string().regex(/^\d{17,20}$/, "must be a Discord ID");

/** Database ids (cuid). Anything else is treated as "not found" by the callers. */
export const recordId = z.string().min(1).max(64);

/** A name a user typed: trimmed, 1–100 characters, no control characters. */
export const displayName = z
  .string()
  .trim()
  .min(1, "can't be empty")
  .max(100, "is longer than 100 characters")
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "contains control characters");

/**
 * Validates service input at the boundary. Failures become one `invalid` ServiceError whose
 * message names the field and what is wrong, in words a player understands.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first?.path.map(String).join(".");
  const message = first?.message ?? "is not valid";
  throw invalid(field ? `\`${field}\` ${message}.` : `The input ${message}.`);
}
