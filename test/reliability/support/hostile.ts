/**
 * Careless and hostile input for fuzzing: text that pings, breaks markdown or the database layer,
 * oversized strings, control characters and unicode, and numbers far outside any range.
 */
import fc from "fast-check";

/** A user id no member of the fake guilds has: echoing it raw would render a mention. */
export const FOREIGN_USER_ID = "123456789012345678";

export const HOSTILE_TEXTS: readonly string[] = [
  "@everyone",
  "@here look",
  `<@${FOREIGN_USER_ID}>`,
  `<@!${FOREIGN_USER_ID}>`,
  `<@&${FOREIGN_USER_ID}>`,
  `<#${FOREIGN_USER_ID}>`,
  "**bold** __underline__ ~~strike~~ ||spoiler||",
  "`tick` ```js\nblock\n```",
  "# Heading\n> quote\n- list",
  "[link](https://example.com)",
  "line\nbreak\r\nand\ttab",
  "\u0000\u0007\u001b[31mred\u007f",
  "\u202eevil right-to-left",
  "zero\u200bwidth",
  "👨‍👩‍👧‍👦🎲🐙",
  "Ǹ̵̡̛͔̪̼̳͔̯̲̤̗̦̠̜̙͇̱̫̰̾̒̏͋̏̅̃̽̐̆̄̐͑̍̚",
  "'; DROP TABLE Protagonist; --",
  "%s %n %d {0} ${x}",
  "../../../../etc/passwd",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e400",
  "",
  "   ",
  "x".repeat(101),
  "y".repeat(2_001),
  "z".repeat(6_001),
];

/** Any text a user could paste, hostile constants first. */
export function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.nat({ max: 7_000 }).map((n) => "w".repeat(n)) },
  );
}

export const EXTREME_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  99,
  100,
  101,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e20,
  -1e20,
  1e308,
  -1e308,
  0.5,
  -0.5,
  Number.MIN_VALUE,
];

export function hugeInteger(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.integer({ min: -200, max: 200 }) },
  );
}

export function anyNumber(): fc.Arbitrary<number> {
  return fc.oneof(hugeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }));
}

/** Raw text that would render as a ping or a mention if the bot echoed it unescaped. */
export function rawMentionIn(text: string): string | undefined {
  const raw = new RegExp(`@everyone|@here|<(@[!&]?|#)${FOREIGN_USER_ID}>`).exec(text);
  return raw?.[0];
}
