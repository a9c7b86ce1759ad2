import { z } from "zod";

import { ABILITIES, COLOURS, type Colour, type DieResult, type Mode } from "./types.js";

/**
 * The table's numbers, as data. Each default says where it comes from:
 * - "seed": the rulebook (`/work/shared/seeds/004_6d5f4b7e20533aac.txt`);
 * - "cultists.md": our summary's sources outside the seed (a review of the game);
 * - "ours": the seed is silent and this is our choice (docs/cultists-of-cthulhu.md says why).
 */

const count = z.number().int().min(0).max(12);

/**
 * How many of a die's faces show each result; a die needs at least one. The host only learns the
 * setting was refused (`invalid-setting`), so the schema carries no words of its own.
 */
const faceCountsSchema = z
  .object({ good: count, weird: count, bad: count })
  .refine((f) => f.good + f.weird + f.bad >= 1);

export type FaceCounts = z.infer<typeof faceCountsSchema>;

/** Fewest dice of each result for an outcome to fire; null: that outcome does not exist. */
const thresholdsSchema = z.object({
  good: z.number().int().min(1).max(10).nullable(),
  weird: z.number().int().min(1).max(10).nullable(),
  bad: z.number().int().min(1).max(10).nullable(),
});

export type Thresholds = Record<DieResult, number | null>;

const colour = z.enum(COLOURS);
const cultistNumber = z.number().int().min(1).max(99);

/**
 * What the ability's dice do when they are already `poolSize` or more:
 * - "roll-all": roll them all, add nothing (the seed's "take dice equal to your ability score");
 * - "first": roll the first `poolSize` (the sheet's dice, then those gained, in order);
 * - "best" / "worst": roll the `poolSize` best (Green first) or worst (Red first).
 */
export const OVERSIZED_POOL = ["roll-all", "first", "best", "worst"] as const;
export type OversizedPool = (typeof OVERSIZED_POOL)[number];

const DEFAULTS = {
  /** cultists.md (review of the game): Green 3/2/1, Blue 2/2/2, Red 1/2/3. */
  dice: {
    green: { good: 3, weird: 2, bad: 1 },
    blue: { good: 2, weird: 2, bad: 2 },
    red: { good: 1, weird: 2, bad: 3 },
  } satisfies Record<Colour, FaceCounts>,
  /** seed: "always done by rolling five dice". */
  poolSize: 5,
  /** ours: the seed never has more than five; see OVERSIZED_POOL. */
  oversizedPool: "roll-all" as OversizedPool,
  /** seed: "typically … at least three Good, … at least two Weird, … at least two Bad". */
  thresholds: { good: 3, weird: 2, bad: 2 } satisfies Thresholds,
  /** seed: Combat cards say what two Weirds do. */
  combatWeirds: 2,
  /** seed: Combat cards are Brawn checks. */
  combatAbility: "brawn" as (typeof ABILITIES)[number],
  /** seed: Steal is a Finesse check, difficulty Red. */
  steal: { ability: "finesse" as (typeof ABILITIES)[number], difficulty: "red" as Colour },
  /** seed: the Star Chart track runs to 30; ours: it stops there. */
  starChartEnd: 30,
  /** seed: a Cultist aligns at 15, 20 or 25. */
  cultistNumbers: [15, 20, 25],
  /** cultists.md: the four base scenarios (any other name is allowed). */
  scenarios: [
    "Fungi from Yuggoth",
    "Cult of Cthulhu",
    "Esoteric Order of Dagon",
    "Coming of Nyarlathotep",
  ],
  /** seed: goals come as A1/A2, B1/B2 (a scenario with more letters names them when opening). */
  goals: ["A", "B"],
  /** seed: two players win on "one of the Scenario goals" (ours: both parts of one letter). */
  duelGoalsToWin: 1,
  /** seed: five outer pieces and one centre make an Elder Sign. */
  elderSign: { outer: 5, centre: 1 },
  /** seed: one two-handed item or up to two one-handed items. */
  hands: 2,
  /** seed: 1–6 players. */
  players: { min: 1, max: 6 },
  /** seed, parts 1, 5 and 6: how roles are dealt for each kind of table. */
  roleDeal: {
    table: { charactersPerPlayer: 1, cultists: 1 as const },
    duel: {
      charactersPerPlayer: 2,
      faceDown: [15, 20],
      faceUp: 25,
      academics: 2,
      activationAt: 20,
    },
    solo: { charactersPerPlayer: 3, rowAcademics: 2, rowRevealsAt: [15, 20, 25] },
  },
  /**
   * ours (the seed's Night Gaunt "survives, with 2 wounds remaining"): "limit" — death when the
   * Wounds taken reach the sheet's number; "past-limit" — only when they exceed it.
   */
  deathAt: "limit" as "limit" | "past-limit",
};

export const settingsSchema = z.object({
  dice: z
    .object({
      green: faceCountsSchema.default(DEFAULTS.dice.green),
      blue: faceCountsSchema.default(DEFAULTS.dice.blue),
      red: faceCountsSchema.default(DEFAULTS.dice.red),
    })
    .default(DEFAULTS.dice),
  poolSize: z.number().int().min(1).max(10).default(DEFAULTS.poolSize),
  oversizedPool: z.enum(OVERSIZED_POOL).default(DEFAULTS.oversizedPool),
  thresholds: thresholdsSchema.default(DEFAULTS.thresholds),
  combatWeirds: z.number().int().min(1).max(10).default(DEFAULTS.combatWeirds),
  combatAbility: z.enum(ABILITIES).default(DEFAULTS.combatAbility),
  steal: z.object({ ability: z.enum(ABILITIES), difficulty: colour }).default(DEFAULTS.steal),
  starChartEnd: z.number().int().min(1).max(99).default(DEFAULTS.starChartEnd),
  cultistNumbers: z.array(cultistNumber).min(1).default(DEFAULTS.cultistNumbers),
  scenarios: z.array(z.string().min(1)).default(DEFAULTS.scenarios),
  goals: z.array(z.string().min(1)).min(1).default(DEFAULTS.goals),
  duelGoalsToWin: z.number().int().min(1).default(DEFAULTS.duelGoalsToWin),
  elderSign: z
    .object({ outer: z.number().int().min(0), centre: z.number().int().min(0) })
    .default(DEFAULTS.elderSign),
  hands: z.number().int().min(0).default(DEFAULTS.hands),
  players: z
    .object({ min: z.number().int().min(1), max: z.number().int().min(1) })
    .default(DEFAULTS.players),
  roleDeal: z
    .object({
      table: z.object({
        charactersPerPlayer: z.number().int().min(1),
        cultists: z.literal(1),
      }),
      duel: z.object({
        charactersPerPlayer: z.number().int().min(1),
        faceDown: z.array(cultistNumber),
        faceUp: cultistNumber,
        academics: z.number().int().min(0),
        activationAt: cultistNumber,
      }),
      solo: z.object({
        charactersPerPlayer: z.number().int().min(1),
        rowAcademics: z.number().int().min(0),
        rowRevealsAt: z.array(cultistNumber).min(1),
      }),
    })
    .default(DEFAULTS.roleDeal),
  deathAt: z.enum(["limit", "past-limit"]).default(DEFAULTS.deathAt),
});

export type Settings = z.infer<typeof settingsSchema>;

/** Every setting at its documented default. */
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Fill partial settings (e.g. stored JSON) with the defaults; throws a ZodError on bad values. */
export function resolveSettings(partial: unknown): Settings {
  return settingsSchema.parse(partial ?? {});
}

/** The kind of table a number of players makes (seed parts 5 and 6). */
export function modeFor(players: number): Mode {
  if (players === 1) return "solo";
  if (players === 2) return "duel";
  return "table";
}

/** How many characters each player controls at this kind of table. */
export function charactersPerPlayer(settings: Settings, mode: Mode): number {
  return settings.roleDeal[mode].charactersPerPlayer;
}
