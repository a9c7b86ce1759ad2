import { parseDiceCached } from "./parse-cache.js";
import type { DiceExpression } from "./types.js";

/** Smallest and largest total the expression can roll. */
export function diceRange(input: string | DiceExpression): { min: number; max: number } {
  const expression = typeof input === "string" ? parseDiceCached(input) : input;
  return { min: expression.min, max: expression.max };
}
