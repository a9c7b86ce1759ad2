import { RulesError } from "../errors.js";

export type DiceErrorCode =
  | "dice.empty"
  | "dice.too-long"
  | "dice.syntax"
  | "dice.number-too-large"
  | "dice.too-deep"
  | "dice.zero-dice"
  | "dice.zero-sides"
  | "dice.too-many-dice"
  | "dice.too-many-sides"
  | "dice.keep-none"
  | "dice.keep-too-many"
  | "dice.drop-too-many"
  | "dice.result-too-large";

/** The one error a dice expression can raise: invalid syntax or a broken limit. */
export class DiceError extends RulesError {
  override name = "DiceError";
  constructor(
    override readonly code: DiceErrorCode,
    message: string,
    /** 1-based position in the input of the offending part, when there is one. */
    readonly position?: number,
  ) {
    super(code, message);
  }
}

export function isDiceError(e: unknown): e is DiceError {
  return e instanceof DiceError;
}

const QUOTE_MAX = 24;

/** Wraps player text in Discord inline code, shortened, and safe even if it holds backticks. */
export function quote(text: string): string {
  const short = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return short.includes("`") ? `\`\` ${short} \`\`` : `\`${short}\``;
}

/** 2000 → "2,000": counts in messages are read by players, not programs. */
export function formatCount(n: number): string {
  const digits = String(Math.abs(n));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits.charAt(i);
  }
  return n < 0 ? `-${out}` : out;
}
