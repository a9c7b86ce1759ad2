import { DiceError } from "./errors.js";
import { DICE_LIMITS } from "./limits.js";

/** Token kinds as small integers: the lexer is on the hot path of every roll. */
export const Token = {
  End: 0,
  Number: 1,
  /** d or D: dice, or the start of a dh/dl drop rule. */
  D: 2,
  K: 3,
  H: 4,
  L: 5,
  Percent: 6,
  Plus: 7,
  Minus: 8,
  Star: 9,
  OpenParen: 10,
  CloseParen: 11,
  /** A character that is no part of a dice expression; the parser says what it expected. */
  Invalid: 12,
} as const;
export type Token = (typeof Token)[keyof typeof Token];

/**
 * Reads one token at a time straight from the string by char code, with no regexes and no token
 * objects, so lexing is linear and allocation-free. The current token is `token()`, with `start`,
 * `end` and (for numbers) `value`.
 */
export class DiceLexer {
  private current: Token = Token.End;
  /** 0-based offset of the current token. */
  start = 0;
  end = 0;
  value = 0;
  /** Offsets of the previous token, to say what an incomplete expression ended after. */
  previousStart = 0;
  previousEnd = 0;

  constructor(readonly source: string) {
    this.advance();
  }

  /** The current token. A method, not a field, so TypeScript does not narrow it across advance(). */
  token(): Token {
    return this.current;
  }

  /** Source text of the current token. */
  text(): string {
    return this.source.slice(this.start, this.end);
  }

  previousText(): string {
    return this.source.slice(this.previousStart, this.previousEnd);
  }

  advance(): void {
    const source = this.source;
    const length = source.length;
    this.previousStart = this.start;
    this.previousEnd = this.end;
    let i = this.end;
    let code = 0;
    while (i < length) {
      code = source.charCodeAt(i);
      if (!isSpace(code)) break;
      i++;
    }
    this.start = i;
    if (i >= length) {
      this.current = Token.End;
      this.end = i;
      return;
    }
    if (code >= 48 && code <= 57) {
      this.readNumber(i);
      return;
    }
    this.end = i + 1;
    switch (code) {
      case 100: // d
      case 68: // D
        this.current = Token.D;
        return;
      case 107: // k
      case 75: // K
        this.current = Token.K;
        return;
      case 104: // h
      case 72: // H
        this.current = Token.H;
        return;
      case 108: // l
      case 76: // L
        this.current = Token.L;
        return;
      case 37: // %
        this.current = Token.Percent;
        return;
      case 43: // +
        this.current = Token.Plus;
        return;
      case 45: // -
      case 0x2212: // − (minus sign, as phones and copied rulebooks write it)
        this.current = Token.Minus;
        return;
      case 42: // *
      case 0xd7: // ×
        this.current = Token.Star;
        return;
      case 40: // (
        this.current = Token.OpenParen;
        return;
      case 41: // )
        this.current = Token.CloseParen;
        return;
      default:
        this.current = Token.Invalid;
        // The whole character, even where it takes two UTF-16 units.
        this.end = i + String.fromCodePoint(source.codePointAt(i) ?? code).length;
        return;
    }
  }

  private readNumber(from: number): void {
    const source = this.source;
    let i = from;
    let value = 0;
    for (; i < source.length; i++) {
      const digit = source.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      // Stop accumulating once over the limit: a 200-digit string must not become Infinity.
      if (value <= DICE_LIMITS.maxNumber) value = value * 10 + digit;
    }
    if (value > DICE_LIMITS.maxNumber) {
      throw new DiceError(
        {
          code: "dice.number-too-large",
          number: source.slice(from, i),
          limit: DICE_LIMITS.maxNumber,
        },
        source,
        from + 1,
      );
    }
    this.current = Token.Number;
    this.value = value;
    this.end = i;
  }
}

/** ASCII whitespace plus the Unicode spaces that phones and copy-paste slip in. */
function isSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
