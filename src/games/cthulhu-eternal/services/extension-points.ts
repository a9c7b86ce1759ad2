import type { TestCondition } from "../rules/percentile.js";
import type { Campaign } from "../store/types.js";
import type { ProtagonistSnapshot } from "./snapshot.js";

/**
 * What the Extras plug into the core game (src/games/cthulhu-eternal/extras/registry.ts builds it
 * from the modules a bot offers). The core services read it; they never name a module.
 */
export interface ExtensionPoints {
  /** Logged kinds, beyond the core's own, that are rolls or tests: undoing one is a reroll. */
  readonly rollKinds: ReadonlySet<string>;
  /**
   * A test is about to be rolled: what the modules switched on in the campaign add to its target
   * (a dependency makes action checks hard), beside the core's exhaustion.
   */
  testConditions(
    protagonist: ProtagonistSnapshot,
    campaign: Campaign,
    test: TestKind,
  ): TestCondition[];
}

/** What is tested: the action checks (skills and stats), or Luck. */
export type TestKind = "skill" | "stat" | "luck";

/** The core game alone: no module plugged in. */
export const NO_EXTENSIONS: ExtensionPoints = { rollKinds: new Set(), testConditions: () => [] };
