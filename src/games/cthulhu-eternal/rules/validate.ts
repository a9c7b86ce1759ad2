import { RulesError } from "./errors.js";
import type { NumberField } from "./refusals.js";

/**
 * Throws a RulesError (`code`, stable for programs; worded as "not a whole number") unless
 * `value` is a whole number within [min, max]. `of` names whose number it is, if anyone's.
 */
export function assertWhole(
  value: number,
  field: NumberField,
  code: string,
  min?: number,
  max?: number,
  of?: string,
): void {
  const inRange =
    Number.isSafeInteger(value) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max);
  if (inRange) return;
  throw new RulesError(
    {
      code: "not-a-whole-number",
      field,
      value: String(value),
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
      ...(of === undefined ? {} : { of }),
    },
    code,
  );
}
