import { describe, expect, it } from "vitest";
import { statusMessage } from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { KUKRI, SHOGGOTH, TENTACLE, item } from "../rules/fixtures.js";
import {
  act,
  characterOf,
  endTurnsUntilUniversity,
  HOST,
  readyToDeal,
  type Game,
} from "../rules/support.js";
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

/** The table's status message, edited in place: what the table reads at a glance. */

function field(g: Game, name: string): string {
  const message = statusMessage(tableView(g), ctxFor(g));
  const found = message.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found.value;
}

function description(g: Game): string {
  return statusMessage(tableView(g), ctxFor(g)).embeds[0]?.description ?? "";
}

/** Three players, p2 the Cultist at 20, a round under way with things on the board. */
function midGame(): Game {
  const g = tableDealt(3, "p2", 20, { academics: 3 });
  const [c1, c2] = [characterOf(g, "p1"), characterOf(g, "p2")];
  act(g, { by: "p1", type: "add-item", character: c1, item: KUKRI });
  act(g, { by: "p1", type: "find-elder-sign", character: c1, piece: "outer" });
  act(g, { by: "p1", type: "horror", character: c1, amount: 5 });
  act(g, { by: "p2", type: "wound", target: c2, tokens: [{ kind: "speed", delta: -1 }] });
  act(g, { by: "p1", type: "spawn-monster", stats: SHOGGOTH });
  act(g, { by: "p1", type: "spawn-monster", stats: TENTACLE });
  act(g, { by: "p1", type: "spawn-monster", stats: TENTACLE });
  act(g, { by: HOST, type: "mark-goal", goal: "A", part: 1 });
  return g;
}

describe("the status message", () => {
  it("names the scenario, the round, whose turn it is and the Starting Player", () => {
    const g = midGame();
    const message = statusMessage(tableView(g), ctxFor(g));
    expect(message.embeds[0]?.title).toBe("🕯️ Fungi from Yuggoth — Round 1");
    expect(description(g)).toContain(
      "▶️ **Ada**'s turn: draw an Event for where you stand, then two actions.",
    );
    expect(description(g)).toContain("Starting Player: **Ada**");
    expectWithinLimits(message);
    expectClean(allText(message));
  });

  it("prompts the University Turn: draw two Star Cards, play one; then the monsters", () => {
    const g = midGame();
    endTurnsUntilUniversity(g);
    expect(description(g)).toContain(
      "🌌 University Turn: **Ada** draws two Star Cards, plays one and shuffles the other back unseen.",
    );
    act(g, {
      by: HOST,
      type: "play-star-card",
      card: { name: "Frozen With Fear", duration: "one-round", advance: 2 },
    });
    expect(description(g)).toContain(
      "the Star Card is played. Each monster moves its Speed toward the closest character",
    );
    expect(field(g, "Star Cards in play")).toBe(
      "⏳ **Frozen With Fear** (One round, +2) — until the next University Turn",
    );
  });

  it("draws the Star Chart as a 1–30 track in fives, marking where the stars may align", () => {
    const g = midGame();
    act(g, { by: HOST, type: "advance-stars", amount: 16 });
    expect(field(g, "Star Chart")).toBe(
      [
        "**16** of 30",
        "`▰▰▰▰▰ ▰▰▰▰▰ ▰▰▰▰◆ ▰▱▱▱◇ ▱▱▱▱◇ ▱▱▱▱▱`",
        "The stars may align at 15, 20 or 25 (◆).",
      ].join("\n"),
    );
  });

  it("shows each character's Wounds, Horror and stage, Speed, Defense, abilities as dice and what they hold", () => {
    const g = midGame();
    const characters = statusMessage(tableView(g), ctxFor(g)).embeds[1]?.fields ?? [];
    expect(characters.map((f) => f.name)).toEqual([
      "p1-hero1 · Ada",
      "p2-hero1 · Bob",
      "p3-hero1 · Carol",
    ]);
    expect(characters[0]?.value).toBe(
      [
        "🩸 Wounds 0 of 5 · 🏃 Speed 3 · 🛡️ Defense 1",
        "😱 Horror 5/10 · Stage 2 (3 at 7)",
        "Brawn 🟢🔵 · Finesse 🔵🔵 · Reason 🟢🟢 · Focus 🟢🔵",
        "Holds **Kukri** (Item, one hand), ✴️ Elder Sign: 1 outer piece",
      ].join("\n"),
    );
    expect(characters[1]?.value).toContain("🩸 Wounds 1 of 5 · 🏃 Speed 2");
    expect(characters[1]?.value).toContain("Wound tokens: Speed −1");
  });

  it("lists the monsters, telling apart two of a kind, and the goals done", () => {
    const g = midGame();
    expect(field(g, "Monsters")).toBe(
      [
        "**Shoggoth**: 8/8 Wounds left · Defense 4 · Speed 3 · Attack 🟢🟢🟢 · Horror 3",
        "**Tentacle #1**: 1/1 Wounds left · Defense 3 · Speed 1 · Attack 🔴 · Horror 1",
        "**Tentacle #2**: 1/1 Wounds left · Defense 3 · Speed 1 · Attack 🔴 · Horror 1",
      ].join("\n"),
    );
    expect(field(g, "Goals")).toBe("✅ A1 · ⬜ A2\n⬜ B1 · ⬜ B2");
    expect(field(g, "On the ground")).toBe(
      "Still in the bag: 4 outer pieces and the centre piece of the Elder Sign",
    );
  });

  it("after a reveal: the Cultist shown, and the reminder that Cultists draw no Events", () => {
    const g = midGame();
    expect(field(g, "Roles")).toMatch(/^The roles are secret\./);
    expect(description(g)).not.toContain("Cultists draw no Events");
    act(g, { by: HOST, type: "advance-stars", amount: 20 });
    act(g, { by: "p2", type: "reveal" });
    act(g, { by: "p1", type: "reveal-madness" });
    expect(description(g)).toContain("🕯️ Cultists draw no Events; Academics may choose to.");
    const roles = field(g, "Roles");
    expect(roles).toContain(
      "🕯️ **Bob** is the Cultist as **p2-hero1** — Cultist (20): Rises at twenty",
    );
    expect(roles).toMatch(/🧠 \*\*Ada\*\*'s Madness — \*\*Stage 1\*\*: flavour \d/);
    const characters = statusMessage(tableView(g), ctxFor(g)).embeds[1]?.fields ?? [];
    expect(characters[1]?.name).toBe("🕯️ p2-hero1 · Bob");
  });

  it("says when a roll waits, and when play waits for a two-player reveal", () => {
    const g = midGame();
    act(g, {
      by: "p1",
      type: "check",
      roller: characterOf(g, "p1"),
      ability: "focus",
      difficulty: "red",
    });
    expect(description(g)).toContain("🎲 **p1-hero1**'s Focus roll waits for its reroll or keep.");
  });

  it("offers each player their role, privately, and carries the game and version", () => {
    const g = midGame();
    const message = statusMessage(tableView(g), ctxFor(g, 41));
    expect(buttonLabelled(message, "My role")?.label).toBe("My role (only you see it)");
    expect(customIds(message)).toEqual(["cultists:role:g-0001:41"]);
  });

  it("is the lobby before the deal, with join, leave and start", () => {
    const g = readyToDeal(3);
    const message = statusMessage(
      tableView({ ...g, state: { ...g.state, phase: "lobby" } }),
      ctxFor(g),
    );
    expect(customIds(message)).toEqual([
      "cultists:join:g-0001:7",
      "cultists:leave:g-0001:7",
      "cultists:start:g-0001:7",
    ]);
  });

  it("puts what was dropped on the ground, with who dropped it", () => {
    const g = midGame();
    const c1 = characterOf(g, "p1");
    const lamp = item("Lamp");
    act(g, { by: "p1", type: "add-item", character: c1, item: lamp });
    const lampId = Object.values(g.state.items).find((i) => i.name === "Lamp")?.id as string;
    act(g, { by: "p1", type: "drop-item", character: c1, item: lampId });
    expect(field(g, "On the ground")).toContain(
      "**Lamp** (Item, one hand), where p1-hero1 dropped it",
    );
  });
});
