/**
 * Hard limits on dice expressions, all checked while parsing, before any die is rolled, so a
 * player can neither stall the bot nor make it print nonsense.
 */
export const DICE_LIMITS = Object.freeze({
  /** Characters in the input as typed, spaces included. */
  maxLength: 200,
  /** Dice rolled by the whole expression, kept and dropped alike. */
  maxDice: 1000,
  /** Sides on one die. */
  maxSides: 1000,
  /** Nesting depth of parentheses. */
  maxDepth: 10,
  /** Largest integer literal (counts, sides, keep/drop amounts and plain numbers). */
  maxNumber: 1_000_000,
  /**
   * Largest magnitude any result or partial result may reach. Checked on the possible range, so
   * totals are always exact integers far inside Number.MAX_SAFE_INTEGER.
   */
  maxResult: 1_000_000_000,
});
