import { describe, expect, it } from "vitest";
import {
  readComponentId,
  revealChoice,
  roleMessage,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { act, characterOf, CULTIST_TEXT, HOST, readyToDeal } from "../rules/support.js";
import { duelDealt, soloRowCultistAt, tableDealt } from "../rules/tables.js";
import {
  allText,
  ctxFor,
  cultistOf,
  customIds,
  expectWithinLimits,
  playerView,
} from "./support.js";

/** A player's private view of their role: only from their own view, always ephemeral. */

describe("the private role view", () => {
  it("shows the Cultist their card and number, and the Reveal once the stars reach it", () => {
    const g = tableDealt(3, "p2", 20, { academics: 3 });
    const before = roleMessage(playerView(g, "p2"), ctxFor(g));
    expect(before.ephemeral).toBe(true);
    expect(before.embeds[0]?.title).toBe("🔒 Your role: the Cultist");
    expect(before.embeds[0]?.description).toContain(
      "**Cultist — the stars align at 20**\nRises at twenty",
    );
    expect(before.embeds[0]?.description).toContain(
      "The Star Chart is at 0; you may reveal once it reaches 20.",
    );
    expect(before.components).toEqual([]);

    act(g, { by: HOST, type: "advance-stars", amount: 20 });
    const now = roleMessage(playerView(g, "p2"), ctxFor(g));
    expect(now.embeds[0]?.description).toContain(
      "✨ **The stars have reached your number: you may reveal** — on anyone's turn, at no action cost.",
    );
    expect(customIds(now)).toEqual(["cultists:reveal:g-0001:7"]);
    expectWithinLimits(now);

    act(g, { by: "p2", type: "reveal" });
    const after = roleMessage(playerView(g, "p2"), ctxFor(g));
    expect(after.embeds[0]?.description).toContain("You have revealed.");
    expect(after.components).toEqual([]);
  });

  it("shows an Academic their Madness stage by stage, marks the stages in force, and never another's card", () => {
    const g = tableDealt(3, "p2", 20, { academics: 3 });
    act(g, { by: "p1", type: "horror", character: characterOf(g, "p1"), amount: 4 });
    const message = roleMessage(playerView(g, "p1"), ctxFor(g));
    const text = message.embeds[0]?.description ?? "";
    expect(message.embeds[0]?.title).toBe("🔒 Your role: an Academic");
    expect(text).toMatch(
      /\*\*Stage 1\*\*: flavour \d\n\*\*Stage 2 — in force\*\*: rule two \d\n\*\*Stage 3\*\*: rule three \d/,
    );
    expect(text).toContain("Madness now — **p1-hero1**: Stage 2.");
    expect(text).toContain("Until a Cultist reveals, don't show or read out this card");
    expect(allText(message)).not.toContain(CULTIST_TEXT[20]);
    expect(message.components).toEqual([]);
  });

  it("offers an Academic to show their Madness once a Cultist has revealed, once", () => {
    const g = tableDealt(3, "p2", 20, { academics: 3 });
    act(g, { by: HOST, type: "advance-stars", amount: 20 });
    act(g, { by: "p2", type: "reveal" });
    const offer = roleMessage(playerView(g, "p1"), ctxFor(g));
    expect(customIds(offer)).toEqual(["cultists:madness:g-0001:7"]);
    expect(offer.embeds[0]?.description).toContain(
      "A Cultist has acted: you may show your Madness to the table.",
    );
    act(g, { by: "p1", type: "reveal-madness" });
    expect(roleMessage(playerView(g, "p1"), ctxFor(g)).components).toEqual([]);
  });

  it("two players: the Cultist must reveal, choosing which character is sacrificed", () => {
    const g = duelDealt("one-each", 15);
    const cultist = cultistOf(g);
    act(g, { by: HOST, type: "advance-stars", amount: 15 });
    const message = roleMessage(playerView(g, cultist), ctxFor(g));
    expect(message.embeds[0]?.description).toContain(
      "⚠️ **The stars have reached your number: you must reveal now.**",
    );
    const labels = message.components.flatMap((r) =>
      r.components.map((c) => ("label" in c ? c.label : "")),
    );
    const [first, second] = [characterOf(g, cultist, 0), characterOf(g, cultist, 1)].map(
      (id) => g.state.characters[id]?.sheet.name,
    );
    expect(labels).toEqual([
      `Reveal: sacrifice ${first ?? ""}, ${second ?? ""} becomes the Cultist`,
      `Reveal: sacrifice ${second ?? ""}, ${first ?? ""} becomes the Cultist`,
    ]);
    expectWithinLimits(message);

    // The first button, pressed: the rules take the choice it stands for.
    const press = readComponentId(customIds(message)[0] ?? "", "cultists");
    if (press?.action !== "reveal" || press.choice === null) throw new Error("not a reveal choice");
    const choice = revealChoice(playerView(g, cultist), press.choice);
    expect(choice).toEqual({
      cultist: characterOf(g, cultist, 1),
      sacrifice: characterOf(g, cultist, 0),
    });
    act(g, { by: cultist, type: "reveal", ...choice });
    expect(g.state.characters[characterOf(g, cultist, 0)]?.dead).toBe(true);
  });

  it("one player: each character's card", () => {
    const g = soloRowCultistAt(0, { academics: 3 });
    const message = roleMessage(playerView(g, "p1"), ctxFor(g));
    expect(message.embeds.map((e) => e.title)).toEqual([
      "🔒 p1-hero1's card: an Academic",
      "🔒 p1-hero2's card: an Academic",
      "🔒 p1-hero3's card: an Academic",
    ]);
    expect(message.components).toEqual([]);
  });

  it("tells someone without a card, and before the deal, that there is none", () => {
    const g = tableDealt(3, "p2", 20);
    expect(roleMessage(playerView(g, HOST), ctxFor(g)).embeds[0]?.description).toBe(
      "You hold no Role card in this game: you are not one of its players.",
    );
    const lobby = readyToDeal(3);
    expect(roleMessage(playerView(lobby, "p1"), ctxFor(lobby)).embeds[0]?.description).toBe(
      "The roles are dealt when the host deals. Come back then.",
    );
  });
});
