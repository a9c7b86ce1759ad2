/**
 * The rules of Cultists of Cthulhu (Sixpence Games, 2015) for the Discord companion: pure data and
 * functions, no I/O, no English. `apply` is the engine, `viewFor` / `visibleFacts` the only way
 * to read a game for someone.
 */
export * from "./types.js";
export * from "./settings.js";
export * from "./state.js";
export * from "./actions.js";
export * from "./facts.js";
export * from "./refusals.js";
export { apply, type Applied, type EngineContext } from "./engine.js";
export * from "./view.js";
export { buildPool, resultOfFace, type Die } from "./dice.js";
export { firedOutcomes, tally, type Check, type Tally } from "./check.js";
export { meleeDamage, rangedDamage, stealSucceeds, combatWeird } from "./combat.js";
export { addHorror, madnessStage } from "./horror.js";
export { woundsTaken, effectiveAbility, effectiveDefense, effectiveSpeed } from "./wounds.js";
export { validateSheet } from "./lobby.js";
export { outcome, goalsCompleted } from "./goals.js";
export { eventRule } from "./turns.js";
export { SETTABLE_KEYS, isSettableKey, settingsAfter, type SettableKey } from "./setting-change.js";
export { rollPressRefusal } from "./rolls.js";
