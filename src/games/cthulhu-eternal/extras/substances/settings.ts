import { z } from "zod";
import type { ExtraSettingValues } from "../module.js";
import { DEPENDENCE_TRIGGERS, type DependenceTrigger } from "./rules.js";

/**
 * Substances' setting: `dependence` (`failure`): when an addictive substance makes the taker
 * dependent — on a failed or fumbled CON × 5 test, or on `every-dose`. The seed says only that
 * becoming dependent "is possible".
 */
export const SUBSTANCES_SETTINGS = {
  dependence: {
    key: "dependence",
    schema: z.enum(DEPENDENCE_TRIGGERS),
    defaultValue: "failure" satisfies DependenceTrigger,
  },
} as const;

export function readDependence(values: ExtraSettingValues): DependenceTrigger {
  const { dependence } = SUBSTANCES_SETTINGS;
  return dependence.schema.catch(dependence.defaultValue).parse(values[dependence.key]);
}
