import { describe, expect, it } from "vitest";
import { waitingCheck } from "../../../../src/games/cultists-of-cthulhu/rules/rolls.js";
import { act, characterOf, dealt, refusal, type Game } from "./support.js";

/**
 * Each check is numbered, and a press names the check its buttons were shown for: a press left
 * on an earlier roll's message is refused and changes nothing, so it can never reroll or keep
 * the roll waiting now.
 */

function waitingRoll(g: Game): number | undefined {
  return waitingCheck(g.state.pending)?.roll;
}

describe("a press on an earlier roll's buttons", () => {
  it("is refused on the next check, which stays as rolled", () => {
    const g = dealt(3, { seed: 4 });
    const a = characterOf(g, "p1");
    act(g, { by: "p1", type: "check", roller: a, ability: "focus", difficulty: "red" });
    const first = waitingRoll(g);
    act(g, { by: "p1", type: "keep", ...(first === undefined ? {} : { roll: first }) });
    act(g, { by: "p1", type: "check", roller: a, ability: "brawn", difficulty: "blue" });
    const second = waitingRoll(g);
    expect(first).toBe(1);
    expect(second).toBe(2);

    const before = structuredClone(g.state);
    expect(refusal(g, { by: "p1", type: "reroll", result: "bad", roll: 1 })).toEqual({
      code: "stale-roll",
    });
    expect(refusal(g, { by: "p1", type: "keep", roll: 1 })).toEqual({ code: "stale-roll" });
    expect(g.state).toEqual(before);

    act(g, { by: "p1", type: "keep", roll: 2 });
    expect(g.state.pending).toBeNull();
  });

  it("in a fight, the defender's Keep cannot settle the attacker's roll", () => {
    const g = dealt(3, { seed: 9 });
    const [a, b] = [characterOf(g, "p1"), characterOf(g, "p2")];
    const card = { difficulty: "blue" as const, defense: null };
    act(g, { by: "p1", type: "attack", attacker: a, defender: b, card });
    const defence = waitingRoll(g) ?? 0;
    act(g, { by: "p2", type: "keep", roll: defence });
    const attack = waitingRoll(g);
    expect(attack).toBe(defence + 1);

    // p1 controls the attacker; the press names the defender's roll, which is over.
    expect(refusal(g, { by: "p1", type: "keep", roll: defence })).toEqual({ code: "stale-roll" });
    expect(waitingRoll(g)).toBe(attack);
  });

  it("from a command (no roll named), acts on the roll waiting, as before", () => {
    const g = dealt(3, { seed: 4 });
    const a = characterOf(g, "p1");
    act(g, { by: "p1", type: "check", roller: a, ability: "focus", difficulty: "red" });
    act(g, { by: "p1", type: "keep" });
    expect(g.state.pending).toBeNull();
  });
});
