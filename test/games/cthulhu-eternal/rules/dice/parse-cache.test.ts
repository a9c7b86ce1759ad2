import { describe, expect, it } from "vitest";
import { dropped, kept } from "../../../../support/dice.js";
import {
  PARSED_CACHE_CAPACITY,
  parseDiceCached,
  parsedCacheSize,
} from "../../../../../src/games/cthulhu-eternal/rules/dice/parse-cache.js";
import {
  DiceError,
  diceRange,
  parseDice,
  rollDice,
} from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { scriptedRng } from "../../../../../src/core/rng.js";

function thrown(run: () => unknown): DiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof DiceError) return error;
    throw error;
  }
  throw new Error("expected a DiceError");
}

describe("the cache of parsed expressions", () => {
  it("gives the same tree as parseDice, and the same object for the same text", () => {
    const text = " 4D6 KH3+ 2";
    const first = parseDiceCached(text);
    expect(first).toEqual(parseDice(text));
    expect(parseDiceCached(text)).toBe(first);
  });

  it("never holds more than its capacity, however many distinct expressions arrive", () => {
    for (let i = 0; i < PARSED_CACHE_CAPACITY * 3; i++) {
      rollDice(`1d6 + ${i}`, scriptedRng([1]));
      diceRange(`2d4 * ${i}`);
      expect(parsedCacheSize()).toBeLessThanOrEqual(PARSED_CACHE_CAPACITY);
    }
    expect(parsedCacheSize()).toBe(PARSED_CACHE_CAPACITY);
    // The newest entries are still there; the oldest were let go and parse again as before.
    const last = `2d4 * ${PARSED_CACHE_CAPACITY * 3 - 1}`;
    expect(parseDiceCached(last)).toBe(parseDiceCached(last));
    expect(rollDice("1d6 + 0", scriptedRng([4])).total).toBe(4);
    expect(parsedCacheSize()).toBe(PARSED_CACHE_CAPACITY);
  });

  it("gives the same object for a text asked for again, and a new one once it was let go", () => {
    const text = "7d6 + 7";
    const first = parseDiceCached(text);
    expect(parseDiceCached(text)).toBe(first);
    for (let i = 0; i < PARSED_CACHE_CAPACITY; i++) parseDiceCached(`3d4 + ${i}`);
    const again = parseDiceCached(text);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(parseDiceCached(text)).toBe(again);
  });

  it("keeps cached trees frozen, so no roll can change them", () => {
    const expression = parseDiceCached("-(4d6kh3 + 2) * 3");
    expect(Object.isFrozen(expression)).toBe(true);
    expect(Object.isFrozen(expression.root)).toBe(true);
    const root = expression.root;
    if (root.kind !== "binary" || root.left.kind !== "negate") throw new Error("unexpected tree");
    const sum = root.left.operand;
    if (sum.kind !== "binary" || sum.left.kind !== "dice") throw new Error("unexpected tree");
    expect(Object.isFrozen(sum)).toBe(true);
    expect(Object.isFrozen(sum.left)).toBe(true);
    expect(Object.isFrozen(sum.left.keep)).toBe(true);
  });

  it("rolls a cached expression twice into independent dice", () => {
    const first = rollDice("4d6kh3", scriptedRng([1, 2, 3, 4]));
    const second = rollDice("4d6kh3", scriptedRng([6, 5, 4, 3]));
    expect(first.dice).toEqual([dropped(6, 1), kept(6, 2), kept(6, 3), kept(6, 4)]);
    expect(first.total).toBe(9);
    expect(first.text).toBe("4d6kh3 [~~1~~, 2, 3, 4] = **9**");
    expect(second.dice).toEqual([kept(6, 6), kept(6, 5), kept(6, 4), dropped(6, 3)]);
    expect(second.total).toBe(15);
    expect(second.text).toBe("4d6kh3 [6, 5, 4, ~~3~~] = **15**");
    expect(second.dice).not.toBe(first.dice);
    expect(second.groups).not.toBe(first.groups);
    // Equal faces may be the same object in both rolls, so die objects must be frozen values.
    for (const die of [...first.dice, ...second.dice]) expect(Object.isFrozen(die)).toBe(true);
    expect(() => {
      (first.dice[0] as { kept: boolean }).kept = true;
    }).toThrow(TypeError);
    expect(first.dice[0]).toEqual(dropped(6, 1));
  });

  it("refuses an invalid expression every time, with the same error, and keeps nothing", () => {
    for (const text of ["4d6kh7", "1d6 +", "600d6 + 600d6", "2x3"]) {
      const errors = [1, 2, 3].map(() => thrown(() => rollDice(text, scriptedRng([]))));
      const [first] = errors;
      for (const error of errors) {
        expect(error).toBeInstanceOf(DiceError);
        expect(error.code).toBe(first?.code);
        expect(error.message).toBe(first?.message);
        expect(error.position).toBe(first?.position);
      }
      expect(errors[1]).not.toBe(errors[0]);
      expect(thrown(() => parseDice(text)).message).toBe(first?.message);
    }
  });
});
