/** Protagonist creation (seed 000, steps 0–8): data, stats, choices, validation and the sheet. */
export * from "./archetypes/index.js";
export * from "./build.js";
export * from "./choices.js";
export * from "./resolve.js";
export * from "./skills.js";
export * from "./stats.js";
export * from "./validate.js";
export * from "./violations.js";
