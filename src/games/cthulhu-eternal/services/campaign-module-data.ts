import { z } from "zod";
import type { CampaignDataChange } from "../store/records.js";
import type { StoreTx } from "../store/store.js";
import type { Campaign } from "../store/types.js";
import { asJson } from "./event-log.js";

export type { CampaignDataChange } from "../store/records.js";

/**
 * How a campaign stores its Extras (the Campaign's `extras` column): by module id, whether it is
 * on, the settings a GM changed, and the module's own campaign data (a catalogue), which only
 * the module reads, with its own schema. A module absent, or unknown to this version, is off.
 */
const storedModule = z.object({
  enabled: z.boolean().default(false),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  data: z.unknown().optional(),
});
const storedExtras = z.record(z.string(), storedModule);

export type StoredExtras = z.infer<typeof storedExtras>;

/** The stored JSON read strictly (an import): null when it can't be read. */
export function readStoredExtras(json: unknown): StoredExtras | null {
  const parsed = storedExtras.safeParse(json ?? {});
  return parsed.success ? parsed.data : null;
}

/** The stored JSON, or nothing switched on when it is missing or unreadable. */
export function storedExtrasOf(json: unknown): StoredExtras {
  const parsed = storedExtras.safeParse(json ?? {});
  return parsed.success ? parsed.data : {};
}

/** A module's own campaign data, as stored (undefined when it has none yet). */
export function moduleDataOf(json: unknown, moduleId: string): unknown {
  return storedExtrasOf(json)[moduleId]?.data;
}

/**
 * The stored JSON with a module's campaign data replaced (its switch and settings kept); null
 * leaves the module with no data, as before its first write (an undo puts that back).
 */
export function withModuleData(json: unknown, moduleId: string, data: unknown): StoredExtras {
  const stored = storedExtrasOf(json);
  const { data: _old, ...current } = stored[moduleId] ?? { enabled: false, settings: {} };
  return { ...stored, [moduleId]: data === null ? current : { ...current, data } };
}

/**
 * Replaces a module's campaign data (in the caller's transaction) and returns the change, which
 * the event that made it logs so that undo can put the data back.
 */
export async function writeModuleData(
  tx: StoreTx,
  campaign: Campaign,
  moduleId: string,
  data: unknown,
): Promise<CampaignDataChange> {
  await tx.campaigns.setExtras(
    campaign.id,
    asJson(withModuleData(campaign.extras, moduleId, data)),
  );
  return { moduleId, before: moduleDataOf(campaign.extras, moduleId) ?? null, after: asJson(data) };
}
