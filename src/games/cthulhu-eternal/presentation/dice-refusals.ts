import type { DiceError, DiceGroupShape, DiceProblem } from "../rules/dice/index.js";
import type { SanLossNotationError, SanLossProblem } from "../rules/sanity/index.js";
import { count, typed } from "./words.js";

/**
 * Why a dice expression or a SAN loss was refused, in the game's words: what is wrong, and an
 * example of what to type instead.
 */

type Syntax = Extract<DiceProblem, { code: "dice.syntax" }>;

const FOR_EXAMPLE_DICE = "for example `1d100`, `3d6+2` or `4d6kh3`";

/** "4d6", or "4d6kh3" with its keep rule. */
function notation(group: DiceGroupShape): string {
  const keep = group.keep === undefined ? "" : `${group.keep.mode}${group.keep.amount}`;
  return `${group.count}d${group.sides}${keep}`;
}

/** The group with a keep rule that works: 4d6 → 4d6kh3 (two dice at least, keeping one less). */
function keepExample({ count: dice, sides }: DiceGroupShape): string {
  const rolled = Math.max(dice, 2);
  return `${rolled}d${sides}kh${rolled - 1}`;
}

function dropExample({ count: dice, sides }: DiceGroupShape): string {
  return `${Math.max(dice, 2)}d${sides}dl1`;
}

/** The character found, quoted, or named when it cannot be seen. */
function shown(found: string): string {
  const codePoint = found.codePointAt(0) ?? 0;
  if (/^[\p{C}\p{Z}]$/u.test(found)) {
    const hex = codePoint.toString(16).toUpperCase().padStart(4, "0");
    return `a character that can't be shown (U+${hex})`;
  }
  return typed(found);
}

function syntaxWords(expression: string, problem: Syntax): string {
  const quoted = typed(expression);
  const { found } = problem;
  const group = problem.group ?? { count: 1, sides: 6 };
  // Where an operator could come, an "x" or a "/" was meant as one.
  const operatorPlace = problem.expected === "after-dice" || problem.expected === "operator-or-end";
  if (operatorPlace && (found === "x" || found === "X")) {
    return `${quoted}: to multiply, write \`*\` — for example \`2d6*2\`.`;
  }
  if (operatorPlace && (found === "/" || found === "÷")) {
    return `${quoted}: dice can't be divided — add, subtract or multiply instead, for example \`1d6+2\` or \`2d6*2\`.`;
  }
  switch (problem.expected) {
    case "keep-rule":
      return `${quoted}: I can read \`k\`, \`kh\`, \`kl\`, \`d\`, \`dh\`, \`dl\` after dice — for example \`${keepExample(group)}\`.`;
    case "after-dice": {
      const sum = `\`${notation(group)}+2\``;
      const examples = group.count > 1 ? `\`${keepExample(group)}\` or ${sum}` : sum;
      return `${quoted}: after \`${notation(group)}\` comes a keep or drop rule (\`kh\`, \`kl\`, \`dh\`, \`dl\`), \`+\`, \`-\`, \`*\` or the end, not ${shown(found)} — for example ${examples}.`;
    }
    case "number-or-dice":
      return found === ""
        ? `${quoted} ends too soon: add a number or dice after ${typed(problem.after ?? "")} — for example \`2d6+3\`.`
        : `${quoted}: I need a number or dice where ${shown(found)} is — ${FOR_EXAMPLE_DICE}.`;
    case "operator-or-end":
      return `${quoted}: only \`+\`, \`-\`, \`*\` or the end can come where ${shown(found)} is — for example \`2d6+3\`.`;
    case "sides":
      return `${quoted}: \`d\` needs the number of sides after it — for example \`${group.count}d6\` or \`${group.count}d%\`.`;
    case "keep-count": {
      const mode = problem.mode ?? "kh";
      const verb = mode.startsWith("k") ? "keep" : "drop";
      const example = `${Math.max(group.count, 2)}d${group.sides}${mode}1`;
      return `${quoted}: say how many dice to ${verb} after \`${mode}\` — for example \`${example}\`.`;
    }
    case "close-paren":
      return `${quoted}: a \`(\` is never closed — for example \`(1d6+2)*2\`.`;
    case "no-open-paren":
      return `${quoted}: a \`)\` closes nothing — for example \`(1d6+2)*2\`.`;
    case "one-keep-rule":
      return `${quoted}: a dice group takes one keep or drop rule — for example \`${keepExample(group)}\`.`;
  }
}

/** The words for a refused dice expression. */
export function diceRefusal(error: DiceError): string {
  const { problem, expression } = error;
  switch (problem.code) {
    case "dice.empty":
      return `Type some dice — ${FOR_EXAMPLE_DICE}.`;
    case "dice.too-long":
      return `That expression is ${count(problem.length)} characters long; the most I read is ${count(problem.limit)} — for example \`3d6+2\`.`;
    case "dice.syntax":
      return syntaxWords(expression, problem);
    case "dice.number-too-large":
      return `${typed(problem.number)} is too large: numbers go up to ${count(problem.limit)} — for example \`1d1000\` or \`1d100+20\`.`;
    case "dice.too-deep":
      return `${typed(expression)}: parentheses go at most ${problem.limit} deep — for example \`((1d6+1)*2)+3\`.`;
    case "dice.too-many-dice":
      return problem.group === undefined
        ? `${typed(expression)} rolls ${count(problem.count)} dice in all; the most is ${count(problem.limit)} — roll fewer, for example \`10d6+10d6\`.`
        : `${typed(notation(problem.group))} rolls ${count(problem.count)} dice; the most is ${count(problem.limit)} — for example \`100d${problem.group.sides}\`.`;
    case "dice.result-too-large":
      return `${typed(problem.notation)} can reach ${count(problem.extreme)}; results stay within ±${count(problem.limit)} — use smaller numbers, for example \`1000d6*10\`.`;
    case "dice.zero-dice":
      return `${typed(notation(problem.group))} rolls no dice — roll at least one, for example \`1d${problem.group.sides}\`.`;
    case "dice.zero-sides":
      return `${typed(notation(problem.group))}: a die needs at least one side — for example \`${problem.group.count}d6\`.`;
    case "dice.too-many-sides":
      return `${typed(notation(problem.group))} has dice of ${count(problem.group.sides)} sides; the most is ${count(problem.limit ?? 0)} — for example \`${problem.group.count}d100\`.`;
    case "dice.keep-none":
      return problem.group.keep?.mode.startsWith("d") === true
        ? `${typed(notation(problem.group))} drops every die it rolls — drop fewer, for example \`${dropExample(problem.group)}\`.`
        : `${typed(notation(problem.group))} keeps no dice — keep at least one, for example \`${keepExample(problem.group)}\`.`;
    case "dice.keep-too-many":
      return `${typed(notation(problem.group))} keeps more dice than it rolls — for example \`${keepExample(problem.group)}\`.`;
    case "dice.drop-too-many":
      return `${typed(notation(problem.group))} drops more dice than it rolls — for example \`${dropExample(problem.group)}\`.`;
  }
}

const FOR_EXAMPLE_LOSS = "for example `loss:0/1D6` or `loss:1/1D4+1`";
const HOW_TO_WRITE_LOSS = `write the loss on a success, \`/\`, then the loss on a failure — ${FOR_EXAMPLE_LOSS}`;

function sideName(side: "success" | "failure"): string {
  return side === "success" ? "on a success" : "on a failure";
}

/** The words for a refused SAN loss (`/san loss:`). */
export function sanLossRefusal(error: SanLossNotationError): string {
  const problem: SanLossProblem = error.problem;
  const quoted = typed(error.notation.trim());
  switch (problem.kind) {
    case "no-slash":
      return error.notation.trim() === ""
        ? `Give the SAN loss: ${HOW_TO_WRITE_LOSS}.`
        : `${quoted} is not a SAN loss: ${HOW_TO_WRITE_LOSS}.`;
    case "many-slashes":
      return `${quoted} has more than one \`/\`: ${HOW_TO_WRITE_LOSS}.`;
    case "empty-side":
      return `${quoted}: the loss ${sideName(problem.side)} is missing — ${FOR_EXAMPLE_LOSS}.`;
    case "fixed-too-large":
      return `${quoted}: a loss of ${count(problem.amount)} is more than any Protagonist's SAN (at most ${problem.limit}) — for example \`loss:1D10/1D100\`.`;
    case "not-dice":
      return `The SAN loss ${sideName(problem.side)} must be a number or dice, like \`0/1D6\`. ${diceRefusal(problem.dice)}`;
    case "negative":
      return `${quoted}: the loss ${sideName(problem.side)} could roll below 0, and a loss can't be negative — for example \`loss:0/1D4\`.`;
  }
}
