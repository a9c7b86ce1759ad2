import type { BondChangeReason } from "../bonds.js";
import type { PercentileOutcome, TestReason } from "../percentile.js";
import type { AdaptableThreat, SanityState, ThreatType } from "../types.js";

/**
 * Result shapes of the Sanity rules. Everything here is plain JSON-safe data (no classes, no
 * functions, no `undefined`: absent values are `null`) because the service stores results in an
 * event log and re-reads them to offer projection later.
 */

/** How a temporarily insane Protagonist reacts, chosen by the player (rules notes, Sanity). */
export const INSANITY_REACTIONS = ["flee", "struggle", "submit"] as const;
export type InsanityReaction = (typeof INSANITY_REACTIONS)[number];

/** A number before and after a change. */
export interface Change {
  before: number;
  after: number;
}

/** One side of a SAN loss notation: a fixed number or a dice expression. */
export type SanLossSide =
  | { kind: "fixed"; amount: number; text: string }
  | { kind: "dice"; expression: string; min: number; max: number; text: string };

/** Parsed `success/failure` SAN loss, e.g. 0/1D6. */
export interface SanLoss {
  /** Normalised notation: no spaces, upper-case D ("1/1D4+1"). */
  notation: string;
  onSuccess: SanLossSide;
  onFailure: SanLossSide;
}

/** One die as rolled for a SAN loss. */
export interface RolledDie {
  sides: number;
  value: number;
  kept: boolean;
}

/** The SAN loss as rolled from the side the test picked. */
export interface LossRoll {
  side: "success" | "failure";
  /** The side's text, e.g. "1D6" or "0". */
  expression: string;
  total: number;
  dice: RolledDie[];
}

export type SanTestOutcome =
  | {
      /** Adapted Protagonists do not roll against their adapted threat (rules notes, Sanity). */
      automatic: true;
      threat: ThreatType;
      outcome: "success";
      success: true;
      critical: false;
      reason: { readonly code: "adapted"; readonly threat: AdaptableThreat };
    }
  | {
      automatic: false;
      /** null for a repression test, which is not against a threat. */
      threat: ThreatType | null;
      /** Current SAN. */
      target: number;
      roll: number;
      outcome: PercentileOutcome;
      success: boolean;
      critical: boolean;
      reason: TestReason;
    };

/** What projecting onto a Bond did (seed 000 names the rule; rules notes give the procedure). */
export interface ProjectionSummary {
  bondId: string;
  bondName: string;
  /** The 1D4 rolled. */
  roll: number;
  wpSpent: number;
  /** How much the SAN loss and the Bond were reduced. */
  reduction: number;
  /**
   * "none": WP covered the roll. "capped": WP was short, so only the WP there was counted.
   * "allowed-zero": WP was short, the whole roll counted and WP fell to 0.
   */
  shortfall: "none" | "capped" | "allowed-zero";
  wp: Change;
  bondScore: Change;
  loss: Change;
}

export type BondChangeCause = "projection" | "repression" | "adaptation";

/**
 * What a SAN loss did, as facts (presentation words each kind). Results logged earlier may also
 * carry an English `reason`; nothing reads it.
 */
export type SanityEvent =
  | ({ type: "projection" } & ProjectionSummary)
  | {
      type: "repression-cost";
      bondId: string;
      bondName: string;
      roll: number;
      wpSpent: number;
      reduction: number;
      shortfall: ProjectionSummary["shortfall"];
      wp: Change;
      bondScore: Change;
    }
  | { type: "san-capped"; maxSan: number; san: Change }
  | {
      type: "san-lost";
      /** SAN the loss actually removed (it stops at 0). */
      amount: number;
      /** The loss applied, after projection, before SAN stopped at 0. */
      loss: number;
      san: Change;
    }
  | { type: "temporary-insanity"; lost: number; threshold: number }
  | {
      type: "breaking-point";
      threat: ThreatType;
      /**
       * Whether an unnamed disorder (UNNAMED_DISORDER) was appended to `disorders` for the GM to
       * name: false when the sheet had no room for another (absent in results logged before
       * sheets had a limit: recorded).
       */
      disorderRecorded?: boolean;
      breakingPoint: Change;
    }
  | { type: "permanent-insanity" }
  | { type: "adaptation-reset"; threat: AdaptableThreat; boxes: Change }
  | { type: "adaptation-box"; threat: AdaptableThreat; boxes: Change }
  | {
      type: "adapted";
      threat: AdaptableThreat;
      /** The 1D6 that the cost of adapting uses. */
      costRoll: number;
      /** True when re-resolving (projection) reused the die already rolled. */
      reusedRoll: boolean;
    }
  | { type: "cha-lowered"; amount: number; cha: Change }
  | {
      type: "pow-lowered";
      amount: number;
      pow: Change;
      /** WP max equals POW (seed 000). */
      wpMax: Change;
      /** Current WP, which cannot exceed the new maximum. */
      wp: Change;
      /** Recovery SAN = POW × 5, capped at Max SAN (seed 000). */
      recoverySan: Change;
    }
  | {
      type: "bond-lowered";
      bondId: string;
      bondName: string;
      cause: BondChangeCause;
      score: Change;
      reason: BondChangeReason;
    }
  | {
      type: "bond-broken";
      bondId: string;
      bondName: string;
      /**
       * Seed 000: breaking a Bond is likely to trigger a Helplessness SAN test (the GM decides);
       * presentation says so. Events stored before this change also carry an unused `reason`.
       */
      cause: BondChangeCause;
    };

/** The outcome of applying one SAN loss to a before-state. */
export interface SanLossResult {
  threat: ThreatType;
  source: string | null;
  /** The loss the dice (or fixed number) called for, before projection. */
  rolledLoss: number;
  /** The loss applied: rolledLoss minus any projection, never below 0. */
  loss: number;
  /** SAN actually removed: before.san − after.san (a loss stops at SAN 0; includes a Max SAN cap). */
  lost: number;
  temporaryInsanity: boolean;
  breakingPointReached: boolean;
  permanentInsanity: boolean;
  projection: ProjectionSummary | null;
  /** Everything the loss triggered, in the order it happened. */
  events: SanityEvent[];
  after: SanityState;
}

/** A whole SAN test: the roll (or automatic success), the loss rolled, and its resolution. */
export interface SanityTestResult extends SanLossResult {
  kind: "sanity-test";
  sanLoss: SanLoss;
  test: SanTestOutcome;
  lossRoll: LossRoll;
  /** Whether the bot should offer "Project onto a Bond": loss > 0, WP > 0, an intact Bond. */
  projectable: boolean;
}

export interface RepressionResult {
  kind: "repression";
  /** What the player is trying to repress, as they or the GM named it (null if not given). */
  episode: string | null;
  bondId: string;
  roll: number;
  wpSpent: number;
  reduction: number;
  test: SanTestOutcome;
  repressed: boolean;
  events: SanityEvent[];
  after: SanityState;
}

export interface RecoveryResult {
  requested: number;
  recovered: number;
  /** Mundane recovery stops at Recovery SAN (seed 000). */
  recoverySan: number;
  capped: boolean;
  san: Change;
  after: SanityState;
}
