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

const WHAT: Readonly<Record<SheetPart, { one: string; many: string; kept: string }>> = {
  bonds: {
    one: "Bond",
    many: "Bonds",
    kept: "broken and destroyed ones stay on it. A GM can erase a crossed-off Bond (`/bond erase`) to make room",
  },
  disorders: {
    one: "disorder",
    many: "disorders",
    kept: "cured ones stay on it. A GM can erase a cured disorder (`/campaign downtime disorder … erase:True`) to make room",
  },
  skills: {
    one: "skill",
    many: "skills",
    kept: "set the rating of a skill already on it instead",
  },
};

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
  const what = WHAT[part];
  const limit = SHEET_LIMITS[part];
  const asked = adding === 1 ? `another ${what.one}` : `${adding} more ${what.many}`;
  throw new RulesError(
    "sheet-full",
    `A sheet holds at most ${limit} ${what.many} and this one has ${held}, so there is no room for ${asked}: ${what.kept}.`,
  );
}
