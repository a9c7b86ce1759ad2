import { z } from "zod";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { moduleDataOf } from "../../services/campaign-module-data.js";
import { DAMAGE_TYPES, RANGES } from "./rules.js";

/** The module's id: its key in the Protagonist's `extras`. */
export const GEAR_ID = "gear";

export const MAX_WEAPONS = 20;
export const MAX_ARMOUR = 10;
export const MAX_PERIODIC = 10;
export const MAX_PROTECTION = 20;
/** What a hidden entity's weapon, and the wound it leaves, are called on the table's side. */
export const UNSEEN_WEAPON = "Unseen";

const weaponSchema = z.object({
  name: z.string().min(1),
  /** The skill it is used with; empty for an entity's weapon (entities have no ratings). */
  skill: z.string(),
  harm: z.union([
    z.object({ kind: z.literal("dice"), dice: z.string().min(1) }),
    z.object({ kind: z.literal("lethality"), rating: z.number().int().min(1).max(100) }),
  ]),
  range: z.enum(RANGES),
  type: z.enum(DAMAGE_TYPES),
  weird: z.boolean().default(false),
});
const armourSchema = z.object({
  name: z.string().min(1),
  protection: z.number().int().min(0).max(MAX_PROTECTION),
  fragile: z.boolean(),
  heavy: z.boolean(),
});
const periodicSchema = z.object({ name: z.string().min(1), dice: z.string().min(1) });

const gearSchema = z.object({
  weapons: z.array(weaponSchema).default([]),
  armour: z.array(armourSchema).default([]),
  periodic: z.array(periodicSchema).default([]),
});
export type Gear = z.infer<typeof gearSchema>;

/** The campaign's part: the bestiary's weapons, by entity name (lower case), which GMs keep. */
export const arsenalSchema = z.object({
  entities: z.record(z.string(), z.array(weaponSchema)).default({}),
});
export type Arsenal = z.infer<typeof arsenalSchema>;

export function arsenalOf(campaignExtras: unknown): Arsenal {
  const parsed = arsenalSchema.safeParse(moduleDataOf(campaignExtras, GEAR_ID) ?? {});
  return parsed.success ? parsed.data : { entities: {} };
}

export function entityKey(name: string): string {
  return name.trim().toLowerCase();
}

export const NO_GEAR: Gear = { weapons: [], armour: [], periodic: [] };

export function gearOf(protagonist: ProtagonistSnapshot): Gear {
  const parsed = gearSchema.safeParse(protagonist.extras?.[GEAR_ID] ?? {});
  return parsed.success ? parsed.data : NO_GEAR;
}

export function withGear(protagonist: ProtagonistSnapshot, gear: Gear): ProtagonistSnapshot {
  return { ...protagonist, extras: { ...protagonist.extras, [GEAR_ID]: gear } };
}

/** One of the sheet's items by name, any case. */
export function named<T extends { name: string }>(
  items: readonly T[],
  name: string,
): T | undefined {
  const wanted = name.trim().toLowerCase();
  return items.find((item) => item.name.toLowerCase() === wanted);
}
