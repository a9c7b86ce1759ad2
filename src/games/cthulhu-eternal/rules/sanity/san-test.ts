import { percentileTest } from "../percentile.js";
import type { Rng } from "../../../../core/rng.js";
import type { SanityState, ThreatType } from "../types.js";
import { assertThreat, isAdaptableThreat } from "./state.js";
import type { SanTestOutcome } from "./types.js";

/**
 * A SAN test: 1D100 against current SAN (seed 000). A Protagonist adapted to the threat's type
 * succeeds automatically without rolling (rules notes, Sanity), and the result says so.
 * Criticals and fumbles are reported but change nothing: no source gives them a Sanity effect.
 */
export function rollSanTest(
  state: Pick<SanityState, "san" | "adaptation">,
  threat: ThreatType,
  rng: Rng,
): SanTestOutcome {
  assertThreat(threat);
  if (isAdaptableThreat(threat) && state.adaptation[threat].adapted) {
    return {
      automatic: true,
      threat,
      outcome: "success",
      success: true,
      critical: false,
      reason: { code: "adapted", threat },
    };
  }
  return rolledSanTest(state.san, threat, rng);
}

/** The rolled part alone (repression always rolls, adapted or not, against no threat). */
export function rolledSanTest(san: number, threat: ThreatType | null, rng: Rng): SanTestOutcome {
  const result = percentileTest({ rating: san, label: "SAN" }, rng);
  return {
    automatic: false,
    threat,
    target: result.target,
    roll: result.roll.value,
    outcome: result.outcome,
    success: result.success,
    critical: result.critical,
    reason: result.reason,
  };
}
