import { describe, expect, it } from "vitest";

import { TABLE_VIEWER, viewFor } from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { item } from "./fixtures.js";
import { act, characterOf, dealt, factsOf, HOST, refusal, script, type Game } from "./support.js";

function idOf(g: Game, name: string): string {
  const found = Object.values(g.state.items).find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found.id;
}

describe("items", () => {
  it("fit one two-handed item or two one-handed ones; hand-free items always fit", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "add-item", character: c, item: item("Knife") });
    act(g, { by: "p1", type: "add-item", character: c, item: item("Torch") });
    expect(refusal(g, { by: "p1", type: "add-item", character: c, item: item("Axe") })).toEqual({
      code: "hands-full",
      character: c,
      free: 0,
      needed: 1,
    });
    act(g, {
      by: "p1",
      type: "add-item",
      character: c,
      item: { ...item("Codex", { hands: 0 }), kind: "artefact" },
    });
    const d = characterOf(g, "p2");
    act(g, { by: "p2", type: "add-item", character: d, item: item("Shotgun", { hands: 2 }) });
    expect(
      refusal(g, { by: "p2", type: "add-item", character: d, item: item("Knife") }),
    ).toMatchObject({
      code: "hands-full",
      free: 0,
    });
  });

  it("are dropped on your turn for free, where anyone may pick up as many as they like", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "add-item", character: c, item: item("Knife") });
    act(g, { by: "p1", type: "add-item", character: c, item: item("Torch") });
    act(g, { by: "p1", type: "drop-item", character: c, item: idOf(g, "Knife") });
    act(g, { by: "p1", type: "drop-item", character: c, item: idOf(g, "Torch") });
    expect(g.state.items[idOf(g, "Knife")]).toMatchObject({ holder: null, droppedBy: c });
    const d = characterOf(g, "p2");
    expect(
      refusal(g, { by: "p2", type: "pick-up", character: d, items: [idOf(g, "Knife")] }),
    ).toEqual({
      code: "not-your-turn",
      player: "p1",
    });
    act(g, { by: HOST, type: "end-turn" });
    const picked = act(g, {
      by: "p2",
      type: "pick-up",
      character: d,
      items: [idOf(g, "Knife"), idOf(g, "Torch")],
    });
    expect(factsOf(picked, "items-picked-up")[0]?.items).toHaveLength(2);
    expect(
      refusal(g, { by: "p2", type: "pick-up", character: d, items: [idOf(g, "Knife")] }),
    ).toEqual({
      code: "not-on-ground",
      item: idOf(g, "Knife"),
    });
  });

  it("are traded when the receiver has hands free, and discarded out of ammo", () => {
    const g = dealt(3);
    const [c, d] = [characterOf(g, "p1"), characterOf(g, "p2")];
    act(g, { by: "p1", type: "add-item", character: c, item: item("Shotgun", { hands: 2 }) });
    act(g, { by: "p2", type: "add-item", character: d, item: item("Knife") });
    expect(
      refusal(g, { by: "p1", type: "give-item", from: c, to: d, item: idOf(g, "Shotgun") }),
    ).toMatchObject({
      code: "hands-full",
      character: d,
    });
    act(g, { by: "p1", type: "add-item", character: c, item: item("Map", { hands: 0 }) });
    act(g, { by: "p1", type: "give-item", from: c, to: d, item: idOf(g, "Map") });
    expect(g.state.items[idOf(g, "Map")]?.holder).toBe(d);
    expect(
      refusal(g, { by: "p1", type: "give-item", from: c, to: d, item: idOf(g, "Knife") }),
    ).toEqual({
      code: "not-held",
      item: idOf(g, "Knife"),
      holder: c,
    });
    const shotgun = idOf(g, "Shotgun");
    act(g, { by: "p1", type: "discard-item", character: c, item: shotgun });
    expect(g.state.items[shotgun]).toBeUndefined();
  });

  it("fall where their holder dies", () => {
    const g = dealt(3, { sheets: () => ({ wounds: 1 }) });
    const c = characterOf(g, "p1");
    act(g, { by: "p1", type: "add-item", character: c, item: item("Knife") });
    act(g, { by: "p1", type: "find-elder-sign", character: c, piece: "outer" });
    act(g, { by: "p1", type: "wound", target: c, amount: 1 });
    expect(g.state.items[idOf(g, "Knife")]).toMatchObject({ holder: null, droppedBy: c });
    expect(g.state.elderSign.ground).toEqual({ outer: 1, centre: 0 });
  });
});

describe("the Elder Sign", () => {
  function collect(g: Game, character: string, outer: number, centre: number, by = "p1"): void {
    for (let i = 0; i < outer; i++)
      act(g, { by, type: "find-elder-sign", character, piece: "outer" });
    for (let i = 0; i < centre; i++)
      act(g, { by, type: "find-elder-sign", character, piece: "centre" });
  }

  it("is complete with five outer pieces and the centre held by one character, and says so once", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    collect(g, c, 4, 1);
    const fifth = act(g, { by: "p1", type: "find-elder-sign", character: c, piece: "outer" });
    expect(fifth.map((f) => f.type)).toEqual(["elder-sign-found", "elder-sign-completed"]);
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).elderSign).toMatchObject({
      complete: [c],
      inBag: { outer: 0, centre: 0 },
    });
    expect(refusal(g, { by: "p1", type: "find-elder-sign", character: c })).toEqual({
      code: "elder-sign-bag-empty",
      piece: "any",
    });
  });

  it("is not complete with the pieces split between two characters", () => {
    const g = dealt(3);
    const [c, d] = [characterOf(g, "p1"), characterOf(g, "p2")];
    collect(g, c, 5, 0);
    collect(g, d, 0, 1, "p2");
    expect(viewFor(g.state, TABLE_VIEWER, g.settings).elderSign.complete).toEqual([]);
    const given = act(g, {
      by: HOST,
      type: "give-elder-sign",
      from: d,
      to: c,
      pieces: { outer: 0, centre: 1 },
    });
    expect(given.map((f) => f.type)).toEqual(["elder-sign-moved", "elder-sign-completed"]);
  });

  it("once complete moves only as a whole", () => {
    const g = dealt(3);
    const [c, d] = [characterOf(g, "p1"), characterOf(g, "p2")];
    collect(g, c, 5, 1);
    expect(
      refusal(g, {
        by: "p1",
        type: "give-elder-sign",
        from: c,
        to: d,
        pieces: { outer: 1, centre: 0 },
      }),
    ).toEqual({
      code: "elder-sign-is-whole",
    });
    const all = act(g, {
      by: "p1",
      type: "give-elder-sign",
      from: c,
      to: d,
      pieces: { outer: 5, centre: 1 },
    });
    expect(factsOf(all, "elder-sign-completed")[0]?.character).toBe(d);
  });

  it("pieces are dropped and picked up, never more than there are", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    collect(g, c, 2, 0);
    expect(
      refusal(g, {
        by: "p1",
        type: "drop-elder-sign",
        character: c,
        pieces: { outer: 3, centre: 0 },
      }),
    ).toEqual({
      code: "elder-sign-short",
      outer: 2,
      centre: 0,
    });
    act(g, { by: "p1", type: "drop-elder-sign", character: c, pieces: { outer: 2, centre: 0 } });
    expect(g.state.elderSign.held[c]).toBeUndefined();
    expect(
      refusal(g, {
        by: "p1",
        type: "pick-up-elder-sign",
        character: c,
        pieces: { outer: 0, centre: 1 },
      }),
    ).toEqual({
      code: "elder-sign-short",
      outer: 2,
      centre: 0,
    });
    act(g, { by: "p1", type: "pick-up-elder-sign", character: c, pieces: { outer: 1, centre: 0 } });
    expect(g.state.elderSign).toEqual({
      held: { [c]: { outer: 1, centre: 0 } },
      ground: { outer: 1, centre: 0 },
    });
  });

  it("draws a random piece from the bag, as many outer and centre as are left", () => {
    const g = dealt(3);
    const c = characterOf(g, "p1");
    script(g, [6]);
    expect(
      factsOf(act(g, { by: "p1", type: "find-elder-sign", character: c }), "elder-sign-found")[0]
        ?.piece,
    ).toBe("centre");
    script(g, [5]);
    expect(
      factsOf(act(g, { by: "p1", type: "find-elder-sign", character: c }), "elder-sign-found")[0]
        ?.piece,
    ).toBe("outer");
    expect(
      refusal(g, { by: "p1", type: "find-elder-sign", character: c, piece: "centre" }),
    ).toEqual({
      code: "elder-sign-bag-empty",
      piece: "centre",
    });
  });
});
