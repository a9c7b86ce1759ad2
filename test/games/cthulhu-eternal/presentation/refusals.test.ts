/**
 * Refusals the services give as data, in the game's words: what was wrong, what to type instead,
 * and never a name from the code (`campaignId`) or zod's wording.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { eternalUserMessageOf as userMessageOf } from "../../../../src/games/cthulhu-eternal/presentation/refusals.js";
import {
  InvalidInputError,
  NameNotFoundError,
  type FailedLookup,
  type InputIssue,
} from "../../../../src/games/cthulhu-eternal/services/errors.js";
import {
  displayName,
  inputProblem,
  pointsOrDice,
  recordId,
} from "../../../../src/games/cthulhu-eternal/services/validation.js";

const refusal = (field: string, issue: InputIssue) =>
  userMessageOf(new InvalidInputError({ field, issue }));

/** What a schema of the services refuses this input with, as the player reads it. */
function refusedWith(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error("expected a refusal");
  return userMessageOf(new InvalidInputError(inputProblem(result.error.issues)));
}

describe("a refused request value", () => {
  it("says what was wrong and gives an example", () => {
    expect(refusal("amount", { kind: "points-or-dice", minimum: 1, maximum: 999 })).toBe(
      "The amount must be a whole number from 1 to 999, or dice — for example `amount:3` or `amount:1D4`.",
    );
    expect(refusal("modifier", { kind: "too-big", maximum: 200 })).toBe(
      "The modifier can be at most 200 — for example `modifier:-20`.",
    );
    expect(refusal("specialisedCost", { kind: "too-small", minimum: 1 })).toBe(
      "The specialised cost must be at least 1 — for example `specialised-cost:2`.",
    );
    expect(refusal("name", { kind: "control-characters" })).toBe(
      "The name holds control characters (such as tabs or line breaks) — type it again without them.",
    );
    expect(refusal("era", { kind: "not-one-of", allowed: ["modern", "future"] })).toBe(
      "The era must be `modern` or `future` — pick one from the list.",
    );
  });

  it("never names an id field: the thing is gone, pick again", () => {
    expect(refusal("campaignId", { kind: "too-long", maximum: 64 })).toBe(
      "That campaign no longer exists — pick one from the list.",
    );
    expect(refusal("contributors.protagonistId", { kind: "empty" })).toBe(
      "That Protagonist no longer exists — pick one from the list.",
    );
    expect(refusal("someInternalThing", { kind: "invalid" })).toBe(
      "Something in that command is not one I can use — run it again and pick each option from Discord's lists.",
    );
  });

  it("reads zod's issues as one problem, by the range check rather than the safe-integer one", () => {
    const schema = z.object({
      amount: z.number().int().min(0).max(99),
      campaignId: recordId,
      name: displayName,
    });
    const valid = { amount: 1, campaignId: "c", name: "Tom" };
    expect(refusedWith(schema, { ...valid, amount: 2 ** 60 })).toBe(
      "The amount can be at most 99 — for example `amount:3`.",
    );
    expect(refusedWith(schema, { ...valid, amount: 1.5 })).toBe(
      "The amount must be a whole number — for example `amount:3`.",
    );
    expect(refusedWith(schema, { ...valid, campaignId: "x".repeat(65) })).toBe(
      "That campaign no longer exists — pick one from the list.",
    );
    expect(refusedWith(schema, { ...valid, name: "  " })).toBe(
      "The name can't be empty — for example `name:Tom`.",
    );
    const bondHarm = z.object({ amount: pointsOrDice(1, 99, "1D4") });
    expect(refusedWith(bondHarm, { amount: "2D6" })).toBe(
      "The amount must be a whole number from 1 to 99, or 1D4 — for example `amount:3` or `amount:1D4`.",
    );
    const { amount: _, ...missing } = valid;
    expect(refusedWith(schema, missing)).toBe("Give the amount — for example `amount:3`.");
  });
});

describe("a name that matched nothing", () => {
  const lookup = (overrides: Partial<FailedLookup>) =>
    userMessageOf(
      new NameNotFoundError({
        kind: "skill",
        typed: "Law",
        owner: "Ada",
        suggestions: [],
        ...overrides,
      }),
    );

  it("suggests the closest names", () => {
    expect(lookup({ suggestions: ["Law (Criminal)"] })).toBe(
      "**Ada** has no skill “Law”. Did you mean **Law (Criminal)**?",
    );
    expect(lookup({ kind: "bond", typed: "Tmo", suggestions: ["Tom", "Tomas", "Tomb*"] })).toBe(
      "**Ada** has no Bond “Tmo”. Did you mean **Tom**, **Tomas** or **Tomb\\***?",
    );
  });

  it("says where to look when nothing is close", () => {
    expect(lookup({ kind: "protagonist", typed: "Zed", owner: "Night Floors" })).toBe(
      "There is no Protagonist “Zed” in **Night Floors**. Type a few letters and pick one from the list, or see them all with `/protagonist list`.",
    );
    expect(lookup({ kind: "campaign", typed: "Nite", owner: null, suggestions: ["Night"] })).toBe(
      "This server has no campaign “Nite”. Did you mean **Night**?",
    );
  });

  it("echoes no id", () => {
    expect(lookup({ kind: "bond", typed: null })).toBe(
      "That Bond no longer exists — pick one from the list.",
    );
  });
});
