import type { Madness, MadnessStage, RoleCard } from "../rules/index.js";
import { bold, userParagraph } from "./text.js";
import { STAGE_NAME } from "./words.js";

/** Role cards in words: the short name, and the whole card with the host's texts. */

const STAGES: readonly MadnessStage[] = [1, 2, 3];
const STAGE_KEY = { 1: "stage1", 2: "stage2", 3: "stage3" } as const;

/** "the Cultist card for 20", "an Academic card". */
export function cardName(card: RoleCard): string {
  return card.kind === "cultist" ? `the Cultist card for ${card.number}` : "an Academic card";
}

function stageText(madness: Madness | null, stage: MadnessStage): string | null {
  const text = madness?.[STAGE_KEY[stage]] ?? null;
  return text === null || text.trim() === "" ? null : text;
}

/** The Madness stage by stage; `now` marks the stage in force (stage 3 applies stage 2 too). */
export function madnessLines(
  madness: Madness | null,
  now: MadnessStage | null = null,
  max = 300,
): string[] {
  const lines = STAGES.flatMap((stage) => {
    const text = stageText(madness, stage);
    if (text === null) return [];
    const inForce = now !== null && stage >= 2 && stage <= now ? " — in force" : "";
    return [`${bold(`${STAGE_NAME[stage]}${inForce}`)}: ${userParagraph(text, max)}`];
  });
  return lines.length > 0 ? lines : ["No Madness text was entered for this card."];
}

/** The whole card: its kind, number and text (a Cultist), or its Madness (an Academic). */
export function cardLines(card: RoleCard, now: MadnessStage | null = null, max = 300): string[] {
  if (card.kind === "cultist") {
    const text = card.text.trim() === "" ? "(no text entered)" : userParagraph(card.text, max);
    return [bold(`Cultist — the stars align at ${card.number}`), text];
  }
  return [bold("Academic"), ...madnessLines(card.madness, now, max)];
}

/** One line: "Cultist (20): Become a Mi-Go…" or "Academic". */
export function cardLine(card: RoleCard, max = 120): string {
  if (card.kind === "cultist") {
    const text = card.text.trim() === "" ? "" : `: ${userParagraph(card.text, max)}`;
    return `Cultist (${card.number})${text}`.replace(/\n/g, " ");
  }
  return "Academic";
}
