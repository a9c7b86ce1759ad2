import type { ProtagonistSnapshot } from "./snapshot.js";
import type { Visibility } from "./event-visibility.js";
import type { JsonValue } from "../store/types.js";
import type { EventFact } from "./event-facts.js";

export interface StateChange {
  before: ProtagonistSnapshot;
  after: ProtagonistSnapshot;
}

/** One event to append: its fact (kind, payload, version) and what undo and reads need. */
export interface EventInput extends EventFact {
  guildId: string;
  campaignId: string | null;
  actorId: string;
  sessionNumber: number | null;
  /** What the user asked, validated. */
  input: unknown;
  /** Every die rolled and the rule's explanation (the rules' structured result). */
  dice?: unknown;
  /** Protagonists whose state changed, before and after. */
  changes?: StateChange[];
  /** Protagonists the event concerns without changing them (e.g. a skill roll with no mark). */
  concerns?: string[];
  /** Who may read it; default: everyone in the campaign. */
  visibility?: Visibility;
}

/** Plain JSON for a Json column (drops undefined, keeps the rules' structured results as data). */
export function asJson(value: unknown): Exclude<JsonValue, null> {
  return JSON.parse(JSON.stringify(value ?? null)) as Exclude<JsonValue, null>;
}
