/** What every creation check shares: the campaign's settings and the way problems are reported. */
import type { RuleOptions } from "../options.js";
import type { Era } from "../types.js";
import type { SkillDefinition } from "./skills.js";
import type { CreationViolationCode } from "./violations.js";

/** Campaign settings that shape creation beyond the rule options. */
export interface CreationContext {
  /** Report only what is already wrong (the guided flow's drafts). */
  partial?: boolean;
  /** GM-defined archetypes (validated with `archetypeSchema`). */
  customArchetypes?: readonly unknown[];
  /** GM-defined skills, added to (or replacing by name) the era's list. */
  customSkills?: readonly SkillDefinition[];
  /** Replaces the era's adversity skill list. */
  adversitySkills?: readonly string[];
}

export type CreationOptions = Pick<RuleOptions, "creationSkillCap" | "unnaturalBonusPicks">;

export type Report = (code: CreationViolationCode, path: string, message: string) => void;

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export const ERA_NAMES: Record<Era, string> = { modern: "Modern", future: "Future" };
