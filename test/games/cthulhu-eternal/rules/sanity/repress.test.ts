import { rulesWords } from "../fixtures.js";
import { describe, expect, it } from "vitest";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { scriptedRng } from "../../../../../src/core/rng.js";
import { repressInsanity } from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import {
  adaptation,
  guild,
  percentileFaces,
  protagonist,
  sister,
  withOptions,
} from "./fixtures.js";

const defaults = withOptions();

describe("repressInsanity", () => {
  it("spends 1D4 WP and as much Bond, then a SAN test that represses on success", () => {
    const rng = scriptedRng([3, ...percentileFaces(50)]);
    const result = repressInsanity(
      protagonist(),
      { bondId: "b1", episode: "temporary insanity" },
      defaults,
      rng,
    );
    expect(rng.remaining()).toBe(0);
    expect(result).toMatchObject({
      kind: "repression",
      episode: "temporary insanity",
      bondId: "b1",
      roll: 3,
      wpSpent: 3,
      reduction: 3,
      repressed: true,
      test: { automatic: false, threat: null, target: 50, roll: 50, success: true },
    });
    expect(result.after.wp).toBe(7);
    expect(result.after.bonds[0]?.score).toBe(9);
    expect(result.after.san).toBe(50);
    expect(result.events.map((event) => event.type)).toEqual(["repression-cost", "bond-lowered"]);
    expect(result.events[0]).toMatchObject({
      wp: { before: 10, after: 7 },
      bondScore: { before: 12, after: 9 },
      shortfall: "none",
    });
  });

  it("a failed SAN test does not repress, and the cost is still paid", () => {
    const result = repressInsanity(
      protagonist(),
      { bondId: "b2" },
      defaults,
      scriptedRng([2, ...percentileFaces(51)]),
    );
    expect(result.repressed).toBe(false);
    expect(result.episode).toBeNull();
    expect(result.after.wp).toBe(8);
    expect(result.after.bonds[1]?.score).toBe(6);
  });

  it("rolls even when adapted: repression is not a test against a threat", () => {
    const state = protagonist({
      adaptation: adaptation(3, 3, { violence: true, helplessness: true }),
    });
    const result = repressInsanity(state, { bondId: "b1" }, defaults, scriptedRng([1, 9, 9]));
    expect(result.test.automatic).toBe(false);
    expect(result.repressed).toBe(false);
  });

  it("can break the Bond it draws on", () => {
    const state = protagonist({ bonds: [sister({ score: 2 }), guild()] });
    const result = repressInsanity(state, { bondId: "b1" }, defaults, scriptedRng([4, 1, 10]));
    expect(result.after.bonds[0]).toEqual(sister({ score: 0, crossedOff: true }));
    expect(result.events.map((event) => event.type)).toContain("bond-broken");
  });

  it("follows the WP shortfall setting", () => {
    const state = protagonist({ wp: 1 });
    const capped = repressInsanity(state, { bondId: "b1" }, defaults, scriptedRng([3, 1, 10]));
    expect(capped).toMatchObject({ wpSpent: 1, reduction: 1 });
    const allowZero = repressInsanity(
      state,
      { bondId: "b1" },
      withOptions({ projectionWpShortfall: "allow-zero" }),
      scriptedRng([3, 1, 10]),
    );
    expect(allowZero).toMatchObject({ wpSpent: 1, reduction: 3 });
    expect(
      rulesWords(() =>
        repressInsanity(
          state,
          { bondId: "b1" },
          withOptions({ projectionWpShortfall: "refuse" }),
          scriptedRng([3]),
        ),
      ),
    ).toMatch(/only 1 WP/);
  });

  it("refuses a crossed-off Bond and 0 WP before rolling", () => {
    const codeOf = (run: () => unknown): string | undefined => {
      try {
        run();
      } catch (error) {
        return isRulesError(error) ? error.code : "not a RulesError";
      }
      return undefined;
    };
    const broken = protagonist({ bonds: [sister({ score: 0, crossedOff: true })] });
    expect(codeOf(() => repressInsanity(broken, { bondId: "b1" }, defaults, scriptedRng([])))).toBe(
      "bond-broken",
    );
    const exhausted = protagonist({ wp: 0 });
    expect(
      codeOf(() => repressInsanity(exhausted, { bondId: "b1" }, defaults, scriptedRng([]))),
    ).toBe("no-willpower");
  });
});
