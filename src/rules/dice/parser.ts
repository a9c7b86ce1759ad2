import { DiceError, formatCount, quote } from "./errors.js";
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
 * fail or run long. Throws a DiceError, written for the player, for anything invalid.
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
      "dice.too-long",
      `That expression is ${formatCount(input.length)} characters long; the limit is ${formatCount(DICE_LIMITS.maxLength)}`,
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

/**
 * Most expressions rolled are the same few ("1d100", "4d6kh3", a sheet's damage dice), and parsing
 * costs more than rolling a small one, so parsed expressions are kept by their raw text.
 *
 * Bounded: at most PARSED_CACHE_CAPACITY entries; when full, the entry added longest ago goes
 * (insertion order, which a Map keeps). Only valid expressions are kept: invalid text is parsed,
 * and refused with a fresh DiceError, every time. Cached trees are deep-frozen, so nothing can
 * change one between rolls; every roll builds its own results (die objects it shares with other
 * rolls are frozen values, see evaluate.ts).
 *
 * It lives here, not in a module of its own: one more module in the dice import was enough to get
 * Node's file-URL-to-path helper optimised while importing, and the benchmark's import memory then
 * counted ~4 MB of the node binary's compiler code being paged in.
 */
export const PARSED_CACHE_CAPACITY = 256;

const parsed = new Map<string, DiceExpression>();

/** parseDice, remembering the result for the same text. Throws exactly what parseDice throws. */
export function parseDiceCached(input: string): DiceExpression {
  // The text asked for last (still cached: only a later text can evict it), checked first since a
  // roll mostly repeats the one before it.
  if (input === lastInput && lastParsed !== undefined) return lastParsed;
  let expression = parsed.get(input);
  if (expression === undefined) {
    expression = parseDice(input);
    freezeNode(expression.root);
    Object.freeze(expression);
    if (parsed.size >= PARSED_CACHE_CAPACITY) {
      const oldest = parsed.keys().next();
      if (oldest.done !== true) parsed.delete(oldest.value);
    }
    parsed.set(input, expression);
  }
  lastInput = input;
  lastParsed = expression;
  return expression;
}

let lastInput: string | undefined;
let lastParsed: DiceExpression | undefined;

/** How many parsed expressions are held (for tests of the bound). */
export function parsedCacheSize(): number {
  return parsed.size;
}

function freezeNode(node: DiceNode): void {
  switch (node.kind) {
    case "dice":
      if (node.keep !== undefined) Object.freeze(node.keep);
      break;
    case "negate":
      freezeNode(node.operand);
      break;
    case "binary":
      freezeNode(node.left);
      freezeNode(node.right);
      break;
    case "number":
      break;
  }
  Object.freeze(node);
}

/** Recursive descent over the lexer. Recursion is bounded: only parentheses nest. */
class DiceParser {
  private readonly lexer: DiceLexer;
  private depth = 0;
  private diceCount = 0;

  constructor(private readonly source: string) {
    this.lexer = new DiceLexer(source);
  }

  parseWhole(): DiceExpression {
    const lexer = this.lexer;
    if (lexer.token() === Token.End) {
      throw new DiceError("dice.empty", "Type a dice expression, such as `1d100` or `4d6kh3 + 2`");
    }
    const root = this.parseSum();
    if (lexer.token() !== Token.End) {
      throw this.unexpected(
        lexer.token() === Token.CloseParen
          ? "there is no `(` for it to close"
          : "expected `+`, `-`, `*` or the end",
      );
    }
    if (this.diceCount > DICE_LIMITS.maxDice) {
      throw new DiceError(
        "dice.too-many-dice",
        `This expression rolls ${formatCount(this.diceCount)} dice in all; the limit is ${formatCount(DICE_LIMITS.maxDice)}`,
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
        throw new DiceError(
          "dice.syntax",
          `The expression ends too soon: expected a number or dice after ${quote(lexer.previousText())}`,
          lexer.start + 1,
        );
      default:
        throw this.unexpected("expected a number or dice");
    }
  }

  private parseParenthesized(): DiceNode {
    const lexer = this.lexer;
    const openAt = lexer.start + 1;
    if (this.depth >= DICE_LIMITS.maxDepth) {
      throw new DiceError(
        "dice.too-deep",
        `Parentheses are nested more than ${DICE_LIMITS.maxDepth} deep (the \`(\` at position ${openAt})`,
        openAt,
      );
    }
    this.depth++;
    lexer.advance();
    const inner = this.parseSum();
    if (lexer.token() !== Token.CloseParen) {
      if (lexer.token() === Token.End) {
        throw new DiceError(
          "dice.syntax",
          `Missing \`)\` to close the \`(\` at position ${openAt}`,
          openAt,
        );
      }
      throw this.unexpected(`expected \`)\` to close the \`(\` at position ${openAt}`);
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
    else if (lexer.token() === Token.End) {
      throw new DiceError(
        "dice.syntax",
        `${quote(this.source.slice(groupStart, lexer.previousEnd))} needs a number of sides after the \`d\`, e.g. \`d6\``,
        groupStart + 1,
      );
    } else throw this.unexpected("expected the number of sides after `d`, e.g. `d6`");
    lexer.advance();

    const keep = this.parseKeepRule(groupStart);
    if (keep !== undefined && (lexer.token() === Token.K || lexer.token() === Token.D)) {
      throw this.unexpected("a dice group can have only one keep or drop rule");
    }

    const notation = `${count}d${sides}${keep === undefined ? "" : `${keep.mode}${keep.amount}`}`;
    const kept = checkGroup(notation, count, sides, keep, groupStart + 1);
    this.diceCount += count;
    return { kind: "dice", count, sides, keep, notation, min: kept, max: kept * sides };
  }

  private parseKeepRule(groupStart: number): KeepRule | undefined {
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
      }
    } else if (lexer.token() === Token.D) {
      lexer.advance();
      if (lexer.token() === Token.H) mode = "dh";
      else if (lexer.token() === Token.L) mode = "dl";
      else {
        throw new DiceError(
          "dice.syntax",
          `Unexpected \`d\` at position ${lexer.previousStart + 1}; to drop dice write \`dl\` (lowest) or \`dh\` (highest) and a number, e.g. \`4d6dl1\``,
          lexer.previousStart + 1,
        );
      }
      lexer.advance();
    } else {
      return undefined;
    }
    if (lexer.token() !== Token.Number) {
      const verb = mode.startsWith("k") ? "keep" : "drop";
      if (lexer.token() === Token.End) {
        throw new DiceError(
          "dice.syntax",
          `The expression ends too soon: say how many dice to ${verb} after ${quote(this.source.slice(groupStart, lexer.previousEnd))}, e.g. \`${mode}1\``,
          lexer.start + 1,
        );
      }
      throw this.unexpected(`expected how many dice to ${verb}, e.g. \`${mode}1\``);
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
      const extreme = range.max > DICE_LIMITS.maxResult ? range.max : range.min;
      throw new DiceError(
        "dice.result-too-large",
        `${quote(canonicalText(node))} can reach ${formatCount(extreme)}; results must stay within ±${formatCount(DICE_LIMITS.maxResult)}`,
      );
    }
    return node;
  }

  /** "Unexpected `x` at position n; <expectation>", for the current token. */
  private unexpected(expectation: string): DiceError {
    const lexer = this.lexer;
    return new DiceError(
      "dice.syntax",
      `Unexpected ${quote(lexer.text())} at position ${lexer.start + 1}; ${expectation}`,
      lexer.start + 1,
    );
  }
}

/** Checks one dice group against the limits and returns how many of its dice are kept. */
function checkGroup(
  notation: string,
  count: number,
  sides: number,
  keep: KeepRule | undefined,
  position: number,
): number {
  // Checked in order of what a player most likely mistyped; quote() only runs on failure.
  if (count === 0) {
    throw new DiceError(
      "dice.zero-dice",
      `${quote(notation)} rolls no dice; roll at least 1`,
      position,
    );
  }
  if (sides === 0) {
    throw new DiceError(
      "dice.zero-sides",
      `${quote(notation)}: a die needs at least 1 side`,
      position,
    );
  }
  if (sides > DICE_LIMITS.maxSides) {
    throw new DiceError(
      "dice.too-many-sides",
      `${quote(notation)} has dice with ${formatCount(sides)} sides; the limit is ${formatCount(DICE_LIMITS.maxSides)}`,
      position,
    );
  }
  if (count > DICE_LIMITS.maxDice) {
    throw new DiceError(
      "dice.too-many-dice",
      `${quote(notation)} rolls ${formatCount(count)} dice; the limit is ${formatCount(DICE_LIMITS.maxDice)}`,
      position,
    );
  }
  if (keep === undefined) return count;
  const { mode, amount } = keep;
  if (mode === "kh" || mode === "kl") {
    if (amount === 0) {
      throw new DiceError(
        "dice.keep-none",
        `${quote(notation)} keeps no dice; keep at least 1`,
        position,
      );
    }
    if (amount > count) {
      throw new DiceError(
        "dice.keep-too-many",
        `${quote(notation)} keeps more dice than it rolls`,
        position,
      );
    }
    return amount;
  }
  if (amount === count) {
    throw new DiceError(
      "dice.keep-none",
      `${quote(notation)} drops every die it rolls; keep at least 1`,
      position,
    );
  }
  if (amount > count) {
    throw new DiceError(
      "dice.drop-too-many",
      `${quote(notation)} drops more dice than it rolls`,
      position,
    );
  }
  return count - amount;
}
