/** What meeting an entity calls for (seed 002): each tag's test, in the order they are written. */
import { describe, expect, it } from "vitest";
import {
  encounterTests,
  remembersMeetings,
} from "../../../../src/games/cthulhu-eternal/extras/entities/encounter-rules.js";
import { parseTags } from "../../../../src/games/cthulhu-eternal/extras/entities/rules.js";

function tags(typed: string) {
  const parsed = parseTags(typed);
  if (!parsed.ok) throw new Error(`bad tags: ${typed}`);
  return parsed.tags;
}
const first = { metBefore: false, corruption: false };

describe("encounter tests", () => {
  it("Weird X is a SAN test of 0/XD10; Scary X a will test of XD10; will tests first", () => {
    expect(encounterTests(tags("Weird 2, Scary 3"), first)).toEqual([
      { pool: "WP", tag: "scary", loss: "3D10", panic: false },
      { pool: "SAN", tag: "weird", loss: "0/2D10", corrupting: false },
    ]);
  });

  it("Undead: a will test of 1D10 with panic", () => {
    expect(encounterTests(tags("Undead"), first)).toEqual([
      { pool: "WP", tag: "undead", loss: "1D10", panic: true },
    ]);
  });

  it("Eldritch X costs XD10 at a first meeting, 0/XD10 after; corrupting only with Corruption on", () => {
    const eldritch = tags("Eldritch 2");
    expect(encounterTests(eldritch, first)).toEqual([
      { pool: "SAN", tag: "eldritch", loss: "2D10/2D10", corrupting: false },
    ]);
    expect(encounterTests(eldritch, { metBefore: true, corruption: true })).toEqual([
      { pool: "SAN", tag: "eldritch", loss: "0/2D10", corrupting: true },
    ]);
    expect(remembersMeetings(eldritch)).toBe(true);
    expect(remembersMeetings(tags("Weird 1"))).toBe(false);
  });

  it("tags that call for no test call for none", () => {
    expect(
      encounterTests(tags("Flying, Spectral, Uncanny, Armored 3, Vulnerable fire"), first),
    ).toEqual([]);
  });
});
