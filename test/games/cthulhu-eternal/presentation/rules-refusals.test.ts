/**
 * The rules refuse with codes; the catalogue words them, with the names a player gave shown as
 * text, whether the rule is caught by a handler or passed on by a service.
 */
import { describe, expect, it } from "vitest";
import { eternalUserMessageOf } from "../../../../src/games/cthulhu-eternal/presentation/refusals.js";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import { invalid } from "../../../../src/games/cthulhu-eternal/services/errors.js";

describe("rules refusals in the players' words", () => {
  it("words a coded refusal, and still shows a rule's own words where it gives them", () => {
    expect(
      eternalUserMessageOf(
        new RulesError({ code: "wp-shortfall", spending: "repression", roll: 3, wp: 1 }),
      ),
    ).toBe(
      "Rolled 3 on 1D4 for repressing insanity but only 1 WP remain; this campaign does not allow spending more WP than you have.",
    );
    expect(eternalUserMessageOf(new RulesError("x", "The rules say no."))).toBe(
      "The rules say no.",
    );
  });

  it("shows the names in a refusal as text", () => {
    const text = eternalUserMessageOf(
      new RulesError({ code: "pool-contributor-exhausted", contributors: ["@everyone", "*Bo*"] }),
    );
    expect(text).not.toContain("@everyone");
    expect(text).toContain("\\*Bo\\*");
  });

  it("words a rules refusal a service passed on", () => {
    const refusal = { code: "bond-exists", bond: "My wife", withFellow: false } as const;
    expect(eternalUserMessageOf(invalid({ code: "rules-refused", refusal }))).toBe(
      "There is already an active Bond “My wife”.",
    );
  });
});
