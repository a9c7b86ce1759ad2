import { describe, expect, it } from "vitest";

import {
  charactersPerPlayer,
  DEFAULT_SETTINGS,
  modeFor,
  resolveSettings,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";

describe("settings", () => {
  it("default to the seed's numbers where it gives them", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      poolSize: 5,
      thresholds: { good: 3, weird: 2, bad: 2 },
      combatWeirds: 2,
      combatAbility: "brawn",
      steal: { ability: "finesse", difficulty: "red" },
      starChartEnd: 30,
      cultistNumbers: [15, 20, 25],
      goals: ["A", "B"],
      elderSign: { outer: 5, centre: 1 },
      hands: 2,
      players: { min: 1, max: 6 },
      roleDeal: {
        table: { charactersPerPlayer: 1, cultists: 1 },
        duel: {
          charactersPerPlayer: 2,
          faceDown: [15, 20],
          faceUp: 25,
          academics: 2,
          activationAt: 20,
        },
        solo: { charactersPerPlayer: 3, rowAcademics: 2, rowRevealsAt: [15, 20, 25] },
      },
    });
  });

  it("default to our choices where the seed is silent", () => {
    expect(DEFAULT_SETTINGS.oversizedPool).toBe("roll-all");
    expect(DEFAULT_SETTINGS.deathAt).toBe("limit");
    expect(DEFAULT_SETTINGS.duelGoalsToWin).toBe(1);
  });

  it("fill what a table leaves out, keep what it sets", () => {
    const s = resolveSettings({
      dice: { red: { good: 2, weird: 2, bad: 2 } },
      thresholds: { good: 4, weird: 2, bad: null },
    });
    expect(s.dice.red).toEqual({ good: 2, weird: 2, bad: 2 });
    expect(s.dice.green).toEqual(DEFAULT_SETTINGS.dice.green);
    expect(s.thresholds).toEqual({ good: 4, weird: 2, bad: null });
    expect(resolveSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  });

  it("refuse a die with no faces and a pool of no dice", () => {
    expect(() => resolveSettings({ dice: { blue: { good: 0, weird: 0, bad: 0 } } })).toThrow();
    expect(() => resolveSettings({ poolSize: 0 })).toThrow();
  });

  it("say which kind of table a number of players makes", () => {
    expect([1, 2, 3, 6].map(modeFor)).toEqual(["solo", "duel", "table", "table"]);
    expect(charactersPerPlayer(DEFAULT_SETTINGS, "duel")).toBe(2);
  });
});
