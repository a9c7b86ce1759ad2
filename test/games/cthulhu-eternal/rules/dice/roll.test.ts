import { describe, expect, it } from "vitest";
import { dropped, kept } from "../../../../support/dice.js";
import {
  DiceError,
  parseDice,
  renderDiceRoll,
  rollDice,
} from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { scriptedRng, type Rng } from "../../../../../src/core/rng.js";

/** Rolls with exactly these faces and checks every one was used. */
function rollWith(input: string, faces: number[]) {
  const rng = scriptedRng(faces);
  const roll = rollDice(input, rng);
  expect(rng.remaining()).toBe(0);
  return roll;
}

describe("rollDice with scripted faces", () => {
  it("rolls a single d100 as one 1–100 die", () => {
    const roll = rollWith("1d100", [100]);
    expect(roll).toEqual({
      expression: "1d100",
      total: 100,
      groups: [{ notation: "1d100", dice: [kept(100, 100)], subtotal: 100 }],
      dice: [kept(100, 100)],
      text: "1d100 [100] = **100**",
    });
  });

  it("treats d% and D100 as d100", () => {
    expect(rollWith("d%", [1]).dice).toEqual([kept(100, 1)]);
    expect(rollWith("D100", [57]).total).toBe(57);
  });

  it("asks the rng for one die of the right size per die", () => {
    const asked: number[] = [];
    const rng: Rng = {
      die(sides) {
        asked.push(sides);
        return 1;
      },
    };
    rollDice("2d6 + d8 - 3d4kh1 * d%", rng);
    expect(asked).toEqual([6, 6, 8, 4, 4, 4, 100]);
  });

  it("4d6kh3 keeps the three highest and marks the lowest dropped", () => {
    const roll = rollWith(" 4D6 KH3+ 2", [3, 1, 6, 4]);
    expect(roll.expression).toBe("4d6kh3 + 2");
    expect(roll.groups).toEqual([
      {
        notation: "4d6kh3",
        dice: [kept(6, 3), dropped(6, 1), kept(6, 6), kept(6, 4)],
        subtotal: 13,
      },
    ]);
    expect(roll.total).toBe(15);
    expect(roll.text).toBe("4d6kh3 [3, ~~1~~, 6, 4] + 2 = **15**");
  });

  it("4d6dl1 drops the lowest", () => {
    const roll = rollWith("4d6dl1", [5, 2, 2, 6]);
    expect(roll.dice.map((d) => d.kept)).toEqual([true, true, false, true]);
    expect(roll.total).toBe(13);
    expect(roll.text).toBe("4d6dl1 [5, 2, ~~2~~, 6] = **13**");
  });

  it("4d6dh1 drops the highest", () => {
    const roll = rollWith("4d6dh1", [6, 2, 6, 3]);
    expect(roll.dice.map((d) => d.kept)).toEqual([false, true, true, true]);
    expect(roll.total).toBe(11);
  });

  it("2d20kl1 keeps the lowest (disadvantage)", () => {
    const roll = rollWith("2d20kl1", [17, 4]);
    expect(roll.dice).toEqual([dropped(20, 17), kept(20, 4)]);
    expect(roll.total).toBe(4);
    expect(roll.text).toBe("2d20kl1 [~~17~~, 4] = **4**");
  });

  it("k alone keeps the highest", () => {
    expect(rollWith("2d20k1", [4, 17]).dice).toEqual([dropped(20, 4), kept(20, 17)]);
  });

  it("breaks ties by roll order, the same way for khN and dl(count - N)", () => {
    const faces = [3, 3, 3];
    expect(rollWith("3d6kh2", faces).dice.map((d) => d.kept)).toEqual([true, true, false]);
    expect(rollWith("3d6dl1", faces).dice.map((d) => d.kept)).toEqual([true, true, false]);
    expect(rollWith("3d6kl2", faces).dice.map((d) => d.kept)).toEqual([false, true, true]);
    expect(rollWith("3d6dh1", faces).dice.map((d) => d.kept)).toEqual([false, true, true]);
  });

  it("keeping or dropping every die but none is allowed", () => {
    expect(rollWith("3d6kh3", [1, 2, 3]).total).toBe(6);
    expect(rollWith("3d6dl0", [1, 2, 3]).total).toBe(6);
    expect(rollWith("3d6dl2", [1, 5, 3]).total).toBe(5);
  });

  it("applies * before + and -, left to right", () => {
    expect(rollWith("1 + 2 * 3", []).total).toBe(7);
    expect(rollWith("(1 + 2) * 3", []).total).toBe(9);
    expect(rollWith("10 - 3 - 2", []).total).toBe(5);
    expect(rollWith("10 - (3 - 2)", []).total).toBe(9);
    expect(rollWith("2 * 3 * 4", []).total).toBe(24);
    expect(rollWith("-2 * -3", []).total).toBe(6);
    expect(rollWith("--5", []).total).toBe(5);
  });

  it("rolls several groups left to right with subtotals", () => {
    const roll = rollWith("2d6 + 1d8 - d4 * 2", [2, 5, 7, 3]);
    expect(roll.groups.map((g) => [g.notation, g.subtotal])).toEqual([
      ["2d6", 7],
      ["1d8", 7],
      ["1d4", 3],
    ]);
    expect(roll.dice).toEqual([kept(6, 2), kept(6, 5), kept(8, 7), kept(4, 3)]);
    expect(roll.total).toBe(8);
    expect(roll.text).toBe("2d6 [2, 5] + 1d8 [7] - 1d4 [3] * 2 = **8**");
  });

  it("renders parentheses and negation around groups", () => {
    expect(rollWith("-(1d6 + 2) * 3", [4]).text).toBe("-(1d6 [4] + 2) * 3 = **-18**");
    expect(rollWith("(d%)", [42]).text).toBe("1d100 [42] = **42**");
  });

  it("rolls plain numbers without dice", () => {
    const roll = rollWith("5", []);
    expect(roll).toEqual({ expression: "5", total: 5, groups: [], dice: [], text: "5 = **5**" });
  });

  it("never yields -0", () => {
    expect(Object.is(rollWith("0 * -1d6", [3]).total, 0)).toBe(true);
    expect(Object.is(rollWith("-0", []).total, 0)).toBe(true);
    expect(Object.is(rollWith("-(1d6 - 1)", [1]).total, 0)).toBe(true);
  });

  it("accepts a parsed expression and can reroll it", () => {
    const expression = parseDice("4d6kh3");
    expect(rollDice(expression, scriptedRng([1, 2, 3, 4])).total).toBe(9);
    expect(rollDice(expression, scriptedRng([6, 6, 6, 6])).total).toBe(18);
  });

  it("rejects invalid input before asking the rng for anything", () => {
    const rng = scriptedRng([]);
    expect(() => rollDice("600d6 + 600d6", rng)).toThrow(DiceError);
    expect(() => rollDice("4d6kh7", rng)).toThrow(
      expect.objectContaining({ code: "dice.keep-too-many" }),
    );
  });
});

describe("rendering long rolls", () => {
  it("lists at most 100 dice and summarises the rest", () => {
    const roll = rollWith("60d6 + 60d6 + 1d4", Array<number>(121).fill(1));
    const [first, second, third] = roll.text.split(" + ");
    expect(first).toBe(`60d6 [${Array<string>(60).fill("1").join(", ")}]`);
    expect(second).toBe(`60d6 [${Array<string>(40).fill("1").join(", ")}, … 20 more]`);
    expect(third).toBe("1d4 [… 1 more] = **121**");
  });

  it("falls back to expression and total when the listing is too long", () => {
    const roll = rollWith("100d1000", Array<number>(100).fill(1000));
    expect(roll.text).toBe(
      "100d1000 [" + Array<string>(100).fill("1000").join(", ") + "] = **100000**",
    );
    const expression = parseDice("100d1000");
    expect(renderDiceRoll(expression, roll.groups, roll.total, { maxLength: 100 })).toBe(
      "100d1000 = **100000**",
    );
    expect(renderDiceRoll(expression, roll.groups, roll.total, { maxDiceShown: 2 })).toBe(
      "100d1000 [1000, 1000, … 98 more] = **100000**",
    );
  });

  it("rollDice passes render options through", () => {
    const roll = rollDice("3d6", scriptedRng([1, 2, 3]), { maxDiceShown: 1 });
    expect(roll.text).toBe("3d6 [1, … 2 more] = **6**");
  });
});
