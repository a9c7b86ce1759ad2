import { describe, expect, it } from "vitest";

import {
  apply,
  DEFAULT_SETTINGS,
  type Action,
  type GameState,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { seededRng } from "../../../../src/core/rng.js";
import { KUKRI, TENTACLE } from "./fixtures.js";
import { act, characterOf, dealt, HOST, type Game } from "./support.js";

/** A short seeded game touching most kinds of action. */
function busyGame(seed: number): Game {
  const g = dealt(3, { seed });
  const [a, b] = [characterOf(g, "p1"), characterOf(g, "p2")];
  act(g, { by: "p1", type: "check", roller: a, ability: "focus", difficulty: "red" });
  act(g, { by: "p1", type: "keep" });
  act(g, {
    by: "p1",
    type: "add-item",
    character: a,
    item: KUKRI,
  });
  act(g, { by: "p1", type: "find-elder-sign", character: a });
  act(g, {
    by: "p1",
    type: "attack",
    attacker: a,
    defender: b,
    card: { difficulty: "blue", defense: null },
  });
  act(g, { by: "p2", type: "keep" });
  act(g, { by: "p1", type: "keep" });
  act(g, {
    by: "p1",
    type: "spawn-monster",
    stats: TENTACLE,
    power: "blue",
  });
  act(g, { by: HOST, type: "advance-stars", amount: 4 });
  return g;
}

describe("the engine", () => {
  it("is deterministic: the same seed and actions give the same state and facts", () => {
    const [x, y] = [busyGame(11), busyGame(11)];
    expect(x.state).toEqual(y.state);
    expect(x.log).toEqual(y.log);
    expect(busyGame(12).log).not.toEqual(x.log);
  });

  it("keeps the state plain JSON (what the services store and snapshot for undo)", () => {
    const g = busyGame(3);
    const copy = JSON.parse(JSON.stringify(g.state)) as GameState;
    expect(copy).toEqual(g.state);
    expect(JSON.parse(JSON.stringify(g.log))).toEqual(g.log);
    // Applying the same action to the stored copy gives the same result.
    const action: Action = { by: HOST, type: "advance-stars", amount: 2 };
    const ctx = () => ({ rng: seededRng(5), settings: DEFAULT_SETTINGS });
    expect(apply(copy, action, ctx())).toEqual(apply(g.state, action, ctx()));
  });

  it("never changes the state it is given, whether it applies or refuses", () => {
    const g = busyGame(4);
    const before = JSON.stringify(g.state);
    const frozen = deepFreeze(structuredClone(g.state));
    const ctx = { rng: seededRng(1), settings: DEFAULT_SETTINGS };
    const ok = apply(frozen, { by: HOST, type: "advance-stars", amount: 3 }, ctx);
    expect(ok.ok).toBe(true);
    const no = apply(frozen, { by: "p3", type: "end-turn" }, ctx);
    expect(no).toEqual({ ok: false, refusal: { code: "not-your-turn", player: "p1" } });
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it("refuses with codes and data, never with sentences", () => {
    const g = dealt(3);
    const result = apply(
      g.state,
      { by: "p2", type: "end-turn" },
      { rng: seededRng(1), settings: DEFAULT_SETTINGS },
    );
    expect(result).toEqual({ ok: false, refusal: { code: "not-your-turn", player: "p1" } });
  });

  it("refuses play actions outside play, and setup actions once dealt", () => {
    const g = dealt(3);
    const ctx = { rng: seededRng(1), settings: DEFAULT_SETTINGS };
    expect(apply(g.state, { by: HOST, type: "start" }, ctx)).toEqual({
      ok: false,
      refusal: { code: "wrong-phase", phase: "playing", needed: ["lobby"] },
    });
  });
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
