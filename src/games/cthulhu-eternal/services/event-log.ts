import type { JsonValue } from "../store/types.js";

export type { EventInput, StateChange } from "../store/records.js";

/** Plain JSON for a Json column (drops undefined, keeps the rules' structured results as data). */
export function asJson(value: unknown): Exclude<JsonValue, null> {
  return JSON.parse(JSON.stringify(value ?? null)) as Exclude<JsonValue, null>;
}
