import { diceRange, isDiceError, rollDice, type DiceError } from "../dice/index.js";
import { RulesError } from "../errors.js";
import type { Rng } from "../../../../core/rng.js";
import type { LossRoll, SanLoss, SanLossSide } from "./types.js";

/** A fixed loss bigger than this is a typo: no Protagonist has more than 99 SAN. */
export const MAX_FIXED_LOSS = 100;

export type SanLossSideName = "success" | "failure";

/** Why a SAN loss notation was refused, as data: the words are the bot's (presentation). */
export type SanLossProblem =
  | { readonly kind: "no-slash" }
  | { readonly kind: "many-slashes" }
  | { readonly kind: "empty-side"; readonly side: SanLossSideName }
  | {
      readonly kind: "fixed-too-large";
      readonly side: SanLossSideName;
      readonly amount: number;
      readonly limit: number;
    }
  | { readonly kind: "not-dice"; readonly side: SanLossSideName; readonly dice: DiceError }
  | { readonly kind: "negative"; readonly side: SanLossSideName; readonly text: string };

export class SanLossNotationError extends RulesError {
  override name = "SanLossNotationError";
  constructor(
    readonly problem: SanLossProblem,
    /** The notation as the player typed it. */
    readonly notation: string,
  ) {
    super(
      "invalid-san-loss-notation",
      `${problem.kind} in ${JSON.stringify(notation.slice(0, 60))}`,
    );
  }
}

export function isSanLossNotationError(error: unknown): error is SanLossNotationError {
  return error instanceof SanLossNotationError;
}

function parseSide(raw: string, side: SanLossSideName, notation: string): SanLossSide {
  const refuse = (problem: SanLossProblem) => new SanLossNotationError(problem, notation);
  // Written the SRD's way: no spaces, a capital D for dice ("1D4+1"); keep/drop stay lower case.
  const text = raw
    .replace(/\s+/g, "")
    .toLowerCase()
    .replace(/d(?=\d)/g, "D");
  if (text === "") throw refuse({ kind: "empty-side", side });
  if (/^\d+$/.test(text)) {
    const amount = Number(text);
    if (amount > MAX_FIXED_LOSS) {
      throw refuse({ kind: "fixed-too-large", side, amount, limit: MAX_FIXED_LOSS });
    }
    return { kind: "fixed", amount, text: String(amount) };
  }
  let range: { min: number; max: number };
  try {
    // The player's own text, so what the dice parser quotes is what they typed.
    range = diceRange(raw.trim());
  } catch (error) {
    if (isDiceError(error)) throw refuse({ kind: "not-dice", side, dice: error });
    throw error;
  }
  if (range.min < 0) throw refuse({ kind: "negative", side, text });
  return { kind: "dice", expression: text, min: range.min, max: range.max, text };
}

/**
 * Parse SAN loss notation `success/failure` (rules notes, Sanity): each side a whole number or a
 * dice expression (0/1D6, 1/1D4+1, 1D6/1D20). Spaces and letter case do not matter.
 */
export function parseSanLoss(notation: string): SanLoss {
  const parts = notation.split("/");
  if (parts.length !== 2) {
    throw new SanLossNotationError(
      { kind: parts.length < 2 ? "no-slash" : "many-slashes" },
      notation,
    );
  }
  const [successText = "", failureText = ""] = parts;
  const onSuccess = parseSide(successText, "success", notation);
  const onFailure = parseSide(failureText, "failure", notation);
  return { notation: `${onSuccess.text}/${onFailure.text}`, onSuccess, onFailure };
}

/** Roll the side of the SAN loss the test picked. A fixed side rolls no dice. */
export function rollLossSide(loss: SanLoss, success: boolean, rng: Rng): LossRoll {
  const sideName = success ? "success" : "failure";
  const side = success ? loss.onSuccess : loss.onFailure;
  if (side.kind === "fixed") {
    return { side: sideName, expression: side.text, total: side.amount, dice: [] };
  }
  const rolled = rollDice(side.expression, rng);
  return {
    side: sideName,
    expression: side.expression,
    // parseSide refused sides that can go negative; the guard keeps a loss a loss regardless.
    total: Math.max(0, rolled.total),
    dice: rolled.dice.map(({ sides, value, kept }) => ({ sides, value, kept })),
  };
}
