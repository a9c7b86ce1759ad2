import { z } from "zod";
import { isRulesError } from "./errors.js";
import { parseSanLoss } from "./sanity/notation.js";

/** Whether a text is SAN loss notation the rules read (0/1D4, 1/1D6…). */
function isSanLoss(text: string): boolean {
  try {
    parseSanLoss(text);
    return true;
  } catch (error) {
    if (isRulesError(error)) return false;
    throw error;
  }
}

/**
 * Rule variants a campaign can choose. Every default here is documented in the
 * README ("Campaign settings") and, with its source, in docs/rules.md; where the SRD
 * is silent or printings differ, the choice is a setting rather than a silent guess.
 */
export const ruleOptionsSchema = z.object({
  /** Tick a failure mark when a skill test fails (never on Unnatural). */
  failureMarks: z.boolean().default(true),
  /**
   * End-of-session improvement of each marked skill: 1D4 (Roll20 CE sheet, default), +1, 1D3,
   * 1D4−1 (Foundry DG variants), or "check" (seed 002: one d100 check, +1 to marked skills at or below it).
   */
  improvement: z.enum(["1d4", "1", "1d3", "1d4-1", "check"]).default("1d4"),
  /**
   * Projecting onto a Bond when WP is lower than the 1D4 rolled: "cap" spends only the WP there is
   * and reduces the loss and the Bond by that much (default); "allow-zero" spends it all (WP may hit 0);
   * "refuse" forbids projecting unless WP covers the roll.
   */
  projectionWpShortfall: z.enum(["cap", "allow-zero", "refuse"]).default("cap"),
  /** Clear a track's adaptation boxes when the Protagonist goes temporarily insane or hits the breaking point. */
  adaptationResetOnInsanity: z.boolean().default(true),
  /** SAN lost in one test (after projection) that causes temporary insanity. */
  temporaryInsanityThreshold: z.number().int().min(1).max(100).default(5),
  /**
   * Resource tests: a success whose roll lies in the top N% of the target (at least 1 point) finds
   * a sub-standard item. Default 10: e.g. target 40 → rolls 37–40 (the top 4 points) are sub-standard.
   */
  substandardPercent: z.number().int().min(0).max(100).default(10),
  /** Highest skill rating at Protagonist creation (the SRD's "unless the GM says otherwise"). */
  creationSkillCap: z.number().int().min(1).max(99).default(80),
  /**
   * Whether bonus picks may raise Unnatural at creation. Seed 000 lets a pick go to "whichever
   * skill", so yes by default; false is Delta Green's rule (Unnatural grows only in play).
   */
  unnaturalBonusPicks: z.boolean().default(true),
  /** Penalty to tests while exhausted (Foundry DG reading). */
  exhaustionPenalty: z.number().int().min(0).max(100).default(20),
  /**
   * The SAN loss a broken Bond's Helplessness test offers first (seed 000 says such a test is
   * likely, not what it costs; the GM may change it for each test).
   */
  brokenBondSanLoss: z
    .string()
    .max(60)
    // Only stored settings reach this check (/campaign setup refuses bad notation in its own
    // words first), so it carries a code rather than a sentence.
    .refine(isSanLoss, { params: { code: "san-loss-notation" } })
    .default("0/1D4"),
  /**
   * Whether players may undo their own rolls and tests (SAN, skill, stat, Luck, Resources…): off by
   * default, since undoing one is a reroll; GMs always may.
   */
  playerUndoRolls: z.boolean().default(false),
});

export type RuleOptions = z.infer<typeof ruleOptionsSchema>;

export const DEFAULT_RULE_OPTIONS: RuleOptions = ruleOptionsSchema.parse({});

/** Fill a partial set of options (e.g. from the database) with the defaults. */
export function resolveRuleOptions(partial: unknown): RuleOptions {
  return ruleOptionsSchema.parse(partial ?? {});
}
