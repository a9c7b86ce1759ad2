/** Plain data shapes of the dice module: the parsed expression tree and the roll results. */

/** kh/kl keep the highest/lowest N dice; dh/dl drop the highest/lowest N. */
export type KeepMode = "kh" | "kl" | "dh" | "dl";

export interface KeepRule {
  readonly mode: KeepMode;
  readonly amount: number;
}

/** Every node carries the smallest and largest value it can produce. */
interface RangedNode {
  readonly min: number;
  readonly max: number;
}

export interface NumberNode extends RangedNode {
  readonly kind: "number";
  readonly value: number;
}

export interface DiceGroupNode extends RangedNode {
  readonly kind: "dice";
  readonly count: number;
  readonly sides: number;
  readonly keep: KeepRule | undefined;
  /** Canonical text of this group alone, e.g. "4d6kh3" (d% is written 1d100). */
  readonly notation: string;
}

export interface NegateNode extends RangedNode {
  readonly kind: "negate";
  readonly operand: DiceNode;
}

export type BinaryOperator = "+" | "-" | "*";

export interface BinaryNode extends RangedNode {
  readonly kind: "binary";
  readonly operator: BinaryOperator;
  readonly left: DiceNode;
  readonly right: DiceNode;
}

export type DiceNode = NumberNode | DiceGroupNode | NegateNode | BinaryNode;

declare const checkedByParser: unique symbol;

/**
 * A parsed expression that is known to respect DICE_LIMITS. Only parseDice makes one (the brand
 * stops hand-built trees, which nothing has checked, from reaching rollDice).
 */
export interface DiceExpression {
  readonly [checkedByParser]: true;
  readonly root: DiceNode;
  /** Canonical text, e.g. "4d6kh3 + 2". */
  readonly canonical: string;
  /** Dice rolled in all, kept and dropped. */
  readonly diceCount: number;
  readonly min: number;
  readonly max: number;
}

export interface DieResult {
  readonly sides: number;
  readonly value: number;
  /** False when a keep/drop rule set this die aside. */
  readonly kept: boolean;
}

export interface DiceGroupResult {
  /** Canonical text of the group, e.g. "4d6kh3". */
  readonly notation: string;
  /** In the order rolled. */
  readonly dice: readonly DieResult[];
  /** Sum of the kept dice. */
  readonly subtotal: number;
}

export interface DiceRoll {
  /** Canonical text of the expression rolled. */
  readonly expression: string;
  readonly total: number;
  /** One entry per dice group, left to right. */
  readonly groups: readonly DiceGroupResult[];
  /** Every die rolled, left to right, kept and dropped. */
  readonly dice: readonly DieResult[];
  /** Discord-markdown rendering: each group's dice, dropped ones struck through, and the total. */
  readonly text: string;
}
