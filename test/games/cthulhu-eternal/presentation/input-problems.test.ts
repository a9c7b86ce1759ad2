import { describe, expect, it } from "vitest";
import { inputNoteText } from "../../../../src/games/cthulhu-eternal/presentation/input-problems.js";
import { serviceRefusalText } from "../../../../src/games/cthulhu-eternal/presentation/service-refusals.js";
import type { InputNote } from "../../../../src/games/cthulhu-eternal/services/protagonist-input.js";

describe("what is wrong with an input value, in the player's words", () => {
  it.each<[InputNote, string]>([
    [{ code: "missing" }, "is missing"],
    [{ code: "wrong-type", expected: "number" }, "must be a number"],
    [{ code: "wrong-type", expected: "string" }, "must be text"],
    [{ code: "wrong-type", expected: "object" }, "must be an object"],
    [{ code: "wrong-type", expected: "array" }, "must be a list"],
    [{ code: "wrong-type", expected: "boolean" }, "must be true or false"],
    [{ code: "not-whole" }, "must be a whole number"],
    [{ code: "unknown-fields", keys: ["ownerId"] }, "has unknown field “ownerId”"],
    [{ code: "unknown-fields", keys: ["a", "b"] }, "has unknown fields “a”, “b”"],
    [{ code: "not-one-of", values: ["active", "dead"] }, "must be one of “active”, “dead”"],
    [{ code: "too-many-entries", maximum: 50 }, "has more than 50 entries"],
    [{ code: "too-few-entries", minimum: 1 }, "needs at least 1 entries"],
    [{ code: "too-long", maximum: 2000 }, "is longer than 2000 characters"],
    [{ code: "empty" }, "can't be empty"],
    [{ code: "too-big", maximum: 9 }, "must be at most 9"],
    [{ code: "too-small", minimum: 0 }, "must be at least 0"],
    [{ code: "out-of-range", min: 0, max: 99 }, "must be from 0 to 99"],
    [{ code: "control-characters" }, "contains control characters"],
    [{ code: "over-sheet-limit", maximum: 12 }, "holds more than a sheet can (at most 12)"],
    [
      { code: "not-an-export", format: "cthulhu-eternal-bot/protagonist" },
      'must be "cthulhu-eternal-bot/protagonist" (this is neither a Protagonist exported by this bot nor a Cthulhu Forever version 2 export)',
    ],
    [{ code: "unread-version", version: 1 }, "must be 1; this bot reads version 1 exports only"],
    [{ code: "not-valid" }, "is not valid"],
    [{ code: "unworded", message: "Invalid input" }, "Invalid input"],
  ])("%o: %s", (note, words) => {
    expect(inputNoteText(note)).toBe(words);
  });

  it("names the field a refused request value is in, or the input as a whole", () => {
    expect(
      serviceRefusalText({ code: "bad-input", field: "stats.INT", note: { code: "not-whole" } }),
    ).toBe("`stats.INT` must be a whole number.");
    expect(
      serviceRefusalText({
        code: "bad-input",
        field: null,
        note: { code: "wrong-type", expected: "object" },
      }),
    ).toBe("The input must be an object.");
  });
});
