import { z } from "zod";
import { ERAS, STAT_NAMES } from "../../types.js";
import type { Era, StatName } from "../../types.js";
import { parseSkillName, skillKey } from "../skills.js";
import type { InputNote } from "../../input-notes.js";

/** A skill an archetype grants (or offers) at a rating that replaces the base rating. */
export interface ArchetypeSkill {
  /** "Search", or "Art (Type)" when the player names the specialisation. */
  readonly skill: string;
  readonly rating: number;
}

/** An archetype as seed 000 describes one: plain data, so a GM can add their own as JSON. */
export interface Archetype {
  /** Stable id within its era ("artist-craftsperson"). */
  readonly id: string;
  readonly name: string;
  readonly era: Era;
  /** Stats the archetype wants at 10 or higher (advice, not a rule). */
  readonly recommendedStats: readonly StatName[];
  /** Archetypal skills every Protagonist of the archetype has. */
  readonly skills: readonly ArchetypeSkill[];
  /** How many of `optionalSkills` the player picks (only ones not already held). */
  readonly optionalSkillCount: number;
  readonly optionalSkills: readonly ArchetypeSkill[];
  /** Starting (Permanent) Resources rating. */
  readonly resources: number;
  /** Number of Bonds; the player decides which are individual and which community. */
  readonly bonds: number;
}

/** What the schema's own checks find; the zod issue's path says where. */
export type SchemaCheckProblem =
  | { readonly code: "id-format" }
  | { readonly code: "skill-name-empty" }
  | { readonly code: "skill-listed-twice"; readonly skill: string }
  | { readonly code: "too-few-optional-skills"; readonly count: number; readonly listed: number };

/**
 * What is wrong with a GM-defined archetype, as facts; presentation words them. `path` is where in
 * the archetype (e.g. "skills.0.skill"); `shape` is a value of the wrong shape, as the input
 * notes every other input uses (missing, wrong type, out of range…).
 */
export type ArchetypeProblem =
  | { readonly code: "shape"; readonly path: string | null; readonly note: InputNote }
  | (SchemaCheckProblem & { readonly path: string })
  | { readonly code: "skill-unknown"; readonly skill: string; readonly era: Era }
  | { readonly code: "specialisation-unexpected"; readonly skill: string };

/** Where the schema's checks put their problem in a zod issue (`params`). */
const PROBLEM_PARAM = "archetypeProblem";

const problemParams = (problem: SchemaCheckProblem) => ({ [PROBLEM_PARAM]: problem });

/** The problem one of the schema's checks put in a zod issue's params, if it was one of them. */
export function schemaCheckProblem(params: unknown): SchemaCheckProblem | undefined {
  if (typeof params !== "object" || params === null || !(PROBLEM_PARAM in params)) return undefined;
  const problem = params[PROBLEM_PARAM];
  // Only `problemParams` above writes this key, with a SchemaCheckProblem.
  return typeof problem === "object" && problem !== null && "code" in problem
    ? (problem as SchemaCheckProblem)
    : undefined;
}

const ARCHETYPE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const archetypeSkillSchema = z.object({
  skill: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .refine((text) => parseSkillName(text).name !== "", {
      params: problemParams({ code: "skill-name-empty" }),
    }),
  rating: z.number().int().min(0).max(99),
});

/** Validates a GM-defined archetype (for example one pasted as JSON into the bot). */
export const archetypeSchema = z
  .object({
    id: z
      .string()
      .refine((id) => ARCHETYPE_ID.test(id), { params: problemParams({ code: "id-format" }) }),
    name: z.string().trim().min(1).max(100),
    era: z.enum(ERAS),
    recommendedStats: z.array(z.enum(STAT_NAMES)).default([]),
    skills: z.array(archetypeSkillSchema),
    optionalSkillCount: z.number().int().min(0),
    optionalSkills: z.array(archetypeSkillSchema),
    resources: z.number().int().min(0).max(99),
    bonds: z.number().int().min(0).max(20),
  })
  .superRefine((archetype, ctx) => {
    const seen = new Set<string>();
    archetype.skills.forEach((granted, index) => {
      const key = skillKey(granted.skill);
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["skills", index, "skill"],
          params: problemParams({ code: "skill-listed-twice", skill: granted.skill }),
        });
      }
      seen.add(key);
    });
    if (archetype.optionalSkillCount > archetype.optionalSkills.length) {
      ctx.addIssue({
        code: "custom",
        path: ["optionalSkillCount"],
        params: problemParams({
          code: "too-few-optional-skills",
          count: archetype.optionalSkillCount,
          listed: archetype.optionalSkills.length,
        }),
      });
    }
  });

/** Parse JSON-ish input into an Archetype; zod reports every problem. */
export function parseArchetype(input: unknown): Archetype {
  return archetypeSchema.parse(input);
}
