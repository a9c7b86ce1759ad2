import { describe, expect, it } from "vitest";

import {
  rangedDamage,
  stealSucceeds,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { item, NIGHT_GAUNT, TENTACLE } from "./fixtures.js";
import {
  act,
  BLUE_BAD,
  characterOf,
  dealt,
  factsOf,
  fightersDealt,
  GOOD,
  RED_BAD,
  refusal,
  script,
  tally,
  type Game,
} from "./support.js";

describe("ranged damage and steal arithmetic", () => {
  it("is Goods minus the target's Defense, never below 0", () => {
    expect(rangedDamage(tally(3, 2, 0), ["good"], 1)).toBe(2);
    expect(rangedDamage(tally(3, 2, 0), ["good"], 3)).toBe(0);
    expect(rangedDamage(tally(1, 2, 2), ["good"], 4)).toBe(0);
  });

  it("counts the Weirds too when the weapon says so (the seed's shotgun: 3+2 against Defense 3 is 2)", () => {
    expect(rangedDamage(tally(3, 2, 0), ["good", "weird"], 3)).toBe(2);
  });

  it("steals when the Goods equal the Defense, not one less; Defense 0 always", () => {
    expect(stealSucceeds(tally(2, 0, 3), 2)).toBe(true);
    expect(stealSucceeds(tally(3, 0, 2), 2)).toBe(true);
    expect(stealSucceeds(tally(1, 1, 3), 2)).toBe(false);
    expect(stealSucceeds(tally(0, 2, 3), 0)).toBe(true);
  });
});

describe("a ranged shot", () => {
  it("deals its Goods minus each target's own Defense (the seed's shotgun example)", () => {
    const { g, a } = fightersDealt();
    act(g, { by: "p1", type: "spawn-monster", stats: NIGHT_GAUNT });
    act(g, { by: "p1", type: "spawn-monster", stats: TENTACLE });
    const [gaunt, tentacle] = Object.keys(g.state.monsters) as [string, string];
    // Finesse Blue Blue + Red x3: Bad, Bad, Good, Weird, Bad; the Bads rerolled to Good, Weird, Good.
    script(g, [BLUE_BAD, BLUE_BAD, GOOD, 2, RED_BAD]);
    act(g, {
      by: "p1",
      type: "ranged",
      shooter: a,
      ability: "finesse",
      difficulty: "red",
      targets: [gaunt, tentacle],
      damageResults: ["good", "weird"],
    });
    script(g, [GOOD, 3, GOOD]);
    const facts = act(g, { by: "p1", type: "reroll", result: "bad" });
    expect(factsOf(facts, "check-final")[0]?.tally).toEqual({ good: 3, weird: 2, bad: 0 });
    expect(factsOf(facts, "ranged-resolved")[0]?.hits).toEqual([
      { target: gaunt, damage: 2 },
      { target: tentacle, damage: 2 },
    ]);
    expect(factsOf(facts, "monster-died").map((f) => f.monster)).toEqual([tentacle]);
    expect(g.state.monsters[gaunt]).toMatchObject({ damage: 2, dead: false });
  });

  it("hits several characters each by their own Defense, and needs targets other than the shooter", () => {
    const g = dealt(3, { sheets: (player) => ({ defense: player === "p2" ? 0 : 2 }) });
    const [a, b, c] = ["p1", "p2", "p3"].map((p) => characterOf(g, p)) as [string, string, string];
    const shot = {
      by: "p1",
      type: "ranged" as const,
      shooter: a,
      ability: "finesse" as const,
      difficulty: "green" as const,
    };
    expect(refusal(g, { ...shot, targets: [] })).toEqual({ code: "no-targets" });
    expect(refusal(g, { ...shot, targets: [b, a] })).toEqual({ code: "same-combatant" });
    // Blue Blue + Green x3, all Good.
    script(g, [GOOD, GOOD, GOOD, GOOD, GOOD]);
    act(g, { ...shot, targets: [b, c] });
    const facts = act(g, { by: "p1", type: "keep" });
    expect(factsOf(facts, "ranged-resolved")[0]?.hits).toEqual([
      { target: b, damage: 5 },
      { target: c, damage: 3 },
    ]);
    expect(g.state.characters[b]?.dead).toBe(true);
    expect(g.state.characters[c]?.wounds).toHaveLength(3);
  });
});

const LANTERN = item("Lantern");
const CODEX = item("Slate Star Codex", { kind: "artefact", hands: 0 });

describe("a steal", () => {
  /** p1 steals from p2, whose Defense is 2 and who holds a Lantern, the Codex and two Elder Sign pieces. */
  function heist(): { g: Game; thief: string; mark: string } {
    const g = dealt(3, { sheets: (player) => ({ defense: player === "p2" ? 2 : 1 }) });
    const thief = characterOf(g, "p1");
    const mark = characterOf(g, "p2");
    act(g, { by: "p2", type: "add-item", character: mark, item: LANTERN });
    act(g, { by: "p2", type: "add-item", character: mark, item: CODEX });
    act(g, { by: "p2", type: "find-elder-sign", character: mark, piece: "outer" });
    act(g, { by: "p2", type: "find-elder-sign", character: mark, piece: "centre" });
    return { g, thief, mark };
  }

  it("is a Finesse check at Red that succeeds with Goods equal to the Defense", () => {
    const { g, thief, mark } = heist();
    // Finesse Blue Blue + Red x3: Good, Good, Bad, Bad, Bad.
    script(g, [GOOD, GOOD, RED_BAD, RED_BAD, RED_BAD]);
    const rolled = act(g, { by: "p1", type: "steal", thief, target: mark });
    expect(factsOf(rolled, "check-rolled")[0]).toMatchObject({
      purpose: "steal",
      ability: "finesse",
      difficulty: "red",
    });
    expect(factsOf(rolled, "check-rolled")[0]?.dice.map((d) => d.colour)).toEqual([
      "blue",
      "blue",
      "red",
      "red",
      "red",
    ]);
    const kept = act(g, { by: "p1", type: "keep" });
    expect(factsOf(kept, "steal-resolved")[0]?.succeeded).toBe(true);
    expect(
      refusal(g, { by: "p1", type: "check", roller: thief, ability: "brawn", difficulty: "red" }),
    ).toEqual({ code: "roll-pending" });
    const codex = Object.values(g.state.items).find((i) => i.name === "Slate Star Codex")
      ?.id as string;
    act(g, { by: "p1", type: "steal-take", take: { kind: "item", item: codex } });
    expect(g.state.items[codex]?.holder).toBe(thief);
    expect(g.state.pending).toBeNull();
  });

  it("takes only through the menu of this steal: an earlier roll's menu is refused", () => {
    const { g, thief, mark } = heist();
    script(g, [GOOD, GOOD, RED_BAD, RED_BAD, RED_BAD]);
    act(g, { by: "p1", type: "steal", thief, target: mark });
    act(g, { by: "p1", type: "keep" });
    const roll = g.state.pending?.kind === "steal" ? (g.state.pending.check.roll ?? 0) : 0;
    const take = { kind: "elder-sign" } as const;
    expect(refusal(g, { by: "p1", type: "steal-take", take, roll: roll - 1 })).toEqual({
      code: "stale-roll",
    });
    act(g, { by: "p1", type: "steal-take", take, roll });
    expect(g.state.pending).toBeNull();
  });

  it("fails with one Good less than the Defense, and nothing changes hands", () => {
    const { g, thief, mark } = heist();
    script(g, [GOOD, BLUE_BAD, RED_BAD, RED_BAD, RED_BAD]);
    act(g, { by: "p1", type: "steal", thief, target: mark });
    const kept = act(g, { by: "p1", type: "keep" });
    expect(factsOf(kept, "steal-resolved")[0]?.succeeded).toBe(false);
    expect(g.state.pending).toBeNull();
    expect(refusal(g, { by: "p1", type: "steal-take", take: { kind: "elder-sign" } })).toEqual({
      code: "no-roll-pending",
    });
    expect(Object.values(g.state.items).every((item) => item.holder === mark)).toBe(true);
  });

  it("takes all the Elder Sign pieces at once, or one item, or nothing", () => {
    const { g, thief, mark } = heist();
    script(g, [GOOD, GOOD, GOOD, RED_BAD, RED_BAD]);
    act(g, { by: "p1", type: "steal", thief, target: mark });
    act(g, { by: "p1", type: "keep" });
    const taken = act(g, { by: "p1", type: "steal-take", take: { kind: "elder-sign" } });
    expect(factsOf(taken, "stolen")[0]?.pieces).toEqual({ outer: 1, centre: 1 });
    expect(g.state.elderSign.held[thief]).toEqual({ outer: 1, centre: 1 });
    expect(g.state.elderSign.held[mark]).toBeUndefined();
  });

  it("refuses a target with nothing to take, and an item the target does not hold", () => {
    const { g, thief, mark } = heist();
    const other = characterOf(g, "p3");
    expect(refusal(g, { by: "p1", type: "steal", thief, target: other })).toEqual({
      code: "nothing-to-steal",
      target: other,
    });
    act(g, { by: "p1", type: "add-item", character: thief, item: LANTERN });
    const mine = Object.values(g.state.items).find((i) => i.holder === thief)?.id as string;
    script(g, [GOOD, GOOD, GOOD, RED_BAD, RED_BAD]);
    act(g, { by: "p1", type: "steal", thief, target: mark });
    act(g, { by: "p1", type: "keep" });
    expect(
      refusal(g, { by: "p1", type: "steal-take", take: { kind: "item", item: mine } }),
    ).toEqual({
      code: "not-held",
      item: mine,
      holder: mark,
    });
    act(g, { by: "p1", type: "steal-take", take: { kind: "nothing" } });
    expect(g.state.pending).toBeNull();
  });

  it("needs free hands for the item taken", () => {
    const { g, thief, mark } = heist();
    act(g, {
      by: "p1",
      type: "add-item",
      character: thief,
      item: { ...LANTERN, name: "Shotgun", hands: 2 },
    });
    script(g, [GOOD, GOOD, GOOD, RED_BAD, RED_BAD]);
    act(g, { by: "p1", type: "steal", thief, target: mark });
    act(g, { by: "p1", type: "keep" });
    const lantern = Object.values(g.state.items).find((i) => i.name === "Lantern")?.id as string;
    expect(
      refusal(g, { by: "p1", type: "steal-take", take: { kind: "item", item: lantern } }),
    ).toEqual({
      code: "hands-full",
      character: thief,
      free: 0,
      needed: 1,
    });
  });
});
