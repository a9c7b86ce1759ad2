import { RulesError } from "../errors.js";
import type { SanityState } from "../types.js";
import { assertSanityState, copyState, recoverySan } from "./state.js";
import type { RecoveryResult } from "./types.js";

/**
 * Mundane SAN recovery (rest, therapy, time with loved ones): SAN rises by `amount` but never
 * above Recovery SAN (seed 000), which is itself never above Max SAN. A Protagonist already at or
 * above Recovery SAN recovers nothing (and keeps what they have).
 */
export function recoverSanity(state: SanityState, amount: number): RecoveryResult {
  assertSanityState(state);
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RulesError(
      { code: "not-a-whole-number", field: "san-recovered", value: String(amount), min: 0 },
      "invalid-recovery",
    );
  }
  const ceiling = recoverySan(state);
  const after = copyState(state);
  after.san = Math.max(state.san, Math.min(state.san + amount, ceiling));
  const recovered = after.san - state.san;
  const capped = recovered < amount;
  return {
    requested: amount,
    recovered,
    recoverySan: ceiling,
    capped,
    san: { before: state.san, after: after.san },
    after,
  };
}
