import type { TestCondition } from "../rules/percentile.js";
import type { StatName } from "../rules/types.js";
import type { Campaign } from "../store/types.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { z } from "zod";
import { invalid } from "./errors.js";

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
    test: TestOn,
  ): TestCondition[];
  /**
   * A loss of HP, WP or SAN is about to be written: the sheet after it, as the modules switched
   * on in the campaign leave it (a corrupting loss lowers the maximum too). Throws, before
   * anything is written, a refusal when the loss is marked corrupting and no module on takes it.
   */
  afterLoss(loss: Loss): ProtagonistSnapshot;
  /**
   * A campaign's Extras as an import brings them, checked: every module known to this bot, its
   * settings and campaign data by its own schemas. Throws a refusal naming the first problem.
   */
  checkCampaignExtras(extras: unknown): unknown;
  /** Whether a module on in the campaign takes losses marked corrupting. */
  takesCorruptingLosses(campaign: Campaign): boolean;
  /** What the modules on in the campaign take off Max SAN (99 − Unnatural). */
  maxSanReduction(protagonist: ProtagonistSnapshot, campaign: Campaign): number;
  /**
   * A test made against a named opponent (an entity of the bestiary): what the opponent does to
   * its target. Throws a refusal when no module on takes opponents, or none knows that name
   * (as the tester may know it: a player never names a hidden one).
   */
  opponentConditions(opponent: Opponent): TestCondition[];
  /** The opponents the viewer may name (a player: only those a GM has shown); [] when none. */
  opponentNames(ref: { campaign: Campaign; gm: boolean }): string[];
  /** What an attack on a named opponent meets (throws as `opponentConditions` does). */
  opponentDefence(ref: OpponentRef): OpponentDefence;
  /** A wound on a named opponent: the campaign's module data after it, and how it stands. */
  woundOpponent(ref: OpponentRef, wound: { points: number; lethal: boolean }): OpponentWound;
  /**
   * What an imported sheet's module parts say was taken off its maxima and stats (corruption),
   * so that the import checks the sheet against the rules as they were before.
   */
  importedReductions(extras: unknown): Reductions;
  /** The modules' part of a sheet as an export carries it (no database ids), by module id. */
  exportExtras(protagonist: ProtagonistSnapshot): Record<string, unknown>;
  /** An import's module parts made the new Protagonist's (`protagonist` has its new ids). */
  importExtras(
    extras: Readonly<Record<string, unknown>>,
    protagonist: ProtagonistSnapshot,
  ): Record<string, unknown>;
}

/** A named opponent, and whether whoever names it is a GM (who know every one). */
export interface OpponentRef {
  campaign: Campaign;
  name: string;
  gm: boolean;
}

/** What an attack on an opponent meets. */
export interface OpponentDefence {
  /** Its name as kept (the case a GM gave it). */
  name: string;
  armour: number;
  /** Damage it takes twice over: damage types, or words of a weapon's name ("silver"). */
  vulnerable: string[];
  /** Only Weird weapons hurt it. */
  spectral: boolean;
  /** Not shown to the table: what is done to it is for the GMs' eyes. */
  hidden: boolean;
}

/** An opponent after a wound: no hit points means it can't be hurt (a tome). */
export interface OpponentWound {
  name: string;
  /** The module that keeps the opponent, and its campaign data after the wound. */
  moduleId: string;
  data: unknown;
  state: "unhurt" | "hurt" | "destroyed" | "vanished";
}

/** A test against a named opponent, and who makes it. */
export interface Opponent {
  campaign: Campaign;
  name: string;
  test: TestOn;
  /** Whether the tester is one of the campaign's GMs (who know every entity). */
  gm: boolean;
}

/** What modules took off a sheet's maxima and stats. */
export interface Reductions {
  hpMax: number;
  wpMax: number;
  maxSan: number;
  stats: Partial<Record<StatName, number>>;
}

export const NO_REDUCTIONS: Reductions = { hpMax: 0, wpMax: 0, maxSan: 0, stats: {} };

/** A loss about to be applied, and the sheet the core made of it. */
export interface Loss {
  campaign: Campaign;
  pool: "HP" | "WP" | "SAN";
  /** Points actually lost (after projection, never below 0). */
  lost: number;
  /** Marked by whoever applied it: it lowers the maximum too (a module must take it). */
  corrupting: boolean;
  before: ProtagonistSnapshot;
  after: ProtagonistSnapshot;
}

/** What a test is of: the kind, and the skill or stat when it is one. */
export interface TestOn {
  kind: TestKind;
  skill?: string;
  stat?: StatName;
}

/** What is tested: the action checks (skills and stats), or Luck. */
export type TestKind = "skill" | "stat" | "luck";

/** The core game alone: no module plugged in. */
export const NO_EXTENSIONS: ExtensionPoints = {
  rollKinds: new Set(),
  testConditions: () => [],
  afterLoss: (loss) => {
    if (loss.corrupting) throw invalid({ code: "corruption-unavailable" });
    return loss.after;
  },
  takesCorruptingLosses: () => false,
  checkCampaignExtras: (extras) => {
    const [module] = Object.keys(
      z
        .record(z.string(), z.unknown())
        .catch({})
        .parse(extras ?? {}),
    );
    if (module !== undefined) {
      throw invalid({ code: "campaign-extras-invalid", module, problem: "unknown-module" });
    }
    return {};
  },
  maxSanReduction: () => 0,
  opponentNames: () => [],
  opponentDefence: () => {
    throw invalid({ code: "opponents-unavailable" });
  },
  woundOpponent: () => {
    throw invalid({ code: "opponents-unavailable" });
  },
  opponentConditions: () => {
    throw invalid({ code: "opponents-unavailable" });
  },
  importedReductions: () => NO_REDUCTIONS,
  exportExtras: (protagonist) => ({ ...protagonist.extras }),
  importExtras: (extras) => ({ ...extras }),
};
