/** What the resources tests share. */
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";

/** The two d10 faces (tens first, 10 read as 0) that make a percentile roll show `value`. */
export function d100(value: number): [number, number] {
  if (value === 100) return [10, 10];
  const tens = Math.floor(value / 10);
  const ones = value % 10;
  return [tens === 0 ? 10 : tens, ones === 0 ? 10 : ones];
}

export const options = DEFAULT_RULE_OPTIONS;
