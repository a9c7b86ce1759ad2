export { DICE_LIMITS } from "./limits.js";
export {
  DiceError,
  isDiceError,
  type DiceErrorCode,
  type DiceExpectation,
  type DiceGroupShape,
  type DiceProblem,
} from "./errors.js";
export { parseDice, isDiceExpression } from "./parser.js";
export { rollDice } from "./evaluate.js";
export { diceRange } from "./range.js";
export { renderDiceRoll, DEFAULT_DICE_RENDER_OPTIONS, type DiceRenderOptions } from "./render.js";
export type {
  BinaryNode,
  BinaryOperator,
  DiceExpression,
  DiceGroupNode,
  DiceGroupResult,
  DiceNode,
  DiceRoll,
  DieResult,
  KeepMode,
  KeepRule,
  NegateNode,
  NumberNode,
} from "./types.js";
