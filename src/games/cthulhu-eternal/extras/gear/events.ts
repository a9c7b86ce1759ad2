import { z } from "zod";
import type { ExtraEventKind } from "../module.js";

export const equipPayload = z.object({
  protagonist: z.string(),
  item: z.string(),
  kind: z.enum(["weapon", "armour"]),
  action: z.enum(["add", "drop"]),
});

export const attackPayload = z.object({
  attacker: z.string(),
  weapon: z.string(),
  /** The Protagonist attacked; null for a target the bot does not track. */
  target: z.string().nullable(),
  roll: z.number().int().min(1).max(100),
  targetNumber: z.number().int(),
  outcome: z.enum(["critical-success", "success", "failure", "fumble"]),
  /** Damage dealt after armour; null on a miss or a lethal hit. */
  damage: z.number().int().nullable(),
  lethal: z.boolean(),
  /** What the critical did: extra-die, doubled, maximum, periodic; null for none. */
  critical: z.string().nullable(),
});

export const periodicPayload = z.object({
  protagonist: z.string(),
  effects: z.array(z.string()),
  damage: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
});

export const strikePayload = z.object({
  /** Null while the entity is hidden from the table. */
  entity: z.string().nullable(),
  weapon: z.string(),
  target: z.string(),
  critical: z.boolean(),
  /** Null for a lethal hit. */
  damage: z.number().int().nullable(),
  lethal: z.boolean(),
});

export const treatPayload = z.object({ protagonist: z.string(), effect: z.string() });

export type EquipPayload = z.infer<typeof equipPayload>;
export type AttackPayload = z.infer<typeof attackPayload>;
export type PeriodicPayload = z.infer<typeof periodicPayload>;
export type TreatPayload = z.infer<typeof treatPayload>;
export type StrikePayload = z.infer<typeof strikePayload>;

export const GEAR_EVENTS = {
  equip: { kind: "gear-equip", version: 1, payload: equipPayload, roll: false },
  attack: { kind: "gear-attack", version: 1, payload: attackPayload, roll: true },
  periodic: { kind: "gear-periodic", version: 1, payload: periodicPayload, roll: true },
  treat: { kind: "gear-treat", version: 1, payload: treatPayload, roll: false },
  strike: { kind: "gear-strike", version: 1, payload: strikePayload, roll: true },
} as const satisfies Record<string, ExtraEventKind>;
