import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  type Fact,
  type Settings,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  factText,
  namesFor,
  refusalText,
  SETTING_NAME,
  settingValue,
  type Names,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { expectClean, PLAYER_NAMES } from "./support.js";
import { SAMPLE_FACTS, SAMPLE_REFUSALS } from "./samples.js";

/**
 * The catalogue: every refusal code and every fact kind has a sentence, and each one reads as
 * English (no raw code, no id, no undefined). The samples are typed exhaustively, so a new code
 * or kind in the rules fails the type check until it has an example here and a sentence there.
 */

const COMBATANTS: Record<string, string> = {
  c1: "Nelson Blake",
  c2: "Virginia Anson",
  c9: "Spare",
  m1: "Shoggoth",
};

const names: Names = {
  player: (id) => PLAYER_NAMES[id] ?? "someone",
  playerLabel: (id) => PLAYER_NAMES[id] ?? "someone",
  combatant: (id) => COMBATANTS[id] ?? "someone",
  combatantLabel: (id) => COMBATANTS[id] ?? "someone",
  item: (id) => (id === "i1" ? "Kukri" : "an item"),
  itemLabel: (id) => (id === "i1" ? "Kukri" : "an item"),
};

/** Ids and codes of the rules must never reach a player. */
function expectEnglish(text: string, code: string): void {
  expect(text.trim().length).toBeGreaterThan(10);
  expectClean(text);
  if (code.includes("-")) expect(text).not.toContain(code);
  expect(text).not.toMatch(/\b[cmik]\d+\b|\bp\d\b/);
}

describe("the refusal catalogue", () => {
  for (const [code, refusal] of Object.entries(SAMPLE_REFUSALS)) {
    it(`says what was wrong and what to do: ${code}`, () => {
      expectEnglish(refusalText(refusal, { names, asker: "p3", host: "host" }), code);
    });
  }

  it("names whose turn it is, and who may act instead", () => {
    const text = refusalText(SAMPLE_REFUSALS["not-your-turn"], {
      names,
      asker: "p2",
      host: "host",
    });
    expect(text).toBe("It's **Ada**'s turn: wait for them, or the host can act for them.");
  });

  it("speaks to the asker when the refusal is about them", () => {
    const words = { names, asker: "p1", host: "host" };
    expect(refusalText(SAMPLE_REFUSALS["not-a-player"], words)).toMatch(/^You are not seated/);
    expect(refusalText(SAMPLE_REFUSALS["already-joined"], words)).toBe(
      "You are already at this table.",
    );
    expect(refusalText(SAMPLE_REFUSALS["host-only"], words)).toContain("**Hazel**");
  });

  it("names the game's fields and choices in the game's words", () => {
    const words = { names, asker: "p1", host: "host" };
    expect(refusalText(SAMPLE_REFUSALS["invalid-choice"], words)).toBe(
      "The difficulty must be Green, Blue or Red.",
    );
    expect(refusalText({ code: "invalid-sheet", field: "abilities.brawn" }, words)).toContain(
      "Brawn",
    );
    expect(
      refusalText({ code: "invalid-amount", field: "thresholds.weird", min: 1, max: 10 }, words),
    ).toBe("The Weirds needed must be a whole number from 1 to 10.");
  });

  it("reads cleanly with nothing to name (no game open yet)", () => {
    const bare = namesFor(null, {});
    for (const [code, refusal] of Object.entries(SAMPLE_REFUSALS)) {
      expectEnglish(refusalText(refusal, { names: bare, asker: "p3", host: "p3" }), code);
    }
  });

  it("words every field the rules check", () => {
    // Every field name the rules pass in a refusal (grep `field:` and `requireWhole` in rules/).
    const fields = [
      "piece",
      "token",
      "defense",
      "goals",
      "amount",
      "damageResults",
      "name",
      "horror",
      "speed",
      "wounds",
      "attack",
      "advance",
      "difficulty",
      "duration",
      "part",
      "ability",
      "outer",
      "centre",
      "kind",
      "hands",
      "combatDamage",
      "extraRerolls",
      "extraRerollsIn",
      "horror.stage2",
      "horror.stage3",
      "horror.end",
      "abilities.brawn",
      "abilities.finesse",
      "abilities.reason",
      "abilities.focus",
      "thresholds.good",
      "thresholds.weird",
      "thresholds.bad",
    ];
    for (const field of fields) {
      const text = refusalText(
        { code: "invalid-amount", field, min: 0, max: 9 },
        { names, asker: "p1", host: "host" },
      );
      expect(text, field).not.toContain("that value");
      if (/[.A-Z]/.test(field)) expect(text, field).not.toContain(field);
    }
  });
});

describe("the fact catalogue", () => {
  for (const [type, body] of Object.entries(SAMPLE_FACTS)) {
    it(`has one short line for ${type}`, () => {
      const fact = { ...body, visibility: { to: "table" } } as Fact;
      const line = factText(fact, names);
      expectEnglish(line, type);
      expect(line.split("\n")).toHaveLength(1);
      expect(line.length).toBeLessThan(400);
    });
  }

  it("shows the dice and the counts of a final check", () => {
    const line = factText({ ...SAMPLE_FACTS["check-final"], visibility: { to: "table" } }, names);
    expect(line).toBe(
      "**Nelson Blake**'s roll is final: 🟢✴️  🔵🌿  🔴🌀↻  🔴🌀  🔴✴️ (✴️ 2 Goods · 🌿 1 Weird · 🌀 2 Bads) → Bad.",
    );
  });
});

describe("the settings catalogue", () => {
  it("names and words every setting, at the defaults and at the edges", () => {
    const odd: Settings = {
      ...DEFAULT_SETTINGS,
      thresholds: { good: 1, weird: null, bad: 4 },
      oversizedPool: "worst",
      deathAt: "past-limit",
    };
    for (const settings of [DEFAULT_SETTINGS, odd]) {
      for (const key of Object.keys(settings) as (keyof Settings)[]) {
        expect(SETTING_NAME[key]).toBeTruthy();
        const value = settingValue(settings, key);
        expectClean(value);
        expect(value.length).toBeGreaterThan(0);
      }
    }
    expect(settingValue(odd, "thresholds")).toBe("1+ Good, no Weird outcome and 4+ Bads");
  });
});
