import { z } from "zod";
import type { ExtraSettingValues } from "../module.js";
import { DEFAULT_COMPLEXITY, MAX_COMPLEXITY } from "./rules.js";

/**
 * Crafting's setting: `default-complexity` (100, the seed's usual scale): what a project takes
 * when `/craft start` names none.
 */
export const CRAFTING_SETTINGS = {
  defaultComplexity: {
    key: "default-complexity",
    schema: z.coerce.number().int().min(1).max(MAX_COMPLEXITY),
    defaultValue: DEFAULT_COMPLEXITY,
  },
} as const;

export function readDefaultComplexity(values: ExtraSettingValues): number {
  const { defaultComplexity } = CRAFTING_SETTINGS;
  return defaultComplexity.schema
    .catch(defaultComplexity.defaultValue)
    .parse(values[defaultComplexity.key]);
}
