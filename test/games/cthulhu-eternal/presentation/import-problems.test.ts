import { describe, expect, it } from "vitest";
import { importProblemsText } from "../../../../src/games/cthulhu-eternal/presentation/import-problems.js";

describe("the list of an import's problems", () => {
  it("names each problem on its own line", () => {
    expect(
      importProblemsText([
        { field: "STR", message: "must be from 3 to 18" },
        { field: "Skill 3 “Basket Weaving”", message: "There is no such skill. Pick one." },
      ]),
    ).toBe(
      [
        '📥 That file can\'t be imported: 2 problems on the sheet. Nothing was changed; fix them in the file (under "protagonist") and import it again.',
        "• **STR**: must be from 3 to 18.",
        "• **Skill 3 “Basket Weaving”**: There is no such skill. Pick one.",
      ].join("\n"),
    );
  });

  it("fits one Discord message however many there are, counting the rest", () => {
    const problems = Array.from({ length: 80 }, (_, i) => ({
      field: `Bond ${i + 1} “${"x".repeat(40)}” score`,
      message: `${i + 13} is above CHA 12: an individual Bond never exceeds CHA`,
    }));
    const text = importProblemsText(problems);
    expect(text.length).toBeLessThanOrEqual(2000);
    const shown = text.split("\n").filter((line) => line.startsWith("• ")).length;
    expect(shown).toBeGreaterThan(10);
    expect(text.endsWith(`…and ${80 - shown} more problems.`)).toBe(true);
  });
});
