/**
 * Sanity (rules notes "Sanity"; seed 000 for SAN, breaking point, Max SAN, Recovery SAN, Bonds):
 * loss notation, SAN tests, loss resolution with temporary insanity, the breaking point,
 * permanent insanity and adaptation, projection onto a Bond, repression, and recovery.
 */
export {
  isSanLossNotationError,
  MAX_FIXED_LOSS,
  parseSanLoss,
  rollLossSide,
  SanLossNotationError,
  type SanLossProblem,
  type SanLossSideName,
} from "./notation.js";
export { rollSanTest } from "./san-test.js";
export { resolveSanLoss, type SanLossInput } from "./loss.js";
export { canProject, projectOntoBond, projectSanityTest } from "./projection.js";
export { repressInsanity, type RepressInput } from "./repress.js";
export { recoverSanity } from "./recovery.js";
export { sanityTest, type SanityTestInput } from "./sanity-test.js";
export { ADAPTATION_BOXES, maxSan, recoverySan, threatLabel, UNNAMED_DISORDER } from "./state.js";
export { INSANITY_REACTIONS } from "./types.js";
export type * from "./types.js";
