import type { RecoveryResult } from "../rules/sanity/types.js";

/** The English for the Sanity rules' facts, worded once here rather than in the rules. */

/** Mundane SAN recovery, saying when Recovery SAN stopped it short of the amount asked. */
export function recoveryText(result: RecoveryResult): string {
  return result.capped
    ? `Recovered ${result.recovered} of ${result.requested} SAN: mundane recovery stops at Recovery SAN ${result.recoverySan}.`
    : `Recovered ${result.recovered} SAN.`;
}
