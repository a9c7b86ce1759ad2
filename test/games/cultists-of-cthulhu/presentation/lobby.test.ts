import { describe, expect, it } from "vitest";
import {
  lobbyMessage,
  refusalMessage,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { act, game, HOST, readyToDeal, sheet } from "../rules/support.js";
import { allText, ctxFor, customIds, expectWithinLimits, tableView } from "./support.js";

describe("the lobby", () => {
  it("shows who joined and the host, with Join, Leave and Start", () => {
    const g = game();
    act(g, { by: HOST, type: "open-game", scenario: "Cult of Cthulhu" });
    act(g, { by: "p1", type: "join" });
    act(g, { by: "p2", type: "join" });
    const message = lobbyMessage(tableView(g), ctxFor(g));
    expect(message.embeds[0]?.title).toBe("🕯️ Cultists of Cthulhu — Cult of Cthulhu");
    expect(message.embeds[0]?.description).toBe(
      "Host: **Hazel**\nGoals: **A** and **B**\nJoin with the button below. The host starts once 1–6 players have joined.",
    );
    expect(message.embeds[0]?.fields?.[0]).toEqual({
      name: "Players (2 of 6)",
      value: "**Ada**\n**Bob**",
    });
    expect(customIds(message)).toEqual([
      "cultists:join:g-0001:7",
      "cultists:leave:g-0001:7",
      "cultists:start:g-0001:7",
    ]);
    expectWithinLimits(message);
  });

  it("once started, shows what each player entered and the cards still missing before the deal", () => {
    const g = game();
    act(g, { by: HOST, type: "open-game", scenario: "Cult of Cthulhu" });
    for (const p of ["p1", "p2", "p3"]) act(g, { by: p, type: "join" });
    act(g, { by: HOST, type: "start" });
    act(g, { by: "p1", type: "enter-character", sheet: sheet("Nelson Blake") });
    act(g, {
      by: HOST,
      type: "add-cultist-card",
      number: 20,
      text: "Secret words",
      empowers: false,
    });
    const message = lobbyMessage(tableView(g), ctxFor(g));
    const text = allText(message);
    expect(text).toContain("✅ **Ada**: Nelson Blake (1/1)");
    expect(text).toContain("⬜ **Bob**: no character yet (0/1)");
    expect(text).toContain("Cultist cards: ⬜ 15 · ✅ 20 · ⬜ 25");
    expect(text).not.toContain("Secret words");
    expect(customIds(message)).toEqual(["cultists:deal:g-0001:7"]);
  });

  it("alone: the candidates for the set-aside character, before any is drawn", () => {
    const g = readyToDeal(1, { candidates: 2 });
    expect(allText(lobbyMessage(tableView(g), ctxFor(g)))).toContain(
      "One of **spare1** or **spare2**, drawn unseen.",
    );
  });
});

describe("a refusal", () => {
  it("is private, says what to do, and pings nobody even when a name is a mention", () => {
    const g = readyToDeal(3);
    const message = refusalMessage({ code: "not-your-turn", player: "p1" }, "p2", tableView(g), {
      p1: "@everyone <@123456789012345678>",
    });
    expect(message.ephemeral).toBe(true);
    expect(message.allowedMentions).toEqual({ parse: [] });
    expect(message.embeds[0]?.description).toBe(
      "⛔ It's **@\u200beveryone \\<@123456789012345678\\>**'s turn: wait for them, or the host can act for them.",
    );
  });

  it("reads without a game", () => {
    const message = refusalMessage({ code: "no-game" }, "p1", null, {});
    expect(message.embeds[0]?.description).toBe(
      "⛔ There is no game of Cultists of Cthulhu here yet: open one first.",
    );
  });
});
