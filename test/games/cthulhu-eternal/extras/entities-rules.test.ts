/**
 * The bestiary's tags as a GM types them (seed 002's list): rated tags take 1–10, plain ones no
 * value, Vulnerable a damage type; every problem is reported, none half-read.
 */
import { describe, expect, it } from "vitest";
import {
  opponentEffects,
  parseTags,
} from "../../../../src/games/cthulhu-eternal/extras/entities/rules.js";

describe("entity tags", () => {
  it("reads rated, plain and Vulnerable tags, whatever the case and brackets", () => {
    expect(parseTags("Weird 2, scary (1); Flying, Vulnerable fire, ARMORED 3")).toEqual({
      ok: true,
      tags: [
        { tag: "weird", rating: 2 },
        { tag: "scary", rating: 1 },
        { tag: "flying" },
        { tag: "vulnerable", type: "fire" },
        { tag: "armored", rating: 3 },
      ],
    });
    expect(parseTags("")).toEqual({ ok: true, tags: [] });
  });

  it("names every problem: unknown, missing or bad rating, a value where none goes, twice", () => {
    expect(
      parseTags("Slimy, Weird, Scary 11, Undead 2, Vulnerable, Eldritch 1, eldritch 2"),
    ).toEqual({
      ok: false,
      problems: [
        { code: "unknown-tag", typed: "Slimy" },
        { code: "tag-needs-rating", tag: "weird" },
        { code: "tag-rating-out-of-range", tag: "scary", typed: "11" },
        { code: "tag-takes-no-value", tag: "undead" },
        { code: "vulnerable-needs-type" },
        { code: "tag-twice", tag: "eldritch" },
      ],
    });
  });
});

describe("a test against an entity", () => {
  const deepOne = {
    tags: [{ tag: "uncanny" as const }, { tag: "spectral" as const }, { tag: "flying" as const }],
    strengths: ["Swim", "Athletics"],
    weaknesses: ["stealth"],
  };

  it("is hard against a strength and easy against a weakness, whatever the case", () => {
    expect(opponentEffects(deepOne, { skill: "athletics" })).toEqual(["strength"]);
    expect(opponentEffects(deepOne, { skill: "Stealth" })).toEqual(["weakness"]);
    expect(opponentEffects(deepOne, { skill: "Occult" })).toEqual([]);
  });

  it("makes Will tests hard near the Uncanny, Sense tests against the Spectral, close range on a flyer", () => {
    expect(opponentEffects(deepOne, { stat: "POW" })).toEqual(["uncanny"]);
    expect(opponentEffects(deepOne, { stat: "STR" })).toEqual([]);
    expect(opponentEffects(deepOne, { skill: "Alertness" })).toEqual(["spectral"]);
    expect(opponentEffects(deepOne, { skill: "Unarmed Combat" })).toEqual(["flying"]);
    expect(opponentEffects({ ...deepOne, tags: [] }, { skill: "Alertness" })).toEqual([]);
  });
});
