/**
 * The creation validator, case by case (the *.cases.ts files beside this one, imported so that
 * one file sees every code they produce), and the check that every violation code is produced.
 */
import { describe, expect, it } from "vitest";
import { CREATION_VIOLATION_CODES } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { seen } from "./validate-support.js";
import "./validate-stats.cases.js";
import "./validate-skills.cases.js";
import "./validate-picks.cases.js";
import "./validate-drafts.cases.js";

describe("coverage of the validator", () => {
  it("exercises every violation code in the cases", () => {
    expect(CREATION_VIOLATION_CODES.filter((code) => !seen.has(code))).toEqual([]);
  });
});
