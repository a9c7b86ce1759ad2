/** What every creation check shares: the campaign's settings and the way problems are reported. */
import type { RuleOptions } from "../options.js";
import type { SkillDefinition } from "./skills.js";
import type { CreationViolation } from "./violations.js";

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

/** Records one violation: its code, path and facts (presentation words it). */
export type Report = (violation: CreationViolation) => void;
