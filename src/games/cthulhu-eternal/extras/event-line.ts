import type { z } from "zod";
import type { LoggedFact } from "../services/event-facts.js";

/**
 * The log's line for a fact of this kind and version, its payload read by the kind's own
 * schema; undefined for any other fact, or a payload the schema refuses.
 */
export function kindLine<T>(
  fact: LoggedFact,
  kind: { readonly kind: string; readonly version: number; readonly payload: z.ZodType<T> },
  words: (payload: T) => string,
): string | undefined {
  if (fact.kind !== kind.kind || fact.payloadVersion !== kind.version) return undefined;
  const parsed = kind.payload.safeParse(fact.payload);
  return parsed.success ? words(parsed.data) : undefined;
}
