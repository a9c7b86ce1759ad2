import { describe, expect, it } from "vitest";
import type { Action, Fact } from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  actionMessage,
  readComponentId,
  readTakeValue,
  type GameMessage,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { item, KUKRI, SHOGGOTH, TENTACLE } from "../rules/fixtures.js";
import { act, characterOf, HOST, script, type Game } from "../rules/support.js";
import { tableDealt } from "../rules/tables.js";
import {
  allText,
  buttonLabelled,
  ctxFor,
  customIds,
  expectClean,
  expectWithinLimits,
  tableView,
} from "./support.js";

/**
 * Five-die rolls on the table: the dice with their colours and faces, the counts, the outcomes,
 * the reroll buttons while a reroll is open; Attacks, shots and steals with both sides and what
 * they did. Dice are scripted (faces, Good first: Green 1-3 Good, 4-5 Weird, 6 Bad; Blue 1-2,
 * 3-4, 5-6; Red 1, 2-3, 4-6).
 */

const G = { good: 1, weird: 4, bad: 6 };
const B = { good: 1, weird: 3, bad: 5 };
const R = { good: 1, weird: 2, bad: 4 };

/** Applies an action and renders the table's message for it. */
function play(g: Game, action: Action, chosenDice: number[] = []): GameMessage {
  const facts: Fact[] = act(g, action);
  const message = actionMessage(tableView(g), g.log, facts.length, ctxFor(g), { chosenDice });
  if (!message) throw new Error(`nothing to show for ${action.type}`);
  expectWithinLimits(message);
  expectClean(allText(message));
  return message;
}

/** A press on a button of `message`, turned back into the action it stands for. */
function press(message: GameMessage, label: string, by: string): Action {
  const found = buttonLabelled(message, label);
  if (!found || !("custom_id" in found)) throw new Error(`no button ${label}`);
  expect(found.disabled ?? false).toBe(false);
  const parsed = readComponentId(found.custom_id, "cultists");
  if (parsed?.action === "keep") return { by, type: "keep" };
  if (parsed?.action !== "reroll") throw new Error(`not a reroll: ${found.custom_id}`);
  return {
    by,
    type: "reroll",
    ...(parsed.result ? { result: parsed.result } : {}),
    dice: parsed.dice,
  };
}

/** Nelson's Focus (Green Blue) at Red: Green, Blue, Red, Red, Red. */
function focusCheck(nelson: string): Action {
  return { by: "p1", type: "check", roller: nelson, ability: "focus", difficulty: "red" };
}

function game(): { g: Game; nelson: string; bob: string } {
  const g = tableDealt(3, "p2", 20);
  return { g, nelson: characterOf(g, "p1"), bob: characterOf(g, "p2") };
}

describe("a five-die check", () => {
  it("shows every die with its colour and face, the counts, the outcomes, and the reroll buttons", () => {
    const { g, nelson } = game();
    script(g, [G.good, B.weird, R.bad, R.bad, R.good]);
    const rolled = play(g, focusCheck(nelson));
    const [embed] = rolled.embeds;
    expect(embed?.title).toBe("🎲 p1-hero1 rolls Focus at Red");
    expect(embed?.description).toBe(
      [
        "🟢✴️  🔵🌿  🔴🌀  🔴🌀  🔴✴️",
        "✴️ 2 Goods · 🌿 1 Weird · 🌀 2 Bads",
        "Outcomes if kept: 🌀 **2+ Bads**. (this check: 3+ Goods, 2+ Weirds, 2+ Bads)",
        "One reroll: every die showing one result; then the roll stands. Or keep it.",
      ].join("\n"),
    );
    expect(rolled.components[0]?.components.map((c) => ("label" in c ? c.label : ""))).toEqual([
      "Reroll all Weird (1)",
      "Reroll all Bad (2)",
      "Reroll all Good (2)",
      "Keep",
    ]);
    expect(customIds(rolled)).toEqual([
      "cultists:reroll:g-0001:7:w::1",
      "cultists:reroll:g-0001:7:b::1",
      "cultists:reroll:g-0001:7:g::1",
      "cultists:keep:g-0001:7:1",
    ]);

    // The seed's example: reroll the two Bads; the roll is final, no buttons are left.
    script(g, [R.good, R.weird]);
    const final = play(g, press(rolled, "Reroll all Bad", "p1"));
    expect(final.embeds[0]?.description).toBe(
      [
        "🟢✴️  🔵🌿  🔴✴️↻  🔴🌿↻  🔴✴️",
        "✴️ 3 Goods · 🌿 2 Weirds · 🌀 0 Bads",
        "Outcomes: ✴️ **Good** and 🌿 **Weird**.",
        "↻ 2 dice rerolled.",
        "Final: the roll stands.",
      ].join("\n"),
    );
    expect(final.components).toEqual([]);
  });

  it("disables the reroll of a result no die shows", () => {
    const { g, nelson } = game();
    script(g, [G.good, B.good, R.good, R.good, R.weird]);
    const rolled = play(g, focusCheck(nelson));
    expect(buttonLabelled(rolled, "Reroll all Bad (0)")?.disabled).toBe(true);
  });

  it("lets items' single dice join the reroll: chosen in a menu, carried by every button", () => {
    const { g, nelson } = game();
    act(g, {
      by: "p1",
      type: "add-item",
      character: nelson,
      item: item("Lucky Charm", { extraRerolls: 2, hands: 0 }),
    });
    script(g, [G.good, B.weird, R.bad, R.bad, R.good]);
    const rolled = play(g, focusCheck(nelson));
    const menu = rolled.components[1]?.components[0];
    expect(menu && "options" in menu ? menu.options.map((o) => o.label) : []).toEqual([
      "Die 1: Green, Good",
      "Die 2: Blue, Weird",
      "Die 3: Red, Bad",
      "Die 4: Red, Bad",
      "Die 5: Red, Good",
    ]);
    expect(menu && "max_values" in menu ? [menu.min_values, menu.max_values] : []).toEqual([0, 2]);

    // Dice 2 (Weird) and 3 (Bad) chosen: each button carries the ones it does not reroll anyway.
    const chosen = actionMessage(tableView(g), g.log, 1, ctxFor(g), { chosenDice: [1, 2] });
    if (!chosen) throw new Error("no message");
    expectWithinLimits(chosen);
    expect(chosen.components[0]?.components.map((c) => ("label" in c ? c.label : ""))).toEqual([
      "Reroll all Weird (1) + 1 die",
      "Reroll all Bad (2) + 1 die",
      "Reroll all Good (2) + 2 dice",
      "Keep",
      "Reroll only the 2 chosen dice",
    ]);
    // Every one of them is a reroll the rules accept.
    for (const label of ["Reroll all Weird", "Reroll all Bad", "Reroll all Good", "Reroll only"]) {
      const copy: Game = { ...g, state: structuredClone(g.state), log: [...g.log] };
      script(copy, [1, 1, 1, 1, 1]);
      expect(() => act(copy, press(chosen, label, "p1"))).not.toThrow();
    }
  });

  it("rolls a monster's check once, with no reroll", () => {
    const { g } = game();
    act(g, { by: HOST, type: "spawn-monster", stats: SHOGGOTH });
    script(g, [G.good, G.good, G.weird, R.bad, R.bad]);
    const message = play(g, {
      by: HOST,
      type: "check",
      roller: Object.keys(g.state.monsters)[0] as string,
      ability: "brawn",
      difficulty: "red",
    });
    expect(message.embeds[0]?.title).toBe("🎲 Shoggoth rolls Attack dice at Red");
    expect(message.embeds[0]?.description).toContain("Final: monsters never reroll.");
    expect(message.components).toEqual([]);
  });
});

describe("an Attack", () => {
  it("shows the defender's roll first, then the attacker's with its rerolls, then the damage each way", () => {
    const { g, nelson } = game();
    act(g, { by: HOST, type: "spawn-monster", stats: { ...TENTACLE, defense: 0, wounds: 3 } });
    const tentacle = Object.keys(g.state.monsters)[0] as string;
    // The Tentacle's one Red die, then its fill of Red; Nelson's Brawn Green Blue, then Red.
    script(g, [R.weird, R.weird, R.bad, R.good, R.good]);
    script(g, [R.weird, R.weird, R.bad, R.good, R.good, G.good, B.good, R.bad, R.weird, R.weird]);
    const attack = play(g, {
      by: "p1",
      type: "attack",
      attacker: nelson,
      defender: tentacle,
      card: { difficulty: "red", defense: null },
    });
    expect(attack.embeds.map((e) => e.title)).toEqual([
      "🛡️ Tentacle defends with Attack dice at Red",
      "⚔️ p1-hero1 attacks with Brawn at Red",
      "⚔️ p1-hero1 attacks Tentacle",
    ]);
    expect(attack.embeds[0]?.description).toContain(
      "🌿 **2+ Weirds**: the Combat card's effect applies to Tentacle.",
    );
    expect(buttonLabelled(attack, "Keep")).toBeDefined();

    const resolved = play(g, { by: "p1", type: "keep" });
    expect(resolved.embeds).toHaveLength(3);
    const result = resolved.embeds[2]?.description ?? "";
    expect(result).toContain(
      "**p1-hero1** deals **3** to **Tentacle** (2 Goods + their 1 Bad − Defense, with any item bonus).",
    );
    expect(result).toContain(
      "**Tentacle** deals **2** to **p1-hero1** (2 Goods + their 1 Bad − Defense, with any item bonus).",
    );
    expect(result).toContain("🌿 Two Weirds: the card's effect for **Tentacle** and **p1-hero1**.");
    expect(result).toContain("**Tentacle** takes 3 Wounds; 0 left.");
    expect(result).toContain("💀 **Tentacle** dies.");
    expect(resolved.components).toEqual([]);
  });

  it("adds an item's damage: the Kukri's +1", () => {
    const { g, nelson } = game();
    act(g, { by: "p1", type: "add-item", character: nelson, item: KUKRI });
    act(g, { by: HOST, type: "spawn-monster", stats: { ...SHOGGOTH, defense: 0 } });
    const shoggoth = Object.keys(g.state.monsters)[0] as string;
    script(g, [
      G.weird,
      G.weird,
      G.weird,
      R.weird,
      R.weird,
      G.good,
      B.weird,
      R.weird,
      R.weird,
      R.weird,
    ]);
    play(g, {
      by: "p1",
      type: "attack",
      attacker: nelson,
      defender: shoggoth,
      card: { difficulty: "red", defense: null },
    });
    const resolved = play(g, { by: "p1", type: "keep" });
    expect(resolved.embeds[2]?.description).toContain("**p1-hero1** deals **2** to **Shoggoth**");
  });
});

describe("a shot and a steal", () => {
  it("shows a shot's damage to each target", () => {
    const { g, nelson } = game();
    act(g, { by: HOST, type: "spawn-monster", stats: TENTACLE });
    act(g, { by: HOST, type: "spawn-monster", stats: { ...SHOGGOTH, defense: 1 } });
    const [tentacle, shoggoth] = Object.keys(g.state.monsters) as [string, string];
    script(g, [G.good, B.good, R.good, R.weird, R.weird]);
    play(g, {
      by: "p1",
      type: "ranged",
      shooter: nelson,
      ability: "focus",
      difficulty: "red",
      targets: [tentacle, shoggoth],
      damageResults: ["good", "weird"],
    });
    const shot = play(g, { by: "p1", type: "keep" });
    expect(shot.embeds.at(-1)?.title).toBe("🎯 p1-hero1's shot");
    expect(shot.embeds.at(-1)?.description).toContain(
      "**2** damage to **Tentacle** (after its Defense)",
    );
    expect(shot.embeds.at(-1)?.description).toContain(
      "**4** damage to **Shoggoth** (after its Defense)",
    );
  });

  it("after a successful steal, offers what the target holds, and says what was taken", () => {
    const { g, nelson, bob } = game();
    act(g, { by: "p2", type: "add-item", character: bob, item: KUKRI });
    act(g, { by: "p2", type: "find-elder-sign", character: bob, piece: "outer" });
    script(g, [B.good, B.good, R.good, R.bad, R.bad]);
    play(g, { by: "p1", type: "steal", thief: nelson, target: bob });
    const stole = play(g, { by: "p1", type: "keep" });
    expect(stole.embeds.at(-1)?.description).toContain(
      "Success: the Goods reach p2-hero1's Defense.",
    );
    const menu = stole.components.at(-1)?.components[0];
    const options = menu && "options" in menu ? menu.options : [];
    expect(options.map((o) => o.label)).toEqual([
      "Kukri",
      "All their Elder Sign pieces (1 outer piece)",
      "Take nothing",
    ]);
    const take = readTakeValue(options[0]?.value ?? "");
    if (!take) throw new Error("no take value");
    const taken = play(g, { by: "p1", type: "steal-take", take });
    expect(taken.embeds.at(-1)?.description).toContain(
      "**p1-hero1** takes **Kukri** from **p2-hero1**.",
    );
    expect(taken.components).toEqual([]);
  });
});

describe("Horror, Wounds and the Elder Sign", () => {
  it("says when a Madness stage is entered, when Horror overflows into Wounds, and a death", () => {
    const { g, nelson } = game();
    const first = play(g, { by: "p1", type: "horror", character: nelson, amount: 12 });
    expect(first.embeds[0]?.description).toBe(
      [
        "**p1-hero1** suffers 12 Horror (now 10). ⚠️ **p1-hero1** is now at Stage 3 of their Madness.",
        "**p1-hero1**'s Horror track is full: the rest becomes 2 Wounds.",
        "**p1-hero1** takes 2 Wounds; 3 left.",
      ].join("\n"),
    );
    const second = play(g, { by: "p1", type: "horror", character: nelson, amount: 3 });
    expect(second.embeds[0]?.description).toContain("💀 **p1-hero1** dies.");
    expect(second.embeds[0]?.description).not.toContain("is now at Stage");
  });

  it("celebrates a complete Elder Sign", () => {
    const { g, nelson } = game();
    for (let i = 0; i < 5; i++)
      act(g, { by: "p1", type: "find-elder-sign", character: nelson, piece: "outer" });
    const done = play(g, { by: "p1", type: "find-elder-sign", character: nelson, piece: "centre" });
    expect(done.embeds[0]?.description).toContain("✴️ **p1-hero1** holds a complete Elder Sign!");
  });

  it("keeps a private fact out of the table's message", () => {
    const { g, nelson } = game();
    const facts = act(g, { by: "p1", type: "horror", character: nelson, amount: 4 });
    expect(facts.map((f) => f.type)).toContain("madness-stage-entered");
    const message = actionMessage(tableView(g), g.log, facts.length, ctxFor(g));
    expect(allText(message as GameMessage)).not.toContain("enters Stage");
  });
});
