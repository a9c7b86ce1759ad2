import { z } from "zod";
import type { ExtraEventKind } from "../module.js";

/** A GM's change of the bestiary; logged for the GMs alone while the entity is hidden. */
export const entityPayload = z.object({ entity: z.string() });
export type EntityPayload = z.infer<typeof entityPayload>;

/** An encounter: the entity, and who met it. */
export const encounterPayload = z.object({ entity: z.string(), protagonists: z.array(z.string()) });
export type EncounterPayload = z.infer<typeof encounterPayload>;

export const ENTITY_EVENTS = {
  add: { kind: "entities-add", version: 1, payload: entityPayload, roll: false },
  remove: { kind: "entities-remove", version: 1, payload: entityPayload, roll: false },
  show: { kind: "entities-show", version: 1, payload: entityPayload, roll: false },
  hide: { kind: "entities-hide", version: 1, payload: entityPayload, roll: false },
  /** The tests themselves are the core's SAN and will tests, logged beside it. */
  encounter: { kind: "entities-encounter", version: 1, payload: encounterPayload, roll: false },
} as const satisfies Record<string, ExtraEventKind>;
