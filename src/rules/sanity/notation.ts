import { diceRange, rollDice } from "../dice/index.js";
import { RulesError, isRulesError } from "../errors.js";
import type { Rng } from "../rng.js";
import type { LossRoll, SanLoss, SanLossSide } from "./types.js";

const NOTATION_HELP = "SAN loss is written success/failure, like 0/1D6";

/** A fixed loss bigger than this is a typo: no Protagonist has more than 99 SAN. */
const MAX_FIXED_LOSS = 100;

function badNotation(detail: string): RulesError {
  return new RulesError("invalid-san-loss-notation", `${NOTATION_HELP}. ${detail}`);
}

function parseSide(raw: string, which: "success" | "failure"): SanLossSide {
  // Written the SRD's way: no spaces, a capital D for dice ("1D4+1"); keep/drop stay lower case.
  const text = raw
    .replace(/\s+/g, "")
    .toLowerCase()
    .replace(/d(?=\d)/g, "D");
  if (text === "") throw badNotation(`The ${which} side is empty.`);
  if (/^\d+$/.test(text)) {
    const amount = Number(text);
    if (amount > MAX_FIXED_LOSS) {
      throw badNotation(`A fixed loss of ${amount} is more than any Protagonist's SAN.`);
    }
    return { kind: "fixed", amount, text: String(amount) };
  }
  let range: { min: number; max: number };
  try {
    // The player's own text, so the dice parser's positions and quotes match what they typed.
    range = diceRange(raw.trim());
  } catch (error) {
    if (isRulesError(error)) {
      throw badNotation(
        `The ${which} side "${raw.trim()}" is not a number or dice: ${error.message}`,
      );
    }
    throw error;
  }
  if (range.min < 0) {
    throw badNotation(`The ${which} side "${text}" could roll below 0; a loss cannot be negative.`);
  }
  return { kind: "dice", expression: text, min: range.min, max: range.max, text };
}

/**
 * Parse SAN loss notation `success/failure` (rules notes, Sanity): each side a whole number or a
 * dice expression (0/1D6, 1/1D4+1, 1D6/1D20). Spaces and letter case do not matter.
 */
export function parseSanLoss(notation: string): SanLoss {
  const parts = notation.split("/");
  if (parts.length !== 2) {
    throw badNotation(
      parts.length < 2
        ? `"${notation.trim()}" has no "/" between the success and failure losses.`
        : `"${notation.trim()}" has more than one "/".`,
    );
  }
  const [successText = "", failureText = ""] = parts;
  const onSuccess = parseSide(successText, "success");
  const onFailure = parseSide(failureText, "failure");
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
