import { describe, expect, it } from "vitest";

import {
  combatWeird,
  DEFAULT_SETTINGS,
  meleeDamage,
  rangedDamage,
  stealSucceeds,
  type Tally,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { item, KUKRI, NIGHT_GAUNT, SHOGGOTH, TENTACLE } from "./fixtures.js";
import { act, characterOf, dealt, factsOf, HOST, refusal, script, type Game } from "./support.js";

const t = (good: number, weird: number, bad: number): Tally => ({ good, weird, bad });

/** Green faces: 1 Good, 4 Weird, 6 Bad. Blue: 1 Good, 3 Weird, 5 Bad. Red: 1 Good, 2 Weird, 4 Bad. */
const GOOD = 1;
const GREEN_WEIRD = 4;
const GREEN_BAD = 6;
const BLUE_BAD = 5;
const RED_BAD = 4;

describe("melee damage", () => {
  it("is own Goods plus the opponent's Bads minus the opponent's Defense", () => {
    expect(meleeDamage(t(3, 0, 2), t(1, 1, 2), 1, 0)).toBe(4);
  });

  it("is 0 when the total equals the Defense, 1 when it is one more, never below 0", () => {
    expect(meleeDamage(t(2, 0, 0), t(0, 0, 1), 3, 0)).toBe(0);
    expect(meleeDamage(t(3, 0, 0), t(0, 0, 1), 3, 0)).toBe(1);
    expect(meleeDamage(t(0, 5, 0), t(0, 5, 0), 4, 0)).toBe(0);
  });

  it("adds an item's bonus before the Defense (the Kukri's +1)", () => {
    expect(meleeDamage(t(2, 0, 0), t(0, 0, 0), 3, 1)).toBe(0);
    expect(meleeDamage(t(3, 0, 0), t(0, 0, 0), 3, 1)).toBe(1);
  });

  it("flags the card's effect at two Weirds, not one", () => {
    expect(combatWeird(t(0, 2, 3), DEFAULT_SETTINGS)).toBe(true);
    expect(combatWeird(t(3, 1, 1), DEFAULT_SETTINGS)).toBe(false);
  });
});

describe("ranged damage and steal arithmetic", () => {
  it("is Goods minus the target's Defense, never below 0", () => {
    expect(rangedDamage(t(3, 2, 0), ["good"], 1)).toBe(2);
    expect(rangedDamage(t(3, 2, 0), ["good"], 3)).toBe(0);
    expect(rangedDamage(t(1, 2, 2), ["good"], 4)).toBe(0);
  });

  it("counts the Weirds too when the weapon says so (the seed's shotgun: 3+2 against Defense 3 is 2)", () => {
    expect(rangedDamage(t(3, 2, 0), ["good", "weird"], 3)).toBe(2);
  });

  it("steals when the Goods equal the Defense, not one less; Defense 0 always", () => {
    expect(stealSucceeds(t(2, 0, 3), 2)).toBe(true);
    expect(stealSucceeds(t(3, 0, 2), 2)).toBe(true);
    expect(stealSucceeds(t(1, 1, 3), 2)).toBe(false);
    expect(stealSucceeds(t(0, 2, 3), 0)).toBe(true);
  });
});

/** Three players, all with Brawn Green Green, Defense 1, Wounds 3; p1 to play. */
function fight(): { g: Game; a: string; b: string; c: string } {
  const g = dealt(3, {
    sheets: () => ({
      wounds: 3,
      defense: 1,
      abilities: {
        brawn: ["green", "green"],
        finesse: ["blue", "blue"],
        reason: ["green", "green"],
        focus: ["green", "blue"],
      },
    }),
  });
  return { g, a: characterOf(g, "p1"), b: characterOf(g, "p2"), c: characterOf(g, "p3") };
}

const greenCard = { difficulty: "green" as const, defense: null };

describe("an Attack", () => {
  it("has the defender roll first and choose, then the attacker; damage lands at once and both can die", () => {
    const { g, a, b } = fight();
    // Defender: 2 Good, 3 Bad. Attacker: 2 Good, 3 Bad. Each deals 2 + 3 - 1 = 4 ≥ 3 Wounds.
    script(g, [
      GOOD,
      GOOD,
      GREEN_BAD,
      GREEN_BAD,
      GREEN_BAD,
      GOOD,
      GOOD,
      GREEN_BAD,
      GREEN_BAD,
      GREEN_BAD,
    ]);
    const began = act(g, { by: "p1", type: "attack", attacker: a, defender: b, card: greenCard });
    const rolled = factsOf(began, "check-rolled");
    expect(rolled.map((f) => [f.purpose, f.roller])).toEqual([["defend", b]]);
    expect(g.state.pending?.kind).toBe("combat");
    expect(refusal(g, { by: "p1", type: "keep" })).toEqual({ code: "not-your-roll", roller: b });
    expect(refusal(g, { by: "p1", type: "end-turn" })).toEqual({ code: "roll-pending" });

    const afterDefence = act(g, { by: "p2", type: "keep" });
    expect(factsOf(afterDefence, "check-rolled").map((f) => [f.purpose, f.roller])).toEqual([
      ["attack", a],
    ]);
    expect(refusal(g, { by: "p2", type: "keep" })).toEqual({ code: "not-your-roll", roller: a });

    const resolved = act(g, { by: "p1", type: "keep" });
    expect(factsOf(resolved, "combat-resolved")[0]).toMatchObject({
      toDefender: 4,
      toAttacker: 4,
      weird: [],
    });
    expect(
      factsOf(resolved, "character-died")
        .map((f) => f.character)
        .sort(),
    ).toEqual([a, b].sort());
    expect(g.state.pending).toBeNull();
  });

  it("never deals less than 0, and flags each side that rolled two Weirds", () => {
    const { g, a, b } = fight();
    // Defender: Weird Weird Good Good Good; attacker: five Weirds.
    script(g, [
      GREEN_WEIRD,
      GREEN_WEIRD,
      GOOD,
      GOOD,
      GOOD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
    ]);
    act(g, { by: "p1", type: "attack", attacker: a, defender: b, card: greenCard });
    act(g, { by: "p2", type: "keep" });
    const resolved = act(g, { by: "p1", type: "keep" });
    expect(factsOf(resolved, "combat-resolved")[0]).toMatchObject({
      toDefender: 0,
      toAttacker: 2,
      weird: [b, a],
    });
    expect(factsOf(resolved, "wounded")).toEqual([
      expect.objectContaining({ target: a, amount: 2, left: 1 }),
    ]);
  });

  it("uses the card's Defense for everyone when it sets one (Relentless Assault: 0)", () => {
    const { g, a, b } = fight();
    script(g, [
      GOOD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GOOD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
    ]);
    act(g, {
      by: "p1",
      type: "attack",
      attacker: a,
      defender: b,
      card: { difficulty: "green", defense: 0 },
    });
    act(g, { by: "p2", type: "keep" });
    const resolved = act(g, { by: "p1", type: "keep" });
    expect(factsOf(resolved, "combat-resolved")[0]).toMatchObject({ toDefender: 1, toAttacker: 1 });
  });

  it("lets a defender reroll, and an item add its extra die and damage", () => {
    const { g, a, b } = fight();
    act(g, { by: "p1", type: "add-item", character: a, item: KUKRI });
    script(g, [
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GREEN_WEIRD,
      GOOD,
      GOOD,
      GREEN_BAD,
      GREEN_WEIRD,
      GREEN_WEIRD,
    ]);
    act(g, { by: "p1", type: "attack", attacker: a, defender: b, card: greenCard });
    act(g, { by: "p2", type: "keep" });
    expect(g.state.pending?.kind === "combat" && g.state.pending.attackerRoll?.extraRerolls).toBe(
      1,
    );
    // Reroll the two Weirds and the Bad die as the extra: all Good.
    script(g, [GOOD, GOOD, GOOD]);
    const resolved = act(g, { by: "p1", type: "reroll", result: "weird", dice: [2] });
    // 5 Goods + 0 Bads + 1 (Kukri) - 1 Defense.
    expect(factsOf(resolved, "combat-resolved")[0]).toMatchObject({ toDefender: 5, toAttacker: 0 });
  });

  it("has a monster defend without waiting for anyone (monsters never reroll)", () => {
    const { g, a } = fight();
    act(g, { by: "p2", type: "spawn-monster", stats: SHOGGOTH });
    const monster = Object.keys(g.state.monsters)[0] as string;
    script(g, [GOOD, GOOD, GOOD, GOOD, GOOD, GOOD, GOOD, GOOD, GOOD, GOOD]);
    const facts = act(g, {
      by: "p1",
      type: "attack",
      attacker: a,
      defender: monster,
      card: greenCard,
    });
    expect(factsOf(facts, "check-rolled").map((f) => [f.purpose, f.mayReroll, f.ability])).toEqual([
      ["defend", false, "attack"],
      ["attack", true, "brawn"],
    ]);
    expect(refusal(g, { by: "p2", type: "reroll", result: "good" })).toEqual({
      code: "not-your-roll",
      roller: a,
    });
    const resolved = act(g, { by: "p1", type: "keep" });
    // 5 Goods - Defense 4 = 1 to the Shoggoth; 5 Goods - Defense 1 = 4 to the character (dies at 3).
    expect(factsOf(resolved, "combat-resolved")[0]).toMatchObject({ toDefender: 1, toAttacker: 4 });
    expect(g.state.monsters[monster]?.damage).toBe(1);
    expect(g.state.characters[a]?.dead).toBe(true);
  });

  it("is taken on your own turn; a monster attacks in the University Turn", () => {
    const { g, a, b } = fight();
    expect(
      refusal(g, { by: "p2", type: "attack", attacker: b, defender: a, card: greenCard }),
    ).toEqual({
      code: "not-your-turn",
      player: "p1",
    });
    expect(
      refusal(g, { by: "p2", type: "attack", attacker: a, defender: b, card: greenCard }),
    ).toEqual({
      code: "not-your-character",
      character: a,
    });
    act(g, { by: "p1", type: "spawn-monster", stats: TENTACLE });
    const monster = Object.keys(g.state.monsters)[0] as string;
    expect(
      refusal(g, { by: "p1", type: "attack", attacker: monster, defender: b, card: greenCard }),
    ).toEqual({
      code: "not-university-turn",
    });
    expect(
      refusal(g, { by: "p2", type: "attack", attacker: monster, defender: b, card: greenCard }),
    ).toEqual({
      code: "not-monster-controller",
    });
    expect(
      refusal(g, { by: "p1", type: "attack", attacker: a, defender: a, card: greenCard }),
    ).toEqual({
      code: "same-combatant",
    });
    while (g.state.turn?.kind === "player") act(g, { by: HOST, type: "end-turn" });
    // The Starting Player (p1) runs the monsters before any reveal.
    script(g, [RED_BAD, RED_BAD, RED_BAD, RED_BAD, RED_BAD, GOOD, GOOD, GOOD, GOOD, GOOD]);
    act(g, {
      by: "p1",
      type: "attack",
      attacker: monster,
      defender: b,
      card: { difficulty: "red", defense: null },
    });
    expect(g.state.pending?.kind).toBe("combat");
  });
});

describe("a ranged shot", () => {
  it("deals its Goods minus each target's own Defense (the seed's shotgun example)", () => {
    const { g, a } = fight();
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
