import type { EntityTag } from "./rules.js";

/**
 * What meeting an entity calls for (seed 002, our reading in the rules notes). Pure.
 * - Weird X: a SAN test, XD10 lost on a failure.
 * - Eldritch X: XD10 lost at once on first meeting (a SAN test whose success costs as much as its
 *   failure), 0/XD10 at every later one; corrupting when the campaign plays Corruption.
 * - Scary X: a will test (POW × 5), XD10 WP lost on a failure.
 * - Undead: a will test, 1D10 WP lost and panic on a failure.
 * Will tests come first: a SAN test must be the Protagonist's latest change to be projected.
 */
export type EncounterTest =
  | { pool: "WP"; tag: "scary" | "undead"; loss: string; panic: boolean }
  | { pool: "SAN"; tag: "weird" | "eldritch"; loss: string; corrupting: boolean };

export function encounterTests(
  tags: readonly EntityTag[],
  options: { metBefore: boolean; corruption: boolean },
): EncounterTest[] {
  const rating = (tag: "weird" | "eldritch" | "scary"): number | undefined => {
    const found = tags.find((t) => t.tag === tag);
    return found && "rating" in found ? found.rating : undefined;
  };
  const tests: EncounterTest[] = [];
  const scary = rating("scary");
  if (scary !== undefined)
    tests.push({ pool: "WP", tag: "scary", loss: `${scary}D10`, panic: false });
  if (tags.some((t) => t.tag === "undead")) {
    tests.push({ pool: "WP", tag: "undead", loss: "1D10", panic: true });
  }
  const weird = rating("weird");
  if (weird !== undefined) {
    tests.push({ pool: "SAN", tag: "weird", loss: `0/${weird}D10`, corrupting: false });
  }
  const eldritch = rating("eldritch");
  if (eldritch !== undefined) {
    const dice = `${eldritch}D10`;
    tests.push({
      pool: "SAN",
      tag: "eldritch",
      loss: options.metBefore ? `0/${dice}` : `${dice}/${dice}`,
      corrupting: options.corruption,
    });
  }
  return tests;
}

/** Whether meeting it is remembered per Protagonist (Eldritch: only the first meeting costs at once). */
export function remembersMeetings(tags: readonly EntityTag[]): boolean {
  return tags.some((t) => t.tag === "eldritch");
}
