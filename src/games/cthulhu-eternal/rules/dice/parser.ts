import {
  DiceError,
  type DiceExpectation,
  type DiceGroupShape,
  type DiceProblem,
} from "./errors.js";
import { canonicalText } from "./format.js";
import {
  differenceInterval,
  negatedInterval,
  productInterval,
  sumInterval,
  type Interval,
} from "./interval.js";
import { DiceLexer, Token } from "./lexer.js";
import { DICE_LIMITS } from "./limits.js";
import type {
  BinaryOperator,
  DiceExpression,
  DiceGroupNode,
  DiceNode,
  KeepMode,
  KeepRule,
} from "./types.js";

/**
 * Parses a dice expression and checks every limit in DICE_LIMITS, so rolling it afterwards cannot
 * fail or run long. Throws a DiceError saying what is wrong (as data) for anything invalid.
 *
 * Grammar (spaces allowed between any tokens, letters in any case):
 *   sum     = product (("+" | "-") product)*
 *   product = signed ("*" signed)*
 *   signed  = "-"* primary
 *   primary = integer | [integer] "d" (integer | "%") [keep] | "(" sum ")"
 *   keep    = ("k" | "kh" | "kl" | "dh" | "dl") integer
 */
export function parseDice(input: string): DiceExpression {
  if (input.length > DICE_LIMITS.maxLength) {
    throw new DiceError(
      { code: "dice.too-long", length: input.length, limit: DICE_LIMITS.maxLength },
      input,
    );
  }
  return new DiceParser(input).parseWhole();
}

/** True when `input` is a valid dice expression within the limits. */
export function isDiceExpression(input: string): boolean {
  try {
    parseDice(input);
    return true;
  } catch (error) {
    if (error instanceof DiceError) return false;
    throw error;
  }
}

/** Recursive descent over the lexer. Recursion is bounded: only parentheses nest. */
class DiceParser {
  private readonly lexer: DiceLexer;
  private depth = 0;
  private diceCount = 0;
  /** The dice group read last, and where it ended: what an unexpected token may follow. */
  private lastGroup: DiceGroupNode | undefined;
  private lastGroupEnd = -1;

  constructor(private readonly source: string) {
    this.lexer = new DiceLexer(source);
  }

  parseWhole(): DiceExpression {
    const lexer = this.lexer;
    if (lexer.token() === Token.End) throw new DiceError({ code: "dice.empty" }, this.source);
    const root = this.parseSum();
    if (lexer.token() !== Token.End) {
      throw lexer.token() === Token.CloseParen
        ? this.unexpected("no-open-paren")
        : this.unexpectedAfterTerm("operator-or-end");
    }
    if (this.diceCount > DICE_LIMITS.maxDice) {
      throw new DiceError(
        { code: "dice.too-many-dice", count: this.diceCount, limit: DICE_LIMITS.maxDice },
        this.source,
      );
    }
    // The brand is type-only: this is the one place allowed to vouch for an expression.
    return {
      root,
      canonical: canonicalText(root),
      diceCount: this.diceCount,
      min: root.min,
      max: root.max,
    } as DiceExpression;
  }

  private parseSum(): DiceNode {
    const lexer = this.lexer;
    let left = this.parseProduct();
    while (lexer.token() === Token.Plus || lexer.token() === Token.Minus) {
      const operator: BinaryOperator = lexer.token() === Token.Plus ? "+" : "-";
      lexer.advance();
      const right = this.parseProduct();
      const range = operator === "+" ? sumInterval(left, right) : differenceInterval(left, right);
      left = this.binary(operator, left, right, range);
    }
    return left;
  }

  private parseProduct(): DiceNode {
    const lexer = this.lexer;
    let left = this.parseSigned();
    while (lexer.token() === Token.Star) {
      lexer.advance();
      const right = this.parseSigned();
      left = this.binary("*", left, right, productInterval(left, right));
    }
    return left;
  }

  private parseSigned(): DiceNode {
    const lexer = this.lexer;
    let negations = 0;
    while (lexer.token() === Token.Minus) {
      negations++;
      lexer.advance();
    }
    let node = this.parsePrimary();
    for (; negations > 0; negations--) {
      node = { kind: "negate", operand: node, ...negatedInterval(node) };
    }
    return node;
  }

  private parsePrimary(): DiceNode {
    const lexer = this.lexer;
    switch (lexer.token()) {
      case Token.Number: {
        const value = lexer.value;
        const start = lexer.start;
        lexer.advance();
        if (lexer.token() === Token.D) return this.parseGroup(value, start);
        return { kind: "number", value, min: value, max: value };
      }
      case Token.D:
        return this.parseGroup(1, lexer.start);
      case Token.OpenParen:
        return this.parseParenthesized();
      case Token.End:
        throw this.unexpected("number-or-dice", { after: lexer.previousText() });
      default:
        throw this.unexpected("number-or-dice");
    }
  }

  private parseParenthesized(): DiceNode {
    const lexer = this.lexer;
    const openAt = lexer.start + 1;
    if (this.depth >= DICE_LIMITS.maxDepth) {
      throw new DiceError(
        { code: "dice.too-deep", limit: DICE_LIMITS.maxDepth },
        this.source,
        openAt,
      );
    }
    this.depth++;
    lexer.advance();
    const inner = this.parseSum();
    if (lexer.token() !== Token.CloseParen) {
      if (lexer.token() === Token.End) {
        throw new DiceError(
          { code: "dice.syntax", expected: "close-paren", found: "" },
          this.source,
          openAt,
        );
      }
      throw this.unexpectedAfterTerm("close-paren");
    }
    lexer.advance();
    this.depth--;
    return inner;
  }

  /** At the `d` of a dice group whose count (given or implied) is known. */
  private parseGroup(count: number, groupStart: number): DiceGroupNode {
    const lexer = this.lexer;
    lexer.advance();
    let sides: number;
    if (lexer.token() === Token.Number) sides = lexer.value;
    else if (lexer.token() === Token.Percent) sides = 100;
    else {
      const group = { count, sides: 0 };
      if (lexer.token() !== Token.End) throw this.unexpected("sides", { group });
      throw new DiceError(
        { code: "dice.syntax", expected: "sides", found: "", group },
        this.source,
        groupStart + 1,
      );
    }
    lexer.advance();

    const keep = this.parseKeepRule(count, sides);
    if (keep !== undefined && (lexer.token() === Token.K || lexer.token() === Token.D)) {
      throw this.unexpected("one-keep-rule", { group: { count, sides, keep } });
    }

    const notation = `${count}d${sides}${keep === undefined ? "" : `${keep.mode}${keep.amount}`}`;
    const kept = this.checkGroup(count, sides, keep, groupStart + 1);
    this.diceCount += count;
    const node: DiceGroupNode = {
      kind: "dice",
      count,
      sides,
      keep,
      notation,
      min: kept,
      max: kept * sides,
    };
    this.lastGroup = node;
    this.lastGroupEnd = lexer.previousEnd;
    return node;
  }

  private parseKeepRule(count: number, sides: number): KeepRule | undefined {
    const lexer = this.lexer;
    let mode: KeepMode;
    if (lexer.token() === Token.K) {
      lexer.advance();
      // A bare "k" means keep highest, as in most dice bots.
      mode = "kh";
      if (lexer.token() === Token.H) lexer.advance();
      else if (lexer.token() === Token.L) {
        mode = "kl";
        lexer.advance();
      } else if (lexer.token() === Token.Invalid) {
        throw this.unexpected("keep-rule", { group: { count, sides } });
      }
    } else if (lexer.token() === Token.D) {
      lexer.advance();
      if (lexer.token() === Token.H) mode = "dh";
      else if (lexer.token() === Token.L) mode = "dl";
      else {
        throw new DiceError(
          { code: "dice.syntax", expected: "keep-rule", found: "d", group: { count, sides } },
          this.source,
          lexer.previousStart + 1,
        );
      }
      lexer.advance();
    } else {
      return undefined;
    }
    if (lexer.token() !== Token.Number) {
      throw this.unexpected("keep-count", { group: { count, sides }, mode });
    }
    const amount = lexer.value;
    lexer.advance();
    return { mode, amount };
  }

  private binary(
    operator: BinaryOperator,
    left: DiceNode,
    right: DiceNode,
    range: Interval,
  ): DiceNode {
    const node: DiceNode = {
      kind: "binary",
      operator,
      left,
      right,
      min: range.min,
      max: range.max,
    };
    if (range.max > DICE_LIMITS.maxResult || range.min < -DICE_LIMITS.maxResult) {
      throw new DiceError(
        {
          code: "dice.result-too-large",
          notation: canonicalText(node),
          extreme: range.max > DICE_LIMITS.maxResult ? range.max : range.min,
          limit: DICE_LIMITS.maxResult,
        },
        this.source,
      );
    }
    return node;
  }

  /** The current token is not what `expected` says should come here. */
  private unexpected(
    expected: DiceExpectation,
    details: { after?: string; group?: DiceGroupShape; mode?: KeepRule["mode"] } = {},
  ): DiceError {
    const lexer = this.lexer;
    const found = lexer.token() === Token.End ? "" : lexer.text();
    return new DiceError(
      { code: "dice.syntax", expected, found, ...details },
      this.source,
      lexer.start + 1,
    );
  }

  /**
   * As `unexpected`, after a complete term: right after a dice group that has no keep rule yet,
   * what may come is a keep or drop rule as well as what `expected` says.
   */
  private unexpectedAfterTerm(expected: DiceExpectation): DiceError {
    const last = this.lastGroup;
    if (
      last !== undefined &&
      this.lastGroupEnd === this.lexer.previousEnd &&
      last.keep === undefined
    ) {
      return this.unexpected("after-dice", { group: { count: last.count, sides: last.sides } });
    }
    return this.unexpected(expected);
  }

  /** Checks one dice group against the limits and returns how many of its dice are kept. */
  private checkGroup(
    count: number,
    sides: number,
    keep: KeepRule | undefined,
    position: number,
  ): number {
    // Checked in order of what a player most likely mistyped.
    if (count === 0) throw this.groupError("dice.zero-dice", count, sides, keep, position);
    if (sides === 0) throw this.groupError("dice.zero-sides", count, sides, keep, position);
    if (sides > DICE_LIMITS.maxSides) {
      throw this.groupError("dice.too-many-sides", count, sides, keep, position);
    }
    if (count > DICE_LIMITS.maxDice) {
      throw new DiceError(
        { code: "dice.too-many-dice", count, limit: DICE_LIMITS.maxDice, group: { count, sides } },
        this.source,
        position,
      );
    }
    if (keep === undefined) return count;
    const { mode, amount } = keep;
    let problem: GroupProblemCode | undefined;
    if (mode === "kh" || mode === "kl") {
      if (amount === 0) problem = "dice.keep-none";
      else if (amount > count) problem = "dice.keep-too-many";
    } else if (amount === count) problem = "dice.keep-none";
    else if (amount > count) problem = "dice.drop-too-many";
    if (problem !== undefined) throw this.groupError(problem, count, sides, keep, position);
    return mode === "kh" || mode === "kl" ? amount : count - amount;
  }

  private groupError(
    code: GroupProblemCode,
    count: number,
    sides: number,
    keep: KeepRule | undefined,
    position: number,
  ): DiceError {
    const group: DiceGroupShape = keep === undefined ? { count, sides } : { count, sides, keep };
    const limit = code === "dice.too-many-sides" ? { limit: DICE_LIMITS.maxSides } : {};
    return new DiceError({ code, group, ...limit }, this.source, position);
  }
}

type GroupProblemCode = Extract<DiceProblem, { group: DiceGroupShape; limit?: number }>["code"];
