import { describe, expect, it } from "vitest";

import {
  combatWeird,
  DEFAULT_SETTINGS,
  meleeDamage,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { KUKRI, SHOGGOTH, TENTACLE } from "./fixtures.js";
import {
  act,
  factsOf,
  fightersDealt,
  GOOD,
  GREEN_BAD,
  GREEN_WEIRD,
  HOST,
  RED_BAD,
  refusal,
  script,
  tally,
} from "./support.js";

describe("melee damage", () => {
  it("is own Goods plus the opponent's Bads minus the opponent's Defense", () => {
    expect(meleeDamage(tally(3, 0, 2), tally(1, 1, 2), 1, 0)).toBe(4);
  });

  it("is 0 when the total equals the Defense, 1 when it is one more, never below 0", () => {
    expect(meleeDamage(tally(2, 0, 0), tally(0, 0, 1), 3, 0)).toBe(0);
    expect(meleeDamage(tally(3, 0, 0), tally(0, 0, 1), 3, 0)).toBe(1);
    expect(meleeDamage(tally(0, 5, 0), tally(0, 5, 0), 4, 0)).toBe(0);
  });

  it("adds an item's bonus before the Defense (the Kukri's +1)", () => {
    expect(meleeDamage(tally(2, 0, 0), tally(0, 0, 0), 3, 1)).toBe(0);
    expect(meleeDamage(tally(3, 0, 0), tally(0, 0, 0), 3, 1)).toBe(1);
  });

  it("flags the card's effect at two Weirds, not one", () => {
    expect(combatWeird(tally(0, 2, 3), DEFAULT_SETTINGS)).toBe(true);
    expect(combatWeird(tally(3, 1, 1), DEFAULT_SETTINGS)).toBe(false);
  });
});

const greenCard = { difficulty: "green" as const, defense: null };

describe("an Attack", () => {
  it("has the defender roll first and choose, then the attacker; damage lands at once and both can die", () => {
    const { g, a, b } = fightersDealt();
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
    const { g, a, b } = fightersDealt();
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
    const { g, a, b } = fightersDealt();
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
    const { g, a, b } = fightersDealt();
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
    const { g, a } = fightersDealt();
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
    const { g, a, b } = fightersDealt();
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
