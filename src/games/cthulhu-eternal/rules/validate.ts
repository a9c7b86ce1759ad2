import { RulesError } from "./errors.js";

/**
 * Throw a player-readable RulesError unless `value` is a whole number within [min, max].
 * `what` names the number in the message ("A rating"); `code` is the stable error code.
 */
export function assertWhole(
  value: number,
  what: string,
  code: string,
  min?: number,
  max?: number,
): void {
  const inRange =
    Number.isSafeInteger(value) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max);
  if (inRange) return;
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of ${min} or more`
        : "";
  throw new RulesError(code, `${what} must be a whole number${range}, not ${String(value)}.`);
}
