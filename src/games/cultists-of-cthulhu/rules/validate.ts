import { COLOURS, ABILITIES, type Ability, type Colour } from "./types.js";
import { refuse } from "./refusals.js";

/**
 * Checks for input that arrives as JSON from the commands: the types say what it should be, these
 * refuse what it is not.
 */

export function requireWhole(field: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    refuse({ code: "invalid-amount", field, min, max });
  }
}

/** Whether a value is one of the allowed ones, whatever its type says. */
export function isOneOf<T extends string | number>(
  value: unknown,
  allowed: readonly T[],
): value is T {
  return (allowed as readonly unknown[]).includes(value);
}

export function validColour(colour: Colour, field = "difficulty"): Colour {
  if (!isOneOf(colour, COLOURS)) refuse({ code: "invalid-choice", field, allowed: [...COLOURS] });
  return colour;
}

export function validAbility(ability: Ability): Ability {
  if (!isOneOf(ability, ABILITIES)) {
    refuse({ code: "invalid-choice", field: "ability", allowed: [...ABILITIES] });
  }
  return ability;
}
