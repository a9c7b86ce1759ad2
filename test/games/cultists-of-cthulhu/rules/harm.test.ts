import { describe, expect, it } from "vitest";

import {
  addHorror,
  madnessStage,
  resolveSettings,
  TABLE_VIEWER,
  viewFor,
  woundsTaken,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { SHOGGOTH } from "./fixtures.js";
import { act, characterOf, dealt, factsOf, HOST, refusal, script } from "./support.js";

const TRACK = { stage2: 4, stage3: 7, end: 10 };

describe("the Horror track", () => {
  it("enters stage 2 and stage 3 at the sheet's numbers, not one before", () => {
    expect([0, 3, 4, 6, 7, 10].map((h) => madnessStage(h, TRACK))).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it("fills to the end of the track without overflow", () => {
    expect(addHorror(9, 1, TRACK)).toEqual({
      horror: 10,
      overflowWounds: 0,
      stageBefore: 3,
      stageAfter: 3,
    });
    expect(addHorror(3, 1, TRACK)).toEqual({
      horror: 4,
      overflowWounds: 0,
      stageBefore: 1,
      stageAfter: 2,
    });
  });

  it("turns each Horror past the end into one Wound", () => {
    expect(addHorror(10, 1, TRACK)).toMatchObject({ horror: 10, overflowWounds: 1 });
    expect(addHorror(8, 5, TRACK)).toMatchObject({ horror: 10, overflowWounds: 3 });
    expect(addHorror(0, 12, TRACK)).toMatchObject({ horror: 10, overflowWounds: 2, stageAfter: 3 });
  });
});

describe("Horror in a game", () => {
  it("is public; entering a stage reminds only the character's owner", () => {
    const g = dealt(3);
    const c = characterOf(g, "p2");
    const small = act(g, { by: "p2", type: "horror", character: c, amount: 3 });
    expect(small.map((f) => f.type)).toEqual(["horror-taken"]);
    const stage2 = act(g, { by: "p2", type: "horror", character: c, amount: 1 });
    expect(stage2.map((f) => [f.type, f.visibility])).toEqual([
      ["horror-taken", { to: "table" }],
      ["madness-stage-entered", { to: "players", players: ["p2"] }],
    ]);
    expect(factsOf(stage2, "madness-stage-entered")[0]?.stage).toBe(2);
    const stage3 = act(g, { by: "p2", type: "horror", character: c, amount: 5 });
    expect(factsOf(stage3, "madness-stage-entered")[0]?.stage).toBe(3);
    expect(g.state.characters[c]?.horror).toBe(9);
  });

  it("past the track's end becomes Wounds, and can kill", () => {
    const g = dealt(3, { sheets: () => ({ wounds: 2 }) });
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "horror", character: c, amount: 10 });
    const over = act(g, { by: "p1", type: "horror", character: c, amount: 1 });
    expect(over.map((f) => f.type)).toEqual(["horror-taken", "horror-overflowed", "wounded"]);
    expect(factsOf(over, "wounded")[0]).toMatchObject({ amount: 1, left: 1 });
    const fatal = act(g, { by: "p1", type: "horror", character: c, amount: 3 });
    expect(factsOf(fatal, "horror-overflowed")[0]?.wounds).toBe(3);
    expect(factsOf(fatal, "character-died")).toHaveLength(1);
  });

  it("goes down with a card's effect, never below 0, and says when the stage drops", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "horror", character: c, amount: 5 });
    const down = act(g, { by: "p1", type: "reduce-horror", character: c, amount: 9 });
    expect(factsOf(down, "horror-reduced")[0]?.horror).toBe(0);
    expect(factsOf(down, "madness-stage-entered")[0]?.stage).toBe(1);
  });

  it("is given to a character by its owner or the host only, in whole positive amounts", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    expect(refusal(g, { by: "p2", type: "horror", character: c, amount: 1 })).toEqual({
      code: "not-your-character",
      character: c,
    });
    expect(refusal(g, { by: "p1", type: "horror", character: c, amount: 0 })).toMatchObject({
      code: "invalid-amount",
    });
    expect(refusal(g, { by: "p1", type: "horror", character: c, amount: 1.5 })).toMatchObject({
      code: "invalid-amount",
    });
    act(g, { by: HOST, type: "horror", character: c, amount: 1 });
  });
});

describe("Wounds", () => {
  it('count each token once, and the "2 Wounds" token twice', () => {
    expect(woundsTaken([{ kind: "plain" }, { kind: "double" }, { kind: "speed", delta: -1 }])).toBe(
      4,
    );
  });

  it("kill at the sheet's number by default, one later with the past-limit setting", () => {
    const g = dealt(3, { sheets: () => ({ wounds: 3 }) });
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "wound", target: c, amount: 2 });
    expect(g.state.characters[c]?.dead).toBe(false);
    const third = act(g, { by: "p1", type: "wound", target: c, amount: 1 });
    expect(factsOf(third, "character-died")).toHaveLength(1);
    expect(refusal(g, { by: "p1", type: "wound", target: c, amount: 1 })).toEqual({
      code: "dead",
      combatant: c,
    });

    const late = dealt(3, {
      sheets: () => ({ wounds: 3 }),
      settings: resolveSettings({ deathAt: "past-limit" }),
    });
    const d = characterOf(late, "p1");
    act(late, { by: "p1", type: "wound", target: d, amount: 3 });
    expect(late.state.characters[d]?.dead).toBe(false);
    act(late, { by: "p1", type: "wound", target: d, amount: 1 });
    expect(late.state.characters[d]?.dead).toBe(true);
  });

  it('the "2 Wounds" token kills one Wound sooner, with no extra token drawn', () => {
    const g = dealt(3, { sheets: () => ({ wounds: 3 }) });
    const c = characterOf(g, "p1");
    const facts = act(g, { by: "p1", type: "wound", target: c, tokens: [{ kind: "double" }] });
    expect(factsOf(facts, "wounded")[0]).toMatchObject({ amount: 1, left: 1 });
    expect(g.state.characters[c]?.wounds).toHaveLength(1);
    act(g, { by: "p1", type: "wound", target: c, amount: 1 });
    expect(g.state.characters[c]?.dead).toBe(true);
  });

  it("a token read later can be set, and kill then", () => {
    const g = dealt(3, { sheets: () => ({ wounds: 2 }) });
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "wound", target: c, amount: 1 });
    const speed = { kind: "speed", delta: -1 } as const;
    expect(
      refusal(g, { by: "p1", type: "set-wound-token", character: c, token: speed, effect: speed }),
    ).toEqual({ code: "no-such-wound", character: c, token: speed });
    const set = act(g, {
      by: "p1",
      type: "set-wound-token",
      character: c,
      token: { kind: "plain" },
      effect: { kind: "double" },
    });
    expect(set.map((f) => f.type)).toEqual(["wound-token-set", "character-died"]);
  });

  it("tokens change Speed, Defense and an ability's dice (+Red Brawn joins the pool)", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    act(g, {
      by: "p1",
      type: "wound",
      target: c,
      tokens: [
        { kind: "speed", delta: -1 },
        { kind: "ability", ability: "brawn", colour: "red" },
        { kind: "defense", delta: -5 },
      ],
    });
    const character = g.state.characters[c];
    expect(character?.wounds).toHaveLength(3);
    script(g, [1, 1, 1, 1, 1]);
    const rolled = act(g, {
      by: "p1",
      type: "check",
      roller: c,
      ability: "brawn",
      difficulty: "blue",
    });
    // Green Blue (sheet) + Red (token) + Blue Blue (difficulty).
    expect(factsOf(rolled, "check-rolled")[0]?.dice.map((d) => d.colour)).toEqual([
      "green",
      "blue",
      "red",
      "blue",
      "blue",
    ]);
    act(g, { by: "p1", type: "keep" });
    const view = viewFor(g.state, TABLE_VIEWER, g.settings).characters.find((v) => v.id === c);
    expect(view).toMatchObject({ speed: 2, defense: 0, woundsTaken: 3, woundLimit: 5 });
  });

  it("heal one token at a time; rooms add or take dice", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    act(g, {
      by: "p1",
      type: "wound",
      target: c,
      tokens: [{ kind: "plain" }, { kind: "speed", delta: -1 }],
    });
    act(g, { by: "p1", type: "heal-wound", character: c, token: { delta: -1, kind: "speed" } });
    expect(g.state.characters[c]?.wounds).toEqual([{ kind: "plain" }]);
    act(g, { by: "p1", type: "heal-wound", character: c, token: { kind: "plain" } });
    expect(g.state.characters[c]?.wounds).toEqual([]);
    const gym = act(g, {
      by: "p1",
      type: "add-ability-die",
      character: c,
      ability: "brawn",
      colour: "green",
    });
    expect(factsOf(gym, "ability-changed")[0]?.dice).toEqual(["green", "blue", "green"]);
    act(g, {
      by: "p1",
      type: "remove-ability-die",
      character: c,
      ability: "brawn",
      colour: "blue",
    });
    expect(g.state.characters[c]?.abilities.brawn).toEqual(["green", "green"]);
    expect(
      refusal(g, {
        by: "p1",
        type: "remove-ability-die",
        character: c,
        ability: "brawn",
        colour: "red",
      }),
    ).toEqual({
      code: "no-such-die",
      colour: "red",
    });
  });
});

describe("monsters", () => {
  it("spawn with their card's numbers and roll their power die", () => {
    const g = dealt(3);
    script(g, [6]);
    const facts = act(g, { by: "p2", type: "spawn-monster", stats: SHOGGOTH, power: "red" });
    expect(facts.map((f) => f.type)).toEqual(["monster-spawned", "monster-power-rolled"]);
    expect(factsOf(facts, "monster-power-rolled")[0]).toMatchObject({
      colour: "red",
      result: "bad",
    });
    expect(
      refusal(g, { by: "p2", type: "spawn-monster", stats: { ...SHOGGOTH, wounds: 0 } }),
    ).toMatchObject({
      code: "invalid-amount",
      field: "wounds",
    });
    expect(
      refusal(g, { by: "p2", type: "spawn-monster", stats: { ...SHOGGOTH, attack: [] } }),
    ).toEqual({
      code: "invalid-sheet",
      field: "attack",
    });
  });

  it("lose wounds and die when none are left", () => {
    const g = dealt(3);
    act(g, { by: "p2", type: "spawn-monster", stats: SHOGGOTH });
    const m = Object.keys(g.state.monsters)[0] as string;
    expect(
      factsOf(act(g, { by: "p1", type: "wound", target: m, amount: 7 }), "wounded")[0]?.left,
    ).toBe(1);
    const last = act(g, { by: "p1", type: "wound", target: m, amount: 1 });
    expect(last.map((f) => f.type)).toEqual(["wounded", "monster-died"]);
    expect(refusal(g, { by: "p1", type: "wound", target: m, amount: 1 })).toEqual({
      code: "dead",
      combatant: m,
    });
  });

  it("cost Horror the first time a character meets their kind, and only then", () => {
    const g = dealt(3);
    act(g, { by: "p2", type: "spawn-monster", stats: SHOGGOTH });
    act(g, { by: "p2", type: "spawn-monster", stats: SHOGGOTH });
    const [first, second] = Object.keys(g.state.monsters) as [string, string];
    const c = characterOf(g, "p1");
    const met = act(g, { by: "p1", type: "encounter", character: c, monster: first });
    expect(met.map((f) => f.type)).toEqual(["encountered", "horror-taken"]);
    expect(g.state.characters[c]?.horror).toBe(3);
    expect(refusal(g, { by: "p1", type: "encounter", character: c, monster: second })).toEqual({
      code: "already-encountered",
      character: c,
      monster: "Shoggoth",
    });
    act(g, { by: "p2", type: "encounter", character: characterOf(g, "p2"), monster: second });
  });

  it("are removed by the host only", () => {
    const g = dealt(3);
    act(g, { by: "p2", type: "spawn-monster", stats: SHOGGOTH });
    const m = Object.keys(g.state.monsters)[0] as string;
    expect(refusal(g, { by: "p2", type: "remove-monster", monster: m })).toEqual({
      code: "host-only",
    });
    act(g, { by: HOST, type: "remove-monster", monster: m });
    expect(g.state.monsters).toEqual({});
  });
});
