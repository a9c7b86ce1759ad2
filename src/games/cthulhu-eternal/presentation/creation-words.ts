import type { Era, Harshness } from "../rules/types.js";

/** Words the creation flow shares: the names of eras and upbringings, counted words. */
export const ERA_LABEL: Readonly<Record<Era, string>> = { modern: "Modern", future: "Future" };
export const HARSHNESS_LABEL: Readonly<Record<Harshness, string>> = {
  normal: "Normal",
  harsh: "Harsh",
  "very-harsh": "Very Harsh",
};

/** "1 pick", "3 picks". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
