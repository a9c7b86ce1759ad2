import { describe, expect, it } from "vitest";
import { opposedEmbed } from "../../../../src/games/cthulhu-eternal/presentation/opposed-embed.js";
import { OUTCOME_COLOUR } from "../../../../src/games/cthulhu-eternal/presentation/percentile-format.js";
import {
  opposedTest,
  percentileTest,
} from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng } from "../../../../src/core/rng.js";

/** A test of `rating` that rolls tens and ones as shown (a face 10 reads as 0). */
function rolled(rating: number, tens: number, ones: number, modifier = 0) {
  return percentileTest({ rating, modifier, label: "Stealth" }, scriptedRng([tens, ones]));
}

function embedOf(
  test: ReturnType<typeof rolled>,
  versus: ReturnType<typeof rolled>,
  versusLabel: string | null = "the guard's Alertness",
) {
  return opposedEmbed({
    test,
    label: "Stealth",
    who: "Ada *Quill*",
    roller: "Sam",
    versus,
    versusLabel,
    result: opposedTest(test, versus),
  }).toJSON();
}

describe("opposed test embed", () => {
  it("shows both sides' rolls and targets, and who wins and why", () => {
    const embed = embedOf(rolled(50, 4, 5, 10), rolled(60, 7, 1));
    expect(embed.title).toBe("⚔️ Opposed test — Stealth");
    expect(embed.author?.name).toBe("Sam");
    expect(embed.description).toBe(
      "**Ada \\*Quill\\* (Stealth) wins**: only Ada \\*Quill\\* (Stealth) succeeded.",
    );
    expect(embed.fields).toEqual([
      {
        name: "Ada \\*Quill\\* (Stealth)",
        value: "✅ Success\nRoll **45** (tens 4, ones 5)\nTarget 60 (50 + 10)",
        inline: true,
      },
      {
        name: "the guard's Alertness",
        value: "❌ Failure\nRoll **71** (tens 7, ones 1)\nTarget 60",
        inline: true,
      },
    ]);
    expect(embed.color).toBe(OUTCOME_COLOUR.success);
  });

  it("says a critical beats a success, and colours the roller's loss", () => {
    const embed = embedOf(rolled(50, 4, 5), rolled(60, 3, 3), null);
    expect(embed.description).toBe(
      "**The other side wins**: both succeeded, but only The other side rolled a critical.",
    );
    expect(embed.fields?.[1]?.name).toBe("The other side");
    expect(embed.color).toBe(OUTCOME_COLOUR.failure);
  });

  it("names the higher roll, and says when nobody wins", () => {
    expect(embedOf(rolled(60, 4, 10), rolled(60, 5, 6)).description).toBe(
      "**the guard's Alertness wins**: both succeeded and the guard's Alertness rolled higher.",
    );
    expect(embedOf(rolled(60, 3, 5), rolled(70, 3, 5)).description).toBe(
      "**No winner**: both succeeded with the same roll: a tie. The GM decides, or calls for a re-roll.",
    );
    expect(embedOf(rolled(30, 8, 10), rolled(30, 9, 1)).description).toBe(
      "**No winner**: both failed. The GM decides, or calls for a re-roll.",
    );
  });
});
