import { recoveryText } from "../../../../../src/games/cthulhu-eternal/presentation/sanity-reasons.js";
import { rulesWords } from "../fixtures.js";
import { describe, expect, it } from "vitest";
import {
  maxSan,
  recoverSanity,
  recoverySan,
} from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import { protagonist } from "./fixtures.js";

describe("Max SAN and Recovery SAN", () => {
  it("Max SAN = 99 − Unnatural; Recovery SAN = POW × 5 capped at Max SAN", () => {
    expect(maxSan(protagonist({ unnatural: 12 }))).toBe(87);
    expect(recoverySan(protagonist({ pow: 12 }))).toBe(60);
    expect(recoverySan(protagonist({ pow: 18, unnatural: 20 }))).toBe(79);
  });
});

describe("recoverSanity", () => {
  it("raises SAN by the amount when it stays within Recovery SAN", () => {
    const result = recoverSanity(protagonist({ san: 30 }), 5);
    expect(result).toMatchObject({
      requested: 5,
      recovered: 5,
      recoverySan: 50,
      capped: false,
      san: { before: 30, after: 35 },
    });
    expect(recoveryText(result)).toBe("Recovered 5 SAN.");
    expect(result.after.san).toBe(35);
  });

  it("stops at Recovery SAN and says so", () => {
    const result = recoverSanity(protagonist({ san: 47 }), 10);
    expect(result.after.san).toBe(50);
    expect(result.recovered).toBe(3);
    expect(result.capped).toBe(true);
    expect(recoveryText(result)).toBe(
      "Recovered 3 of 10 SAN: mundane recovery stops at Recovery SAN 50.",
    );
  });

  it("exactly reaching Recovery SAN is not capped", () => {
    const result = recoverSanity(protagonist({ san: 45 }), 5);
    expect(result.after.san).toBe(50);
    expect(result.capped).toBe(false);
  });

  it("recovers nothing at or above Recovery SAN, and never lowers SAN", () => {
    const above = recoverSanity(protagonist({ san: 60 }), 4);
    expect(above.after.san).toBe(60);
    expect(above.recovered).toBe(0);
    expect(above.capped).toBe(true);
  });

  it("Recovery SAN follows Max SAN when Unnatural is high", () => {
    const result = recoverSanity(protagonist({ san: 20, pow: 15, unnatural: 70 }), 50);
    expect(result.recoverySan).toBe(29);
    expect(result.after.san).toBe(29);
  });

  it("refuses amounts that are not whole numbers of 0 or more", () => {
    expect(rulesWords(() => recoverSanity(protagonist(), -2))).toMatch(/whole number of 0 or more/);
    expect(rulesWords(() => recoverSanity(protagonist(), 2.5))).toMatch(
      /whole number of 0 or more/,
    );
  });

  it("does not change the state it was given", () => {
    const before = protagonist({ san: 30 });
    recoverSanity(before, 5);
    expect(before.san).toBe(30);
  });
});
