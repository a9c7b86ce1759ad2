import type {
  DamageResult,
  DamageStep,
  ExhaustionResult,
  HpChange,
  HpThreshold,
  LethalityResult,
  WpChange,
  WpThreshold,
} from "../rules/harm.js";
import { percent } from "./percentile-format.js";

/**
 * The harm rules' results in the players' words: the one-line "why" under each HP, WP, damage,
 * lethality and exhaustion result. The rules return the numbers; the sentences are here.
 */

/** A threshold as the table says it. */
export const THRESHOLD_TEXT: Readonly<Record<HpThreshold | WpThreshold, string>> = {
  unconscious: "unconscious",
  dead: "dead",
  "emotional-collapse": "emotional collapse",
};

/** "+2", "−20": a number added to something. */
function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

/** "HP 10 → 0: lost 10 (not below 0); reached unconscious, then dead". */
export function pointsChangeText(change: HpChange | WpChange): string {
  const { applied } = change;
  const verb = applied < 0 ? `lost ${-applied}` : applied > 0 ? `regained ${applied}` : "no change";
  const capped =
    change.capped === null
      ? ""
      : change.capped === "zero"
        ? " (not below 0)"
        : ` (not above max ${change.max})`;
  const crossed: readonly (HpThreshold | WpThreshold)[] = change.crossed;
  const reached =
    crossed.length > 0
      ? `; reached ${crossed.map((name) => THRESHOLD_TEXT[name]).join(", then ")}`
      : "";
  return `${change.unit} ${change.before} → ${change.after}: ${verb}${capped}${reached}`;
}

/** One rule applied to a hit; the switch is exhaustive, so a new step needs its words here. */
export function damageStepText(step: DamageStep): string {
  switch (step.code) {
    case "rolled":
      return `rolled ${step.total}`;
    case "bonus":
      return `damage bonus ${signed(step.bonus)} (${step.source}): ${step.total}`;
    case "bonus-ignored":
      return "damage bonus ignored (only unarmed and hand-to-hand attacks get it)";
    case "critical":
      return `critical hit doubles it: ${step.total}`;
    case "armour":
      return `armour ${step.armour}: ${step.total}`;
    case "armour-ignored":
      return `armour ${step.armour} ignored (called shot)`;
  }
}

/** "rolled 6; armour 3: 3 → 3 damage". */
export function damageText(result: DamageResult): string {
  return `${result.steps.map(damageStepText).join("; ")} → ${result.total} damage`;
}

/** "40% (20% doubled by the critical)" or "20%": the rating rolled against. */
export function lethalityRatingText(result: LethalityResult): string {
  return result.critical
    ? `${result.effectiveRating}% (${result.rating}% doubled by the critical)`
    : `${result.rating}%`;
}

/** "21 is over lethality 20%: not lethal; damage 2 + 1 = 3". */
export function lethalityText(result: LethalityResult): string {
  const against = `lethality ${lethalityRatingText(result)}`;
  const shown = percent(result.roll.value);
  if (result.lethal) return `${shown} is at or under ${against}: lethal`;
  const doubling = result.critical ? `, doubled by the critical: ${result.damage}` : "";
  return `${shown} is over ${against}: not lethal; damage ${result.tensDamage} + ${result.onesDamage} = ${result.baseDamage}${doubling}`;
}

/** Becoming exhausted or resting: the 1D6, the WP change, and what it does to tests. */
export function exhaustionText(result: ExhaustionResult): string {
  const wp = pointsChangeText(result.wp);
  if (result.exhausted) {
    return `exhausted: 1D6 = ${result.wpRoll} WP lost (${wp}); tests ${signed(result.testModifier)} until rested`;
  }
  const cleared = result.wasExhausted ? "; no longer exhausted" : "";
  return `rested: 1D6 = ${result.wpRoll} WP regained (${wp})${cleared}`;
}
