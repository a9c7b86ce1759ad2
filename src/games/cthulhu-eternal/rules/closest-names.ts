/**
 * The names a player most likely meant when the one they typed matches none: for "Did you mean…?"
 * wherever a lookup by name fails (skills, Bonds, Protagonists, campaigns, archetypes, threats).
 * Case, accents, spaces and punctuation never matter.
 */

/** At most this many suggestions: more is a list, not a hint. */
export const MAX_SUGGESTIONS = 3;

export interface ClosestNamesOptions {
  readonly limit?: number;
  /**
   * Other words for a name, by the word typed: "shooting" → ["Firearms"]. A candidate whose name
   * (before any "(specialisation)") is one of them counts as a close match.
   */
  readonly aliases?: ReadonlyMap<string, readonly string[]>;
}

/** Lower case, no accents, letters and digits only: "Law (Criminal)" → "lawcriminal". */
export function normalName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** The name without its "(specialisation)": "Law (Criminal)" → "Law". */
function baseName(name: string): string {
  return name.replace(/\s*\(.*$/, "");
}

function words(name: string): string[] {
  return name
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalName)
    .filter(Boolean);
}

/** Edit distance with adjacent swaps ("Alterness" → "Alertness" is one), capped at `max` + 1. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(best);
      rowBest = Math.min(rowBest, best);
    }
    if (rowBest > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** How far off a typo may be: one letter in short names, about one in three in longer ones. */
function typoAllowance(length: number): number {
  return Math.max(1, Math.floor(length / 3));
}

/**
 * How close `candidate` is to what was typed (lower is closer), or undefined when it is not
 * close at all: the same name; a name it starts; another word for it; a word of the name it
 * starts, or any part of it; a name it contains; a typo of the name or of its words.
 */
function closeness(
  wanted: string,
  candidate: string,
  aliases: readonly string[],
): number | undefined {
  const typed = normalName(wanted);
  const name = normalName(candidate);
  if (typed === "" || name === "") return undefined;
  if (name === typed) return 0;
  // One letter (or text that was almost all marks and symbols) says too little to go on.
  if (typed.length < 2) return undefined;
  if (name.startsWith(typed)) return 1;
  if (aliases.some((alias) => normalName(alias) === normalName(baseName(candidate)))) return 2;
  const nameWords = words(candidate);
  if (nameWords.some((word) => word.startsWith(typed))) return 3;
  if (typed.length >= 3 && name.includes(typed)) return 4;
  if (name.length >= 3 && typed.includes(name)) return 5;
  const allowance = typoAllowance(typed.length);
  const distance = Math.min(
    editDistance(typed, name, allowance),
    editDistance(typed, normalName(baseName(candidate)), allowance),
    ...nameWords.map((word) => editDistance(typed, word, allowance)),
  );
  return distance <= allowance ? 5 + distance : undefined;
}

/** Up to three of `candidates` close to `wanted`, closest first (ties keep the given order). */
export function closestNames(
  wanted: string,
  candidates: readonly string[],
  options: ClosestNamesOptions = {},
): string[] {
  const aliases = options.aliases?.get(normalName(wanted)) ?? [];
  const scored: { name: string; score: number; order: number }[] = [];
  const seen = new Set<string>();
  candidates.forEach((name, order) => {
    if (seen.has(name)) return;
    seen.add(name);
    const score = closeness(wanted, name, aliases);
    if (score !== undefined) scored.push({ name, score, order });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, options.limit ?? MAX_SUGGESTIONS)
    .map((entry) => entry.name);
}
