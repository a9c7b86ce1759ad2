/**
 * The rules of Cthulhu Eternal in one place: pure functions, no I/O, randomness only through an
 * injected Rng. Each area is a namespace so names stay short and unambiguous
 * (`sanity.sanityTest`, `bonds.damageBond`, `resourceTests.resourceTest`).
 */
export * from "./types.js";
export * from "./errors.js";
export * from "../../../core/rng.js";
export * from "./options.js";
export * as derived from "./derived.js";
export * as dice from "./dice/index.js";
export * as percentile from "./percentile.js";
export * as sanity from "./sanity/index.js";
export * as bonds from "./bonds.js";
export * as sharedAdversity from "./shared-adversity.js";
export * as sharedAdversityApply from "./shared-adversity-apply.js";
export * as sheetLimits from "./sheet-limits.js";
export * as resources from "./resources.js";
export * as resourceTests from "./resource-test.js";
export * as resourceChanges from "./resource-changes.js";
export * as resourcePool from "./resource-pool.js";
export * as creation from "./creation/index.js";
export * as advancement from "./advancement.js";
export * as harm from "./harm.js";
export * as conditions from "./conditions.js";
