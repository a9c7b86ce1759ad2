import { z } from "zod";
import type { ExtraSettingValues } from "../module.js";

/**
 * Advancement's one setting: `checks-per-downtime` (1). The seed lets a player make the check
 * "during extended downtime"; how many a downtime allows is the table's call.
 */
export const ADVANCEMENT_SETTINGS = {
  checksPerDowntime: {
    key: "checks-per-downtime",
    schema: z.coerce.number().int().min(1).max(10),
    defaultValue: 1,
  },
} as const;

export function readChecksPerDowntime(values: ExtraSettingValues): number {
  const { checksPerDowntime } = ADVANCEMENT_SETTINGS;
  return checksPerDowntime.schema
    .catch(checksPerDowntime.defaultValue)
    .parse(values[checksPerDowntime.key]);
}
