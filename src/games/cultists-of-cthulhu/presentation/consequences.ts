import { madnessStage, type Fact, type GameView } from "../rules/index.js";
import { factText } from "./fact-text.js";
import type { Names } from "./names.js";
import { bold } from "./text.js";
import { STAGE_NAME } from "./words.js";

/**
 * What an action did, line by line, for announcements: each fact's line, with the Madness stage
 * a Horror change leads to (public: the Horror track and its thresholds are on the sheet).
 */
export function consequenceLines(facts: readonly Fact[], names: Names, view: GameView): string[] {
  return facts.map((fact) => {
    const line = factText(fact, names);
    if (fact.type !== "horror-taken" && fact.type !== "horror-reduced") return line;
    const character = view.characters.find((c) => c.id === fact.character);
    if (!character) return line;
    const track = character.sheet.horror;
    const before = horrorBefore(fact, facts);
    const after = madnessStage(fact.horror, track);
    if (madnessStage(before, track) === after) return line;
    return `${line} ⚠️ ${bold(names.combatant(fact.character))} is now at ${STAGE_NAME[after]} of their Madness.`;
  });
}

function horrorBefore(
  fact: Extract<Fact, { type: "horror-taken" | "horror-reduced" }>,
  facts: readonly Fact[],
): number {
  if (fact.type === "horror-reduced") return fact.horror + fact.amount;
  const overflow = facts.find(
    (f) => f.type === "horror-overflowed" && f.character === fact.character,
  );
  const wounds = overflow?.type === "horror-overflowed" ? overflow.wounds : 0;
  return Math.max(0, fact.horror - (fact.amount - wounds));
}
