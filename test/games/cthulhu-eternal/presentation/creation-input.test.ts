import { describe, expect, it } from "vitest";
import {
  formatBondLines,
  formatSkillLines,
  formatStats,
  parseBondLines,
  parseKindLines,
  parseSkillLines,
  parseStats,
} from "../../../../src/games/cthulhu-eternal/presentation/creation-input.js";

describe("parseStats", () => {
  it("reads one stat per line in any order, with or without a colon", () => {
    expect(parseStats("CHA 12\nstr: 10\nDEX=11\nCON 10\nINT 15\nPOW 14")).toEqual({
      ok: true,
      value: { STR: 10, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 },
    });
  });

  it("reads six numbers in sheet order, and several stats on a line", () => {
    expect(parseStats("15 14 12 11 10 10")).toEqual({
      ok: true,
      value: { STR: 15, DEX: 14, CON: 12, INT: 11, POW: 10, CHA: 10 },
    });
    expect(parseStats("STR 9, DEX 9, CON 9\nINT 9; POW 9, CHA 9").ok).toBe(true);
  });

  it("leaves ranges to the rules: 19 is read as 19", () => {
    const parsed = parseStats("STR 19\nDEX 11\nCON 9\nINT 15\nPOW 14\nCHA 4");
    expect(parsed.ok && parsed.value.STR).toBe(19);
  });

  it("explains what it can't read", () => {
    expect(parseStats("STR 10\nDEX 11")).toEqual({
      ok: false,
      problem: "CON, INT, POW, CHA are missing: give all six stats.",
    });
    expect(parseStats("STR ten")).toMatchObject({ ok: false, problem: /isn't a stat line/ });
    expect(parseStats("STR 10\nSTR 11")).toMatchObject({ ok: false, problem: /given twice/ });
    expect(parseStats("10 11 12")).toMatchObject({ ok: false, problem: /you gave 3/ });
  });

  it("formats what it reads", () => {
    const stats = { STR: 10, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 };
    expect(parseStats(formatStats(stats))).toEqual({ ok: true, value: stats });
    expect(formatStats({ STR: 10 })).toBe("STR 10\nDEX\nCON\nINT\nPOW\nCHA");
  });
});

describe("parseSkillLines", () => {
  it("reads one skill per line, ×N repeats, bullets and numbering", () => {
    expect(parseSkillLines("- Search\n2. Occult ×2\n\n• Science (Biology) x1", 10)).toEqual({
      ok: true,
      value: ["Search", "Occult", "Occult", "Science (Biology)"],
    });
    expect(parseSkillLines("", 10)).toEqual({ ok: true, value: [] });
  });

  it("refuses more picks than allowed and overlong names", () => {
    expect(parseSkillLines("Occult ×21", 20)).toMatchObject({ ok: false });
    expect(parseSkillLines("x".repeat(121), 20)).toMatchObject({ ok: false });
  });

  it("takes skill names up to the one limit everywhere, 100 (what /roll skill can send)", () => {
    expect(parseSkillLines("x".repeat(100), 20)).toEqual({ ok: true, value: ["x".repeat(100)] });
    expect(parseSkillLines("x".repeat(101), 20)).toMatchObject({ ok: false });
  });

  it("formats picks with repeats grouped", () => {
    expect(formatSkillLines(["Search", "Occult", "Occult"])).toBe("Search\nOccult ×2");
    const parsed = parseSkillLines(formatSkillLines(["Search", "Occult", "Occult"]), 10);
    expect(parsed).toEqual({ ok: true, value: ["Search", "Occult", "Occult"] });
  });
});

describe("parseBondLines", () => {
  it("reads kinds, trade-ins and Bonds set to 1", () => {
    expect(
      parseBondLines(
        "Her brother Tom | individual\nThe lab | community | 2 picks\nParish | c | at 1",
      ),
    ).toEqual({
      ok: true,
      value: [
        { name: "Her brother Tom", kind: "individual" },
        { name: "The lab", kind: "community", tradeInPicks: 2 },
        { name: "Parish", kind: "community", setToOne: true },
      ],
    });
  });

  it("explains lines it can't read", () => {
    expect(parseBondLines("Tom")).toMatchObject({ ok: false, problem: /individual or community/ });
    expect(parseBondLines(" | individual")).toMatchObject({ ok: false, problem: /has no name/ });
    expect(parseBondLines("Lab | community | lots")).toMatchObject({
      ok: false,
      problem: /isn't understood/,
    });
    expect(parseBondLines("a | b | c | d")).toMatchObject({ ok: false, problem: /too many/ });
  });

  it("formats what it reads", () => {
    const text = "Tom | individual\nThe lab | community | 2 picks\nParish | community | at 1";
    const parsed = parseBondLines(text);
    expect(parsed.ok && formatBondLines(parsed.value)).toBe(text);
  });
});

describe("parseKindLines", () => {
  it("reads a kind per line, in brackets or after a colon", () => {
    expect(parseKindLines("Foreign Language (Latin)\n- science: organic chemistry\n\n")).toEqual({
      ok: true,
      value: [
        { skill: "Foreign Language", kind: "Latin" },
        { skill: "science", kind: "organic chemistry" },
      ],
    });
    expect(parseKindLines("")).toEqual({ ok: true, value: [] });
  });

  it("explains a line that names no kind", () => {
    expect(parseKindLines("Foreign Language")).toMatchObject({
      ok: false,
      problem: /names no kind/,
    });
    expect(parseKindLines("Art (Type)")).toMatchObject({ ok: false, problem: /names no kind/ });
  });
});
