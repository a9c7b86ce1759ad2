import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  settingsAfter,
  SETTABLE_KEYS,
  type Action,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { act, characterOf, HOST, readyToDeal, refusal, type Game } from "./support.js";

/** A change applied as the service applies it: the log's changes over the stored settings. */
function change(g: Game, key: string, value: string) {
  const facts = act(g, { by: HOST, type: "change-setting", key, value });
  g.settings = settingsAfter(g.settings, facts);
  return facts;
}

const set = (key: string, value: string): Action => ({
  by: HOST,
  type: "change-setting",
  key,
  value,
});

describe("changing a setting", () => {
  it("logs the host's change for the table, and the game then plays by it", () => {
    const g = readyToDeal(3, { seed: 2 });
    expect(change(g, "dice.red", "0/0/6")).toEqual([
      {
        type: "setting-changed",
        key: "dice.red",
        value: { good: 0, weird: 0, bad: 6 },
        visibility: { to: "table" },
      },
    ]);
    change(g, "thresholds", "4 / - / 1");
    expect(g.settings.dice.red).toEqual({ good: 0, weird: 0, bad: 6 });
    expect(g.settings.thresholds).toEqual({ good: 4, weird: null, bad: 1 });

    act(g, { by: HOST, type: "deal" });
    const a = characterOf(g, "p1");
    act(g, { by: "p1", type: "check", roller: a, ability: "focus", difficulty: "red" });
    const dice = g.state.pending?.kind === "check" ? g.state.pending.check.dice : [];
    const reds = dice.filter((d) => d.colour === "red");
    expect(reds.length).toBeGreaterThan(0);
    expect(reds.every((d) => d.result === "bad")).toBe(true);
  });

  it("takes every settable key with a valid value", () => {
    const valid: Record<(typeof SETTABLE_KEYS)[number], string> = {
      "dice.green": "4/1/1",
      "dice.blue": "1,4,1",
      "dice.red": "0 3 3",
      poolSize: "6",
      oversizedPool: "Best",
      thresholds: "2/3/-",
      combatWeirds: "3",
      combatAbility: "finesse",
      "steal.ability": "reason",
      "steal.difficulty": "BLUE",
      starChartEnd: "35",
      duelGoalsToWin: "2",
      deathAt: "past-limit",
    };
    const g = readyToDeal(3);
    for (const key of SETTABLE_KEYS) change(g, key, valid[key]);
    expect(g.settings).toMatchObject({
      poolSize: 6,
      oversizedPool: "best",
      combatAbility: "finesse",
      steal: { ability: "reason", difficulty: "blue" },
      starChartEnd: 35,
      deathAt: "past-limit",
    });
  });

  it("refuses a value the setting cannot take, and changes nothing", () => {
    const g = readyToDeal(3);
    for (const [key, value] of [
      ["dice.green", "3/2"],
      ["dice.green", "0/0/0"],
      ["dice.blue", "13/0/0"],
      ["dice.red", "a/b/c"],
      ["thresholds", "0/2/2"],
      ["poolSize", "0"],
      ["poolSize", "11"],
      ["poolSize", "2.5"],
      ["oversizedPool", "some"],
      ["combatAbility", "luck"],
      ["steal.difficulty", "purple"],
      ["starChartEnd", "-3"],
      ["deathAt", "never"],
    ] as const) {
      expect(refusal(g, set(key, value)), `${key} ${value}`).toEqual({
        code: "invalid-setting",
        key,
      });
    }
    expect(refusal(g, set("players.max", "9"))).toMatchObject({ code: "invalid-choice" });
    expect(g.settings).toEqual(DEFAULT_SETTINGS);
  });

  it("is the host's, and only before the deal", () => {
    const g = readyToDeal(3);
    expect(refusal(g, { ...set("poolSize", "4"), by: "p1" })).toEqual({ code: "host-only" });
    act(g, { by: HOST, type: "deal" });
    expect(refusal(g, set("poolSize", "4"))).toMatchObject({ code: "wrong-phase" });
  });

  it("a change the log no longer holds (undone) no longer counts", () => {
    const g = readyToDeal(3);
    const facts = act(g, set("combatWeirds", "4"));
    expect(settingsAfter(DEFAULT_SETTINGS, facts).combatWeirds).toBe(4);
    expect(settingsAfter(DEFAULT_SETTINGS, []).combatWeirds).toBe(2);
  });
});
