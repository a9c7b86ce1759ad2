/** The will test (the Extras' Will check): POW × 5; WP lost only on a failure, panic with it. */
import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../src/core/rng.js";
import { willTest } from "../../../../src/games/cthulhu-eternal/rules/will-test.js";
import { percentileFaces } from "../../../support/dice.js";

const ada = { pow: 10, wp: 8, wpMax: 10 };

describe("will test", () => {
  it("a roll at POW × 5 succeeds and costs nothing; no loss dice are rolled", () => {
    const rng = scriptedRng(percentileFaces(50));
    const result = willTest({ ...ada, loss: "2D10", panicOnFailure: true }, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.test).toMatchObject({ target: 50, success: true });
    expect(result).toMatchObject({ lossRoll: null, lost: 0, panicked: false });
    expect(result.change).toMatchObject({ before: 8, after: 8 });
  });

  it("a roll above it fails: the loss's dice come off WP, never below 0, and panic follows", () => {
    const rng = scriptedRng([...percentileFaces(51), 9, 7]);
    const result = willTest({ ...ada, loss: "2D10", panicOnFailure: true }, rng);
    // 16 rolled, 8 was all there was to lose.
    expect(result).toMatchObject({ lost: 8, lossRoll: { total: 16 }, panicked: true });
    expect(result.change).toMatchObject({ before: 8, after: 0, state: "unconscious" });
  });

  it("a failure without panic only costs WP", () => {
    const result = willTest(
      { ...ada, loss: "1D10", panicOnFailure: false },
      scriptedRng([...percentileFaces(99), 3]),
    );
    expect(result).toMatchObject({ lost: 3, panicked: false });
    expect(result.change.after).toBe(5);
  });

  it("conditions move the target (a dependency makes it hard)", () => {
    const result = willTest(
      {
        ...ada,
        loss: "1D10",
        conditions: [{ kind: "extra", label: "Dependent", modifier: -20 }],
      },
      scriptedRng([...percentileFaces(31), 1]),
    );
    expect(result.test).toMatchObject({ target: 30, success: false });
  });
});
