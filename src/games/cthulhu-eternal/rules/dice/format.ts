import type { DiceGroupNode, DiceNode } from "./types.js";

const SUM = 1;
const PRODUCT = 2;
const NEGATION = 3;
const ATOM = 4;

function precedence(node: DiceNode): number {
  switch (node.kind) {
    case "binary":
      return node.operator === "*" ? PRODUCT : SUM;
    case "negate":
      return NEGATION;
    default:
      return ATOM;
  }
}

/**
 * Writes an expression tree back as text with single spaces around binary operators and only the
 * parentheses the tree needs, so the text parses back to the same tree. Dice groups are written by
 * `writeGroup`, which lets the renderer add the rolled dice after each group.
 */
export function formatExpression(
  node: DiceNode,
  writeGroup: (group: DiceGroupNode) => string,
): string {
  switch (node.kind) {
    case "number":
      return String(node.value);
    case "dice":
      return writeGroup(node);
    case "negate": {
      const operand = formatExpression(node.operand, writeGroup);
      return precedence(node.operand) < NEGATION ? `-(${operand})` : `-${operand}`;
    }
    case "binary": {
      const own = precedence(node);
      let left = formatExpression(node.left, writeGroup);
      let right = formatExpression(node.right, writeGroup);
      // Operators are left-associative, so an equal-precedence right operand needs parentheses.
      if (precedence(node.left) < own) left = `(${left})`;
      if (precedence(node.right) <= own) right = `(${right})`;
      return `${left} ${node.operator} ${right}`;
    }
  }
}

const notationOf = (group: DiceGroupNode): string => group.notation;

/** Canonical text of an expression tree, e.g. "4d6kh3 + 2". */
export function canonicalText(node: DiceNode): string {
  return node.kind === "dice" ? node.notation : formatExpression(node, notationOf);
}
