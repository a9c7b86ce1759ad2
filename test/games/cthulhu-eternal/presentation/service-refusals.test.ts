/**
 * The services refuse with codes; the catalogue words them. Names inside a refusal are user text
 * (shown as text, never pinging), and the dispatcher shows the words through the game's wording.
 */
import { describe, expect, it } from "vitest";
import { eternalUserMessageOf } from "../../../../src/games/cthulhu-eternal/presentation/refusals.js";
import { serviceRefusalText } from "../../../../src/games/cthulhu-eternal/presentation/service-refusals.js";
import {
  conflict,
  forbidden,
  invalid,
  notFound,
} from "../../../../src/games/cthulhu-eternal/services/errors.js";

describe("service refusals in the players' words", () => {
  it("words each kind of refusal with its facts", () => {
    expect(eternalUserMessageOf(notFound("san-test"))).toBe(
      "That SAN test was not found in this server.",
    );
    expect(eternalUserMessageOf(notFound("change", 42))).toBe(
      "Change #42 was not found in this server.",
    );
    expect(eternalUserMessageOf(forbidden({ code: "gm-only", campaign: "Night Floors" }))).toBe(
      "Only a GM of **Night Floors** (or someone with Manage Server) can do that.",
    );
    expect(
      eternalUserMessageOf(
        invalid({ code: "too-few-unchecked", protagonist: "Ada", checked: 4, boxes: 5, asked: 2 }),
      ),
    ).toBe("**Ada** has 1 unchecked Resource box (4/5 checked); can't check 2.");
    expect(
      eternalUserMessageOf(
        conflict({ code: "later-change", action: "project-san-loss", eventId: 7 }),
      ),
    ).toBe(
      "Can't project that SAN loss: a later change depends on it (#7, in `/history`). Undo that first.",
    );
  });

  it("shows names as text: markdown escaped, mentions broken", () => {
    const text = serviceRefusalText({ code: "not-yours", protagonist: "@everyone **Boss**" });
    expect(text).not.toContain("@everyone");
    expect(text).toContain("\\*\\*Boss\\*\\*");
    expect(serviceRefusalText({ code: "skill-listed-twice", skill: "<@123>" })).not.toContain(
      "<@123>",
    );
  });

  it("lists at most fifteen creation problems and counts the rest", () => {
    const violations = Array.from({ length: 18 }, (_, i) => ({
      code: "stat-missing" as const,
      path: `stats.assignment.${i}`,
      stat: "STR" as const,
    }));
    const text = serviceRefusalText({ code: "cannot-create-yet", violations });
    expect(text.split("\n")).toEqual([
      "This Protagonist can't be created yet:",
      ...violations.slice(0, 15).map(() => "- STR has no value yet."),
      "…and 3 more.",
    ]);
  });
});
