import { parseDice } from "./parser.js";
import type { DiceExpression, DiceNode } from "./types.js";

/**
 * Most expressions rolled are the same few ("1d100", "4d6kh3", a sheet's damage dice), and parsing
 * costs more than rolling a small one, so parsed expressions are kept by their raw text.
 *
 * Bounded: at most PARSED_CACHE_CAPACITY entries; when full, the entry added longest ago goes
 * (insertion order, which a Map keeps). Only valid expressions are kept: invalid text is parsed,
 * and refused with a fresh DiceError, every time. Cached trees are deep-frozen, so nothing can
 * change one between rolls; every roll builds its own results (die objects it shares with other
 * rolls are frozen values, see evaluate.ts). */
export const PARSED_CACHE_CAPACITY = 256;

const parsed = new Map<string, DiceExpression>();

/** parseDice, remembering the result for the same text. Throws exactly what parseDice throws. */
export function parseDiceCached(input: string): DiceExpression {
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
  return expression;
}

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
