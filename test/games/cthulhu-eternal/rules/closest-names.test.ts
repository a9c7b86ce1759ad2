import { describe, expect, it } from "vitest";
import { closestNames } from "../../../../src/games/cthulhu-eternal/rules/closest-names.js";
import { MODERN_SKILLS } from "../../../../src/games/cthulhu-eternal/rules/creation/skills.js";
import { SKILL_ALIASES } from "../../../../src/games/cthulhu-eternal/rules/skill-aliases.js";

const SHEET = ["Alertness", "Firearms", "Law (Criminal)", "Law (Maritime)", "Occult", "Search"];

describe("closestNames", () => {
  it("offers a specialised skill for its bare name", () => {
    expect(closestNames("Law", SHEET)).toEqual(["Law (Criminal)", "Law (Maritime)"]);
    expect(closestNames("criminal", SHEET)).toEqual(["Law (Criminal)"]);
  });

  it("ignores case, accents, spaces and punctuation", () => {
    expect(closestNames("first-aid", ["First Aid", "Firearms"])).toEqual(["First Aid"]);
    expect(closestNames("OCCULTÉ", SHEET)).toEqual(["Occult"]);
  });

  it("forgives typos and swapped letters", () => {
    expect(closestNames("Alterness", SHEET)).toEqual(["Alertness"]);
    expect(closestNames("Ocult", SHEET)).toEqual(["Occult"]);
    expect(closestNames("Tmo", ["Tom", "Ann"])).toEqual(["Tom"]);
  });

  it("knows the lineage's other names for a skill", () => {
    expect(closestNames("Shooting", SHEET, { aliases: SKILL_ALIASES })).toEqual(["Firearms"]);
    expect(closestNames("Spot Hidden", SHEET, { aliases: SKILL_ALIASES })).toEqual([
      "Alertness",
      "Search",
    ]);
  });

  it("suggests nothing that is not close", () => {
    expect(closestNames("Shooting", SHEET)).toEqual([]);
    expect(
      closestNames(
        "xyzzy",
        MODERN_SKILLS.map((skill) => skill.name),
      ),
    ).toEqual([]);
    expect(closestNames("", SHEET)).toEqual([]);
  });

  it("puts the closest first and stops at three", () => {
    const names = MODERN_SKILLS.map((skill) => skill.name);
    expect(
      closestNames("Sc", ["Search", "Science (Biology)", "Science (Chemistry)", "Scuba", "Scout"]),
    ).toEqual(["Science (Biology)", "Science (Chemistry)", "Scuba"]);
    expect(closestNames("St", names)).toEqual(["Stealth"]);
    expect(closestNames("S", names)).toEqual([]);
    expect(closestNames("Medic", names)[0]).toBe("Medicine");
  });
});
