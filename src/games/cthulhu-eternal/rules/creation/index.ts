/** Protagonist creation (seed 000, steps 0–8): data, stats, choices, validation and the sheet. */
export * from "./archetypes/index.js";
export * from "./build.js";
export type { BondBreakdown, ResourcesBreakdown } from "./check-bonds.js";
export type { CreationContext, CreationOptions } from "./check-context.js";
export * from "./choices.js";
export * from "./resolve.js";
export type { SheetSkill, SkillPointSource } from "./skill-ledger.js";
export * from "./skills.js";
export * from "./stats.js";
export * from "./validate.js";
export * from "./violations.js";
