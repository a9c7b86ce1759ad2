import { z } from "zod";
import { ERAS, STAT_NAMES } from "../../types.js";
import type { Era, StatName } from "../../types.js";
import { parseSkillName, skillKey } from "../skills.js";

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

const archetypeSkillSchema = z.object({
  skill: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .refine((text) => parseSkillName(text).name !== "", "a skill needs a name"),
  rating: z.number().int().min(0).max(99),
});

/** Validates a GM-defined archetype (for example one pasted as JSON into the bot). */
export const archetypeSchema = z
  .object({
    id: z
      .string()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*$/,
        "use lower-case words joined by hyphens, e.g. sea-captain",
      ),
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
          message: `${granted.skill} is listed twice among the archetypal skills`,
        });
      }
      seen.add(key);
    });
    if (archetype.optionalSkillCount > archetype.optionalSkills.length) {
      ctx.addIssue({
        code: "custom",
        path: ["optionalSkillCount"],
        message: `asks for ${archetype.optionalSkillCount} optional skills but lists only ${archetype.optionalSkills.length}`,
      });
    }
  });

/** Parse JSON-ish input into an Archetype; zod reports every problem. */
export function parseArchetype(input: unknown): Archetype {
  return archetypeSchema.parse(input);
}
