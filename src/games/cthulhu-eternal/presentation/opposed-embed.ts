import type { APIEmbedField } from "discord.js";
import {
  OUTCOME_LABEL,
  type OpposedBasis,
  type OpposedResult,
  type PercentileTestResult,
} from "../rules/percentile.js";
import {
  builtEmbed,
  type BuiltEmbed,
  truncate,
  userText,
  EMBED_LIMITS,
} from "../../../core/discord/format.js";
import { OUTCOME_COLOUR, OUTCOME_ICON } from "./percentile-format.js";
import { rollText, testTargetText } from "./test-embed.js";

/** The other side's name when the GM gave none. */
export const OTHER_SIDE = "The other side";

/** No winner: neither side's colour. */
const NO_WINNER_COLOUR = 0x95a5a6;

/** Why the winner won, or why nobody did, in the table's words; `winner` is already escaped. */
function basisText(basis: OpposedBasis, winner: string, bothCritical: boolean): string {
  switch (basis) {
    case "only-one-succeeded":
      return `only ${winner} succeeded.`;
    case "critical-beats-success":
      return `both succeeded, but only ${winner} rolled a critical.`;
    case "higher-roll":
      return `both ${bothCritical ? "rolled a critical" : "succeeded"} and ${winner} rolled higher.`;
    case "same-roll":
      return "both succeeded with the same roll: a tie. The GM decides, or calls for a re-roll.";
    case "both-failed":
      return "both failed. The GM decides, or calls for a re-roll.";
  }
}

function sideField(name: string, test: PercentileTestResult): APIEmbedField {
  return {
    name: truncate(name, EMBED_LIMITS.fieldName),
    value: [
      `${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]}`,
      `Roll ${rollText(test)}`,
      `Target ${testTargetText(test)}`,
    ].join("\n"),
    inline: true,
  };
}

/**
 * An opposed test at a glance: who won and why in the description, each side's roll, target and
 * outcome side by side. Coloured by the roller's side: its outcome when it won, grey otherwise.
 */
export function opposedEmbed(options: {
  test: PercentileTestResult;
  /** What the roller tested ("Stealth", "DEX ×5", "Luck", "Test"). */
  label: string;
  /** The Protagonist's name, if any (user text, escaped here). */
  who?: string | null;
  roller: string;
  versus: PercentileTestResult;
  /** The other side as the GM named it (user text, escaped here). */
  versusLabel?: string | null;
  result: OpposedResult;
  notes?: readonly string[];
}): BuiltEmbed {
  const { test, versus, result } = options;
  const rollerSide = `${userText(options.who ?? options.roller)} (${userText(options.label)})`;
  const otherSide = options.versusLabel ? userText(options.versusLabel) : OTHER_SIDE;
  const winnerName =
    result.winner === "a" ? rollerSide : result.winner === "b" ? otherSide : "No winner";
  const bothCritical = test.critical && versus.critical;
  const verdict =
    result.winner === "none"
      ? `**No winner**: ${basisText(result.basis, "", bothCritical)}`
      : `**${winnerName} wins**: ${basisText(result.basis, winnerName, bothCritical)}`;
  const fields = [sideField(rollerSide, test), sideField(otherSide, versus)];
  if (options.notes?.length) {
    fields.push({
      name: "Note",
      value: truncate(options.notes.join("\n"), EMBED_LIMITS.fieldValue),
      inline: false,
    });
  }
  return builtEmbed({
    color:
      result.winner === "a"
        ? OUTCOME_COLOUR[test.outcome]
        : result.winner === "b"
          ? OUTCOME_COLOUR.failure
          : NO_WINNER_COLOUR,
    author: { name: truncate(options.roller, EMBED_LIMITS.fieldName) },
    title: truncate(`⚔️ Opposed test — ${options.label}`, EMBED_LIMITS.title),
    description: truncate(verdict, EMBED_LIMITS.description),
    fields,
  });
}
