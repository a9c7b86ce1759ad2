/**
 * What the Extras plug into the core game (src/games/cthulhu-eternal/extras/registry.ts builds it
 * from the modules a bot offers). The core services read it; they never name a module.
 */
export interface ExtensionPoints {
  /** Logged kinds, beyond the core's own, that are rolls or tests: undoing one is a reroll. */
  readonly rollKinds: ReadonlySet<string>;
}

/** The core game alone: no module plugged in. */
export const NO_EXTENSIONS: ExtensionPoints = { rollKinds: new Set() };
