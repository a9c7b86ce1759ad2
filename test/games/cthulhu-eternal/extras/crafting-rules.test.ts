/**
 * Crafting (seed 002): a success adds the roll's value to the progress, a critical success twice
 * it, a fumble takes it away (never below 0), a failure nothing; done once the progress reaches
 * the complexity. Good gear and care make the test easy, poor gear hard.
 */
import { describe, expect, it } from "vitest";
import {
  workModifier,
  workOnProject,
} from "../../../../src/games/cthulhu-eternal/extras/crafting/rules.js";

const project = { progress: 30, complexity: 100 };
const attempt = (outcome: Parameters<typeof workOnProject>[1]["outcome"], value: number) =>
  workOnProject(project, { outcome, roll: { value } });

describe("a work attempt", () => {
  it("adds the roll's value on a success, twice it on a critical, nothing on a failure", () => {
    expect(attempt("success", 42)).toEqual({
      progressBefore: 30,
      progressAfter: 72,
      change: 42,
      done: false,
    });
    expect(attempt("critical-success", 33).progressAfter).toBe(96);
    expect(attempt("failure", 80).progressAfter).toBe(30);
  });

  it("takes the roll's value away on a fumble, never below 0", () => {
    expect(attempt("fumble", 22)).toMatchObject({ progressAfter: 8, change: -22 });
    expect(attempt("fumble", 100)).toMatchObject({ progressAfter: 0, change: -30 });
  });

  it("is done when the progress reaches the complexity, not one short", () => {
    expect(attempt("success", 69).done).toBe(false);
    expect(attempt("success", 70)).toMatchObject({ progressAfter: 100, done: true });
    expect(attempt("critical-success", 77)).toMatchObject({ progressAfter: 184, done: true });
  });
});

describe("the attempt's modifier", () => {
  it("is easy with fine gear or care, hard with poor gear, and they add up", () => {
    expect(workModifier("usual", false)).toBe(0);
    expect(workModifier("good", false)).toBe(20);
    expect(workModifier("poor", false)).toBe(-20);
    expect(workModifier("usual", true)).toBe(20);
    expect(workModifier("poor", true)).toBe(0);
    expect(workModifier("good", true)).toBe(40);
  });
});
