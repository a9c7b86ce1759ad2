import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import { expect } from "vitest";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import type { Bond } from "../../../../src/games/cthulhu-eternal/rules/types.js";

/** Bonds for rules tests: the id doubles as the name unless `extra` says otherwise. */
export function individual(id: string, score: number, extra: Partial<Bond> = {}): Bond {
  return { id, name: id, kind: "individual", score, crossedOff: false, ...extra };
}

export function community(id: string, score: number, extra: Partial<Bond> = {}): Bond {
  return { id, name: id, kind: "community", score, crossedOff: false, ...extra };
}

/** Expect a RulesError with this code (and a non-empty, player-readable message). */
export function expectRulesError(action: () => unknown, code: string): RulesError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    const rulesError = error as RulesError;
    expect(rulesError.code).toBe(code);
    expect(rulesErrorText(rulesError).length).toBeGreaterThan(10);
    return rulesError;
  }
  throw new Error(`expected RulesError ${code}, nothing was thrown`);
}

/** The words a player reads for the RulesError `action` throws. */
export function rulesWords(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof RulesError) return rulesErrorText(error);
    throw error;
  }
  throw new Error("expected a RulesError, nothing was thrown");
}

/** A failed test, as shared adversity reads one. */
export const FAILED = { success: false };
