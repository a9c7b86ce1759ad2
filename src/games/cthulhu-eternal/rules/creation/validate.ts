import { DEFAULT_RULE_OPTIONS } from "../options.js";
import type { CreationDraft } from "./choices.js";
import { resolveCreation } from "./resolve.js";
import type { CreationContext, CreationOptions } from "./check-context.js";
import type { CreationAdvice, CreationViolation } from "./violations.js";

export interface CreationValidation {
  ok: boolean;
  /** Every rule the choices break, each with a path into the choices and the facts to word it. */
  violations: CreationViolation[];
  /** Non-binding advice, such as an archetype's recommended stats. */
  advice: CreationAdvice[];
}

/**
 * Check a Protagonist's creation choices against every creation rule. With `{ partial: true }`
 * only what is already wrong is reported (missing choices and unspent picks are not), so the
 * guided flow can check each step as the player takes it.
 */
export function validateCreation(
  choices: CreationDraft,
  options: CreationOptions = DEFAULT_RULE_OPTIONS,
  context: CreationContext = {},
): CreationValidation {
  const { violations, advice } = resolveCreation(choices, options, context);
  return { ok: violations.length === 0, violations, advice };
}
