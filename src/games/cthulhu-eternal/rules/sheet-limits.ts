import { RulesError } from "./errors.js";

/**
 * How much one Protagonist sheet holds. The rules set no number (crossed-off Bonds and cured
 * disorders stay on the sheet forever), so these are ours: far above what a long campaign
 * gathers, and low enough that a sheet, and the copies of it the event log keeps for every
 * change, stay small.
 */
export const SHEET_LIMITS = {
  /** Broken and destroyed Bonds included: they stay on the sheet (seed 000). */
  bonds: 30,
  /** Cured disorders included. */
  disorders: 30,
  /** An era's list has about 40; specialisations and a campaign's own skills add the rest. */
  skills: 100,
} as const;

export type SheetPart = keyof typeof SHEET_LIMITS;

/** How many more the sheet can take (0 when full, or past the limit from before it existed). */
export function roomOnSheet(part: SheetPart, held: number): number {
  return Math.max(0, SHEET_LIMITS[part] - held);
}

/**
 * Throws a RulesError ("sheet-full") unless `adding` more fit beside the `held` ones. The
 * message says the limit and what to do.
 */
export function assertRoomOnSheet(part: SheetPart, held: number, adding = 1): void {
  if (adding <= roomOnSheet(part, held)) return;
  throw new RulesError({ code: "sheet-full", part, limit: SHEET_LIMITS[part], held, adding });
}
