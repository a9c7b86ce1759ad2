import type { PercentileOutcome } from "../rules/percentile.js";

/** How a d100 outcome, a box track and a percentile look on Cthulhu Eternal's embeds. */
export const OUTCOME_COLOUR: Readonly<Record<PercentileOutcome, number>> = {
  "critical-success": 0x2ecc71,
  success: 0x3498db,
  failure: 0xe67e22,
  fumble: 0xc0392b,
};

export const OUTCOME_ICON: Readonly<Record<PercentileOutcome, string>> = {
  "critical-success": "✨",
  success: "✅",
  failure: "❌",
  fumble: "💀",
};

/** Check boxes drawn as ☒ (checked) and ☐ (free). */
export function boxes(checked: number, total: number): string {
  if (total <= 0) return "—";
  const used = Math.min(checked, total);
  return "☒".repeat(used) + "☐".repeat(total - used);
}

/** A two-digit percentile as players read it: 01, 07, 42, 100. */
export function percent(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
