/** Losing SAN: the loss itself, temporary insanity, breaking points and SAN 0. */
import { rulesWords } from "../fixtures.js";
import { describe, expect, it } from "vitest";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { scriptedRng } from "../../../../../src/core/rng.js";
import { resolveSanLoss } from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import { adaptation, protagonist, withOptions, defaults, noDice, types } from "./fixtures.js";

describe("resolveSanLoss: SAN itself", () => {
  it("takes the loss off SAN and reports it", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "unnatural", loss: 3 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(47);
    expect(result.lost).toBe(3);
    expect(result.loss).toBe(3);
    expect(result.rolledLoss).toBe(3);
    expect(result.events).toEqual([
      { type: "san-lost", amount: 3, loss: 3, san: { before: 50, after: 47 } },
    ]);
    expect(result.temporaryInsanity).toBe(false);
    expect(result.breakingPointReached).toBe(false);
    expect(result.permanentInsanity).toBe(false);
    expect(result.projection).toBeNull();
    expect(result.source).toBeNull();
  });

  it("echoes the source", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "unnatural", loss: 1, source: "the thing in the cellar" },
      defaults,
      noDice(),
    );
    expect(result.source).toBe("the thing in the cellar");
  });

  it("a loss of 0 changes nothing", () => {
    const before = protagonist({ adaptation: adaptation(1) });
    const result = resolveSanLoss(before, { threat: "violence", loss: 0 }, defaults, noDice());
    expect(result.after).toEqual(before);
    expect(types(result.events)).toEqual(["san-lost"]);
  });

  it("never changes the before-state", () => {
    const before = protagonist({ san: 41, adaptation: adaptation(2) });
    const copy = structuredClone(before);
    resolveSanLoss(before, { threat: "violence", loss: 1 }, defaults, scriptedRng([6]));
    resolveSanLoss(before, { threat: "violence", loss: 9 }, defaults, noDice());
    expect(before).toEqual(copy);
  });

  it("refuses a loss that is not a whole number of 0 or more", () => {
    for (const loss of [-1, 1.5, Number.NaN]) {
      expect(
        rulesWords(() =>
          resolveSanLoss(protagonist(), { threat: "unnatural", loss }, defaults, noDice()),
        ),
      ).toMatch(/whole number of 0 or more/);
    }
  });

  it("refuses an unknown threat and a corrupt sheet with RulesErrors", () => {
    const badThreat = () =>
      resolveSanLoss(
        protagonist(),
        { threat: "gremlins" as "unnatural", loss: 1 },
        defaults,
        noDice(),
      );
    expect(rulesWords(badThreat)).toMatch(/Unnatural, Violence or Helplessness/);
    try {
      resolveSanLoss(
        protagonist({ san: -3 }),
        { threat: "unnatural", loss: 1 },
        defaults,
        noDice(),
      );
      expect.unreachable();
    } catch (error) {
      expect(isRulesError(error) && error.code).toBe("invalid-sanity-state");
    }
    expect(
      rulesWords(() =>
        resolveSanLoss(
          protagonist({ adaptation: adaptation(4) }),
          { threat: "unnatural", loss: 1 },
          defaults,
          noDice(),
        ),
      ),
    ).toMatch(/adaptation boxes must be a whole number from 0 to 3/);
  });
});

describe("resolveSanLoss: temporary insanity", () => {
  it("5 SAN lost in one test is temporary insanity", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "unnatural", loss: 5 },
      defaults,
      noDice(),
    );
    expect(result.temporaryInsanity).toBe(true);
    expect(result.events[1]).toMatchObject({ type: "temporary-insanity", lost: 5, threshold: 5 });
  });

  it("4 SAN lost is not", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "unnatural", loss: 4 },
      defaults,
      noDice(),
    );
    expect(result.temporaryInsanity).toBe(false);
    expect(types(result.events)).toEqual(["san-lost"]);
  });

  it("follows the campaign's threshold", () => {
    const strict = withOptions({ temporaryInsanityThreshold: 3 });
    expect(
      resolveSanLoss(protagonist(), { threat: "unnatural", loss: 3 }, strict, noDice())
        .temporaryInsanity,
    ).toBe(true);
    expect(
      resolveSanLoss(protagonist(), { threat: "unnatural", loss: 2 }, strict, noDice())
        .temporaryInsanity,
    ).toBe(false);
  });
});

describe("resolveSanLoss: breaking point", () => {
  it("SAN falling exactly to the breaking point counts", () => {
    const result = resolveSanLoss(
      protagonist(),
      { threat: "violence", loss: 10 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(40);
    expect(result.breakingPointReached).toBe(true);
    const event = result.events.find((e) => e.type === "breaking-point");
    expect(event).toEqual({
      type: "breaking-point",
      threat: "violence",
      disorderRecorded: true,
      breakingPoint: { before: 40, after: 30 },
    });
    expect(result.after.disorders).toEqual([""]);
  });

  it("one above the breaking point does not", () => {
    const result = resolveSanLoss(
      protagonist({ san: 44 }),
      { threat: "unnatural", loss: 3 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(41);
    expect(result.breakingPointReached).toBe(false);
    expect(result.after.breakingPoint).toBe(40);
    expect(result.after.disorders).toEqual([]);
  });

  it("below the breaking point: an unnamed disorder and the breaking point resets to SAN − POW", () => {
    const result = resolveSanLoss(
      protagonist({ san: 42, disorders: ["Insomnia"] }),
      { threat: "helplessness", loss: 4 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(38);
    expect(result.after.breakingPoint).toBe(28);
    // The GM names it; the sheet keeps the threat that caused it.
    expect(result.after.disorders).toEqual(["Insomnia", ""]);
  });

  it("the reset breaking point never drops below 0", () => {
    const result = resolveSanLoss(
      protagonist({ san: 12, breakingPoint: 10 }),
      { threat: "unnatural", loss: 4 },
      defaults,
      noDice(),
    );
    expect(result.after.breakingPoint).toBe(0);
  });

  it("temporary insanity and the breaking point can come together, in that order", () => {
    const result = resolveSanLoss(
      protagonist({ san: 44 }),
      { threat: "unnatural", loss: 6 },
      defaults,
      noDice(),
    );
    expect(types(result.events)).toEqual(["san-lost", "temporary-insanity", "breaking-point"]);
  });
});

describe("resolveSanLoss: SAN 0", () => {
  it("SAN 0 is permanent insanity, superseding temporary insanity and the breaking point", () => {
    const result = resolveSanLoss(
      protagonist({ san: 6, breakingPoint: 0 }),
      { threat: "violence", loss: 6 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(0);
    expect(result.permanentInsanity).toBe(true);
    expect(result.temporaryInsanity).toBe(false);
    expect(result.breakingPointReached).toBe(false);
    expect(types(result.events)).toEqual(["san-lost", "permanent-insanity"]);
    expect(result.after.disorders).toEqual([]);
  });

  it("SAN never goes below 0: the loss stops there", () => {
    const result = resolveSanLoss(
      protagonist({ san: 3, breakingPoint: 0 }),
      { threat: "unnatural", loss: 20 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(0);
    expect(result.loss).toBe(20);
    expect(result.lost).toBe(3);
  });

  it("a Protagonist already at SAN 0 loses nothing more and triggers nothing", () => {
    const result = resolveSanLoss(
      protagonist({ san: 0, breakingPoint: 0 }),
      { threat: "unnatural", loss: 5 },
      defaults,
      noDice(),
    );
    expect(result.lost).toBe(0);
    expect(types(result.events)).toEqual(["san-lost"]);
  });

  it("SAN above Max SAN (a stale sheet) is capped first, without counting as a loss", () => {
    const result = resolveSanLoss(
      protagonist({ san: 60, unnatural: 45, breakingPoint: 10, adaptation: adaptation(1) }),
      { threat: "violence", loss: 0 },
      defaults,
      noDice(),
    );
    expect(result.after.san).toBe(54);
    expect(result.lost).toBe(6);
    expect(result.temporaryInsanity).toBe(false);
    expect(result.after.adaptation.violence.boxes).toBe(1);
    expect(result.events).toEqual([
      {
        type: "san-capped",
        maxSan: 54,
        san: { before: 60, after: 54 },
      },
      { type: "san-lost", amount: 0, loss: 0, san: { before: 54, after: 54 } },
    ]);
  });
});
