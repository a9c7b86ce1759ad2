/** What the validator's tests share: the sample, and the codes they have seen. */
import { expect } from "vitest";
import { validateCreation } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type {
  CreationContext,
  CreationDraft,
  CreationOptions,
  CreationViolation,
  CreationViolationCode,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { sampleChoices } from "./sample.js";

/** Codes the tests below have seen, so the last test can check that every code is exercised. */
export const seen = new Set<CreationViolationCode>();

export function violations(
  draft: CreationDraft,
  options: CreationOptions = DEFAULT_RULE_OPTIONS,
  context: CreationContext = {},
): CreationViolation[] {
  const result = validateCreation(draft, options, context);
  expect(result.ok).toBe(result.violations.length === 0);
  for (const v of result.violations) seen.add(v.code);
  return result.violations;
}

export function codes(
  draft: CreationDraft,
  context: CreationContext = {},
): CreationViolationCode[] {
  return violations(draft, DEFAULT_RULE_OPTIONS, context).map((v) => v.code);
}

/** The sample with one change; `bonusSkills` keeps its ten picks unless replaced. */
export function sampleWith(change: Partial<CreationDraft>): CreationDraft {
  return { ...sampleChoices(), ...change };
}
