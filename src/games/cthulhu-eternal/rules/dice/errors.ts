import { RulesError } from "../errors.js";
import type { KeepRule } from "./types.js";

/** What the parser looked for where the expression went wrong. */
export type DiceExpectation =
  /** A term: a number, dice or `(`. */
  | "number-or-dice"
  /** After a whole term: `+`, `-`, `*` or the end. */
  | "operator-or-end"
  /** After a dice group without a keep rule: a keep or drop rule, an operator or the end. */
  | "after-dice"
  /** After `k` or `d` following dice: `kh`, `kl`, `dh`, `dl` (or `k`) and a number. */
  | "keep-rule"
  /** After `d`: the number of sides (or `%`). */
  | "sides"
  /** After a keep or drop rule: how many dice. */
  | "keep-count"
  /** A `)` for an open `(`. */
  | "close-paren"
  /** A `)` with no `(` open. */
  | "no-open-paren"
  /** A second keep or drop rule on one group. */
  | "one-keep-rule";

/** A dice group as far as it was read: "4d6" is { count: 4, sides: 6 }. */
export interface DiceGroupShape {
  readonly count: number;
  readonly sides: number;
  readonly keep?: KeepRule;
}

/** Why an expression was refused, as data: the words are the bot's (presentation). */
export type DiceProblem =
  | { readonly code: "dice.empty" }
  | { readonly code: "dice.too-long"; readonly length: number; readonly limit: number }
  | {
      readonly code: "dice.syntax";
      readonly expected: DiceExpectation;
      /** The text found instead ("" at the end of the expression). */
      readonly found: string;
      /** The token before it, when the expression ended too soon. */
      readonly after?: string;
      /** The dice group it follows or belongs to. */
      readonly group?: DiceGroupShape;
      /** For "keep-count": the rule that needs a number. */
      readonly mode?: KeepRule["mode"];
    }
  | { readonly code: "dice.number-too-large"; readonly number: string; readonly limit: number }
  | { readonly code: "dice.too-deep"; readonly limit: number }
  | {
      readonly code: "dice.too-many-dice";
      readonly count: number;
      readonly limit: number;
      /** The group that rolls too many alone; absent when it is the whole expression. */
      readonly group?: DiceGroupShape;
    }
  | {
      readonly code: "dice.result-too-large";
      /** Canonical text of the part that can grow too large. */
      readonly notation: string;
      readonly extreme: number;
      readonly limit: number;
    }
  | {
      readonly code:
        | "dice.zero-dice"
        | "dice.zero-sides"
        | "dice.too-many-sides"
        | "dice.keep-none"
        | "dice.keep-too-many"
        | "dice.drop-too-many";
      readonly group: DiceGroupShape;
      readonly limit?: number;
    };

export type DiceErrorCode = DiceProblem["code"];

/** The one error a dice expression can raise: invalid syntax or a broken limit. */
export class DiceError extends RulesError {
  override name = "DiceError";
  override readonly code: DiceErrorCode;
  constructor(
    readonly problem: DiceProblem,
    /** The text that was parsed, as the player typed it. */
    readonly expression: string,
    /** 1-based position in the input of the offending part, when there is one. */
    readonly position?: number,
  ) {
    super(problem.code, `${problem.code} in ${JSON.stringify(expression.slice(0, 60))}`);
    this.code = problem.code;
  }
}

export function isDiceError(e: unknown): e is DiceError {
  return e instanceof DiceError;
}
