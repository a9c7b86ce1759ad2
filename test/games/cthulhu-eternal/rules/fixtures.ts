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
    expect(rulesError.message.length).toBeGreaterThan(10);
    return rulesError;
  }
  throw new Error(`expected RulesError ${code}, nothing was thrown`);
}
