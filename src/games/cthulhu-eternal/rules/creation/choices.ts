import { z } from "zod";
import { ERAS, STAT_NAMES } from "../types.js";
import type { BondKind, Era, Harshness, Stats } from "../types.js";
import { SKILL_NAME_MAX } from "./skills.js";
import { ASSIGNABLE_SET_IDS } from "./stats.js";
import type { AssignableSetId, HarshBonusStat } from "./stats.js";

/**
 * How the stats were made. `assignment` says which value went to which stat (before the
 * harsh-upbringing bonus). `S` is `Stats` when complete, `Partial<Stats>` while drafting.
 */
export type StatChoice<S extends Partial<Stats> = Stats> =
  | {
      method: "rolled";
      /** The six 4D6-drop-lowest totals. */ rolls: readonly number[];
      assignment: S;
    }
  | { method: "points"; assignment: S }
  | { method: "set"; set: AssignableSetId; assignment: S };

export interface BondChoice {
  name: string;
  kind: BondKind;
  /** Community only: bonus picks traded for +5 (first) and +2 (each further) to this Bond. */
  tradeInPicks?: number;
  /** Community only: start this Bond at 1 for one extra bonus pick. */
  setToOne?: boolean;
}

export interface ResourcesChoice {
  /** Bonus picks traded for +5 (first) and +2 (each further) Resources. */
  tradeInPicks: number;
  /** Resources 0 for one extra bonus pick (cannot be combined with trade-ins). */
  zero: boolean;
}

/** Every choice a player makes at Protagonist creation (seed 000 steps 0–8). */
export interface CreationChoices {
  name: string;
  era: Era;
  harshness: Harshness;
  stats: StatChoice;
  /** Harsh upbringing only: which of STR and CON gets the +1. */
  harshBonusStat?: HarshBonusStat | undefined;
  archetypeId: string;
  /** Specialisations for the archetype's "(Type)" skills, by skill name: { Art: "Painting" }. */
  archetypeSpecialisations: Readonly<Record<string, string>>;
  /** The archetype's "choose any N" picks, as skill names ("Craft (Pottery)", "Occult"). */
  optionalSkills: readonly string[];
  /** One entry per adversity pick (+20 each); the same skill may appear twice. */
  adversitySkills: readonly string[];
  /** One entry per bonus pick (+20 each); repeat a skill to raise it more than once. */
  bonusSkills: readonly string[];
  resources: ResourcesChoice;
  bonds: readonly BondChoice[];
}

/** Choices as the guided flow builds them: anything may still be missing. */
export type CreationDraft = Partial<Omit<CreationChoices, "stats">> & {
  stats?: StatChoice<Partial<Stats>> | undefined;
};

/** Standard number of bonus skill picks (seed 000). */
export const BONUS_PICKS = 10;
/** Points one adversity or bonus pick adds. */
export const PICK_POINTS = 20;
/** Highest Community Bond rating. */
export const COMMUNITY_BOND_MAX = 20;

/** What `picks` bonus picks traded in are worth: +5 for the first, +2 for each further. */
export function tradeInBonus(picks: number): number {
  return picks <= 0 ? 0 : 5 + 2 * (picks - 1);
}

export interface PickBudget {
  standard: number;
  /** +1 when Resources is set to 0. */
  extraForZeroResources: number;
  /** +1 per Community Bond set to 1. */
  extraForBondsAtOne: number;
  /** Picks the player has in all. */
  allowance: number;
  /** Picks spent on skills. */
  skillPicks: number;
  resourcesTradeIns: number;
  communityBondTradeIns: number;
  used: number;
  /** Picks still to spend; negative when too many are spent. */
  remaining: number;
}

function countOf(picks: number | undefined): number {
  return picks !== undefined && Number.isInteger(picks) && picks > 0 ? picks : 0;
}

/** How the bonus picks stand for these (possibly partial) choices. */
export function pickBudget(choices: CreationDraft): PickBudget {
  const extraForZeroResources = choices.resources?.zero === true ? 1 : 0;
  const bonds = choices.bonds ?? [];
  const community = bonds.filter((b) => b.kind === "community");
  const extraForBondsAtOne = community.filter((b) => b.setToOne === true).length;
  const allowance = BONUS_PICKS + extraForZeroResources + extraForBondsAtOne;
  const skillPicks = choices.bonusSkills?.length ?? 0;
  const resourcesTradeIns = countOf(choices.resources?.tradeInPicks);
  const communityBondTradeIns = community.reduce((sum, b) => sum + countOf(b.tradeInPicks), 0);
  const used = skillPicks + resourcesTradeIns + communityBondTradeIns;
  return {
    standard: BONUS_PICKS,
    extraForZeroResources,
    extraForBondsAtOne,
    allowance,
    skillPicks,
    resourcesTradeIns,
    communityBondTradeIns,
    used,
    remaining: allowance - used,
  };
}

/** Bonus picks still to spend (negative when overspent). */
export function remainingPicks(choices: CreationDraft): number {
  return pickBudget(choices).remaining;
}

const statsSchema = z.object(
  Object.fromEntries(STAT_NAMES.map((stat) => [stat, z.number().int()])) as Record<
    (typeof STAT_NAMES)[number],
    z.ZodNumber
  >,
);
const partialStatsSchema = statsSchema.partial();

const statChoiceSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("rolled"),
    rolls: z.array(z.number().int()),
    assignment: partialStatsSchema,
  }),
  z.object({ method: z.literal("points"), assignment: partialStatsSchema }),
  z.object({
    method: z.literal("set"),
    set: z.enum(ASSIGNABLE_SET_IDS),
    assignment: partialStatsSchema,
  }),
]);

const bondChoiceSchema = z.object({
  name: z.string().max(100),
  kind: z.enum(["individual", "community"]),
  tradeInPicks: z.number().int().min(0).optional(),
  setToOne: z.boolean().optional(),
});

/**
 * Shape check for a stored draft (e.g. JSON from the database). It checks types only; the
 * rules are `validateCreation`'s job, so a draft that breaks them still parses.
 */
export const creationDraftSchema = z.object({
  name: z.string().max(100).optional(),
  era: z.enum(ERAS).optional(),
  harshness: z.enum(["normal", "harsh", "very-harsh"]).optional(),
  stats: statChoiceSchema.optional(),
  harshBonusStat: z.enum(["STR", "CON"]).optional(),
  archetypeId: z.string().max(100).optional(),
  archetypeSpecialisations: z.record(z.string(), z.string().max(80)).optional(),
  optionalSkills: z.array(z.string().max(SKILL_NAME_MAX)).optional(),
  adversitySkills: z.array(z.string().max(SKILL_NAME_MAX)).optional(),
  bonusSkills: z.array(z.string().max(SKILL_NAME_MAX)).optional(),
  resources: z.object({ tradeInPicks: z.number().int().min(0), zero: z.boolean() }).optional(),
  bonds: z.array(bondChoiceSchema).optional(),
});

export function parseCreationDraft(input: unknown): CreationDraft {
  return creationDraftSchema.parse(input);
}
