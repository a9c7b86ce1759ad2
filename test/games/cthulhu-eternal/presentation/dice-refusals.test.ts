/**
 * What a player reads when dice or a SAN loss are refused: what is wrong and an example of what
 * to type, never the parser's own terms ("Unexpected", "position", "expected").
 */
import { describe, expect, it } from "vitest";
import {
  diceRefusal,
  sanLossRefusal,
} from "../../../../src/games/cthulhu-eternal/presentation/dice-refusals.js";
import { isDiceError, parseDice } from "../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import {
  isSanLossNotationError,
  parseSanLoss,
} from "../../../../src/games/cthulhu-eternal/rules/sanity/index.js";

/** The words a refused input gets; fails the test when the input is accepted. */
function refusedWith<E>(
  parse: () => unknown,
  isRefusal: (error: unknown) => error is E,
  words: (error: E) => string,
): string {
  try {
    parse();
  } catch (error) {
    if (isRefusal(error)) return words(error);
    throw error;
  }
  throw new Error("expected a refusal");
}

const diceWords = (input: string) => refusedWith(() => parseDice(input), isDiceError, diceRefusal);
const lossWords = (input: string) =>
  refusedWith(() => parseSanLoss(input), isSanLossNotationError, sanLossRefusal);

const PARSER_WORDING = /unexpected|position \d|expected|invalid/i;

describe("refused dice, in the game's words", () => {
  it.each([
    ["", "Type some dice — for example `1d100`, `3d6+2` or `4d6kh3`."],
    [
      "4d6kb3",
      "`4d6kb3`: I can read `k`, `kh`, `kl`, `d`, `dh`, `dl` after dice — for example `4d6kh3`.",
    ],
    [
      "4d6d1",
      "`4d6d1`: I can read `k`, `kh`, `kl`, `d`, `dh`, `dl` after dice — for example `4d6kh3`.",
    ],
    [
      "4d6h3",
      "`4d6h3`: after `4d6` comes a keep or drop rule (`kh`, `kl`, `dh`, `dl`), `+`, `-`, `*` or the end, not `h` — for example `4d6kh3` or `4d6+2`.",
    ],
    ["4d6kh7", "`4d6kh7` keeps more dice than it rolls — for example `4d6kh3`."],
    ["4d6dl4", "`4d6dl4` drops every die it rolls — drop fewer, for example `4d6dl1`."],
    ["4d6kh", "`4d6kh`: say how many dice to keep after `kh` — for example `4d6kh1`."],
    ["2d", "`2d`: `d` needs the number of sides after it — for example `2d6` or `2d%`."],
    ["2d6x2", "`2d6x2`: to multiply, write `*` — for example `2d6*2`."],
    [
      "10/2",
      "`10/2`: dice can't be divided — add, subtract or multiply instead, for example `1d6+2` or `2d6*2`.",
    ],
    ["1d6 +", "`1d6 +` ends too soon: add a number or dice after `+` — for example `2d6+3`."],
    ["b", "`b`: I need a number or dice where `b` is — for example `1d100`, `3d6+2` or `4d6kh3`."],
    ["(1d6", "`(1d6`: a `(` is never closed — for example `(1d6+2)*2`."],
    ["1d6))", "`1d6))`: a `)` closes nothing — for example `(1d6+2)*2`."],
    ["2000d6", "`2000d6` rolls 2,000 dice; the most is 1,000 — for example `100d6`."],
    ["1d1001", "`1d1001` has dice of 1,001 sides; the most is 1,000 — for example `1d100`."],
    ["0d6", "`0d6` rolls no dice — roll at least one, for example `1d6`."],
    [
      "1d6 + 1000001",
      "`1000001` is too large: numbers go up to 1,000,000 — for example `1d1000` or `1d100+20`.",
    ],
  ])("%j", (input, words) => {
    expect(diceWords(input)).toBe(words);
  });

  it("shows an invisible character by its code, never raw", () => {
    expect(diceWords("1d6\u0000")).toBe(
      "`1d6\uFFFD`: after `1d6` comes a keep or drop rule (`kh`, `kl`, `dh`, `dl`), `+`, `-`, `*` or the end, not a character that can't be shown (U+0000) — for example `1d6+2`.",
    );
  });

  it("never uses the parser's terms", () => {
    for (const input of ["+5", "1.5", "1 2", "(1 2)", "4d6kh3kl1", "1000000 * 1001", "2 ** 3"]) {
      const words = diceWords(input);
      expect(words, input).not.toMatch(PARSER_WORDING);
      expect(words, input).toContain("for example");
    }
  });
});

describe("a refused SAN loss, in the game's words", () => {
  it.each([
    [
      "lots",
      "`lots` is not a SAN loss: write the loss on a success, `/`, then the loss on a failure — for example `loss:0/1D6` or `loss:1/1D4+1`.",
    ],
    [
      "0/1D6/1D8",
      "`0/1D6/1D8` has more than one `/`: write the loss on a success, `/`, then the loss on a failure — for example `loss:0/1D6` or `loss:1/1D4+1`.",
    ],
    [
      "/1D6",
      "`/1D6`: the loss on a success is missing — for example `loss:0/1D6` or `loss:1/1D4+1`.",
    ],
    [
      "0/4d6kb3",
      "The SAN loss on a failure must be a number or dice, like `0/1D6`. `4d6kb3`: I can read `k`, `kh`, `kl`, `d`, `dh`, `dl` after dice — for example `4d6kh3`.",
    ],
    [
      "0/1D4-5",
      "`0/1D4-5`: the loss on a failure could roll below 0, and a loss can't be negative — for example `loss:0/1D4`.",
    ],
    [
      "0/500",
      "`0/500`: a loss of 500 is more than any Protagonist's SAN (at most 100) — for example `loss:1D10/1D100`.",
    ],
  ])("%j", (input, words) => {
    expect(lossWords(input)).toBe(words);
  });
});
