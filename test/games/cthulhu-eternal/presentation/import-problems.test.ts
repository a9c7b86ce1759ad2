import { describe, expect, it } from "vitest";
import {
  importFieldText,
  importNoteText,
  importProblemsText,
} from "../../../../src/games/cthulhu-eternal/presentation/import-problems.js";
import type {
  ImportNote,
  ImportProblem,
} from "../../../../src/games/cthulhu-eternal/services/protagonist-import.js";

const onSheet = (
  path: ImportProblem["path"],
  note: ImportNote = { code: "missing" },
  entry: string | null = null,
): ImportProblem => ({ section: "sheet", path, entry, note });

describe("the list of an import's problems", () => {
  it("names each problem on its own line", () => {
    expect(
      importProblemsText([
        onSheet(["stats", "STR"], { code: "out-of-range", min: 3, max: 18 }),
        onSheet(
          ["skills", 2],
          { code: "skill-refused", refusal: { code: "skill-unknown", skill: "Basket Weaving" } },
          "Basket Weaving",
        ),
      ]),
    ).toBe(
      [
        '📥 That file can\'t be imported: 2 problems on the sheet. Nothing was changed; fix them in the file (under "protagonist") and import it again.',
        "• **STR**: must be from 3 to 18.",
        "• **Skill 3 “Basket Weaving”**: There is no skill called “Basket Weaving” in this campaign. Pick one from the list.",
      ].join("\n"),
    );
  });

  it("fits one Discord message however many there are, counting the rest", () => {
    const problems = Array.from({ length: 80 }, (_, i) =>
      onSheet(
        ["bonds", i, "score"],
        { code: "bond-above-cha", score: i + 13, cha: 12 },
        "x".repeat(40),
      ),
    );
    const text = importProblemsText(problems);
    expect(text.length).toBeLessThanOrEqual(2000);
    const lines = text.split("\n").filter((line) => line.startsWith("• "));
    expect(lines[0]).toBe(
      `• **Bond 1 “${"x".repeat(40)}” score**: 13 is above CHA 12: an individual Bond never exceeds CHA.`,
    );
    expect(lines.length).toBeGreaterThan(10);
    expect(text.endsWith(`…and ${80 - lines.length} more problems.`)).toBe(true);
  });
});

describe("where a problem is, in the game's words", () => {
  it.each<[ImportProblem, string]>([
    [onSheet([]), "The sheet"],
    [onSheet(["stats", "DEX"]), "DEX"],
    [onSheet(["stats"]), "Stats"],
    [onSheet(["hpMax"]), "Max HP"],
    [onSheet(["harshness"]), "Upbringing"],
    [onSheet(["adaptation", "violence"]), "Violence adaptation"],
    [onSheet(["adaptation", "helplessness", "boxes"]), "Helplessness adaptation boxes"],
    [onSheet(["resources", "atHand"]), "Resources at hand"],
    [onSheet(["resources", "checked"]), "Resource boxes checked"],
    [onSheet(["resources"]), "Resources"],
    [onSheet(["bonds", 1, "score"], undefined, "Tom"), "Bond 2 “Tom” score"],
    [onSheet(["bonds", 0, "crossedOff"], undefined, "*Tom*"), "Bond 1 “\\*Tom\\*” crossed off"],
    [onSheet(["skills", 4, "failureMarked"]), "Skill 5 failure mark"],
    [onSheet(["disorders", 0], undefined, "y".repeat(60)), `Disorder 1 “${"y".repeat(40)}…”`],
    [onSheet(["oddity", 2]), "`oddity.2`"],
    [
      { section: "creation", path: ["stats", "method"], entry: null, note: { code: "missing" } },
      "Creation choices `stats.method`",
    ],
    [
      { section: "creation", path: [], entry: null, note: { code: "missing" } },
      "Creation choices `creation`",
    ],
  ])("%o is %s", (problem, field) => {
    expect(importFieldText(problem)).toBe(field);
  });
});

describe("the rules between fields, in the game's words", () => {
  it.each<[ImportNote, string]>([
    [{ code: "max-hp-derived", hpMax: 11 }, "must be 11, (STR + CON) / 2 rounded up"],
    [{ code: "max-wp-derived", wpMax: 14 }, "must be 14, the same as POW"],
    [{ code: "above-maximum", max: 10, bound: "max-hp" }, "must be from 0 to 10 (max HP)"],
    [{ code: "above-maximum", max: 14, bound: "max-wp" }, "must be from 0 to 14 (max WP)"],
    [
      { code: "above-maximum", max: 89, bound: "max-san" },
      "must be from 0 to 89 (Max SAN = 99 − Unnatural)",
    ],
    [{ code: "above-resource-boxes", boxes: 1, resources: 5 }, "must be from 0 to 1 (Resources 5)"],
    [
      {
        code: "resources-split",
        rating: 5,
        table: { atHand: 5, stowed: 0, storage: 0 },
        file: { atHand: 3, stowed: 2, storage: 0 },
      },
      "Resources 5 are 5 at hand, 0 stowed and 0 in storage, not 3, 2 and 0",
    ],
    [
      { code: "adapted-too-few-boxes", boxes: 3, ticked: 1 },
      "adapted needs all 3 boxes ticked, not 1",
    ],
    [
      { code: "boxes-not-adapted", boxes: 3 },
      '3 ticked boxes mean adapted: set "adapted" to true, or tick fewer',
    ],
    [
      { code: "bond-below-one" },
      "a standing Bond is at least 1 (at 0 it breaks and is crossed off)",
    ],
    [
      { code: "bond-above-cha", score: 14, cha: 12 },
      "14 is above CHA 12: an individual Bond never exceeds CHA",
    ],
    [
      { code: "bond-same-subject", earlier: 1 },
      "is the same subject as Bond 1: one standing Bond each",
    ],
    [{ code: "skill-repeated", skill: "*Alertness*" }, "repeats the skill “\\*Alertness\\*”"],
    [{ code: "out-of-range", min: 3, max: 18 }, "must be from 3 to 18"],
  ])("%o: %s", (note, words) => {
    expect(importNoteText(note)).toBe(words);
  });
});
