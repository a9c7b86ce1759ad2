import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  COMMAND_KEYS,
  gameEndMessage,
  helpMessage,
  historyLines,
  historyMessage,
  HISTORY_PAGE_SIZE,
  type CommandNames,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { act, HOST } from "../rules/support.js";
import { duelDealt, tableDealt } from "../rules/tables.js";
import {
  allText,
  ctxFor,
  customIds,
  expectClean,
  expectWithinLimits,
  playerView,
  tableView,
} from "./support.js";

describe("the history", () => {
  it("is one line a fact, as far as the viewer may know: the table the public ones, a player also theirs", () => {
    const g = tableDealt(3, "p2", 20);
    act(g, { by: HOST, type: "advance-stars", amount: 20 });
    const table = historyLines(tableView(g), g.log, ctxFor(g));
    const cultist = historyLines(playerView(g, "p2"), g.log, ctxFor(g));
    expect(table).not.toContain("The stars reach **Bob**'s number (20): they may reveal.");
    expect(cultist).toContain("The stars reach **Bob**'s number (20): they may reveal.");
    expect(cultist).toContain("**Bob** is dealt the Cultist card for 20.");
    expect(table.some((line) => line.includes("is dealt"))).toBe(false);
    expect(table.at(-1)).toBe("The Star Chart moves from 0 to **20**.");
  });

  it("pages, newest last, privately for a player", () => {
    const g = tableDealt(3, "p2", 20);
    for (let i = 0; i < 30; i++) act(g, { by: HOST, type: "advance-stars", amount: 1 });
    const lines = historyLines(tableView(g), g.log, ctxFor(g));
    const pages = Math.ceil(lines.length / HISTORY_PAGE_SIZE);
    const last = historyMessage(tableView(g), g.log, ctxFor(g));
    expect(last.embeds[0]?.footer?.text).toBe(`Page ${pages} of ${pages}`);
    expect(last.embeds[0]?.description?.split("\n").at(-1)).toBe(
      "The Star Chart moves from 29 to **30**.",
    );
    expect(customIds(last)).toEqual([
      `cultists:history:g-0001:7:${pages - 2}`,
      `cultists:history:g-0001:7:${pages - 1}`,
    ]);
    expect(last.ephemeral).toBeUndefined();
    const first = historyMessage(playerView(g, "p1"), g.log, ctxFor(g), 0);
    expect(first.ephemeral).toBe(true);
    expect(first.embeds[0]?.description?.split("\n")[0]).toBe(
      "**Hazel** opened a game of **Fungi from Yuggoth** (goals A and B).",
    );
    expectWithinLimits(first);
  });
});

describe("the end of the game", () => {
  it("shows who won and every card, the ones dealt unseen too", () => {
    const g = duelDealt("one-each", 15);
    act(g, { by: HOST, type: "end-game" });
    const message = gameEndMessage(tableView(g), ctxFor(g));
    const text = allText(message);
    expect(message.embeds[0]?.title).toBe("🏁 Fungi from Yuggoth — the game is over");
    expect(text).toContain("The host ended the game.");
    expect(text).toContain("Face up: Cultist (25): Rises at twenty-five");
    expect(text).toMatch(/Discarded unseen: .+ · .+/);
    expect(text).toMatch(/\*\*Ada\*\*: (Cultist \(15\): Rises at fifteen|Academic)/);
    expectWithinLimits(message);
    expectClean(text);
  });
});

describe("help", () => {
  const commands: CommandNames = Object.fromEntries(
    COMMAND_KEYS.map((key) => [key, `cultists ${key}`]),
  );

  it("lists the commands under the names it is given, and only those", () => {
    const text = allText(helpMessage(commands, DEFAULT_SETTINGS));
    for (const key of COMMAND_KEYS) expect(text).toContain(`\`/cultists ${key}\` — `);
    const some = allText(helpMessage({ check: "roll", reveal: "unmask" }, DEFAULT_SETTINGS));
    expect(some).toContain("`/roll` — roll a five-die check");
    expect(some).toContain("`/unmask` — the Cultist reveals");
    expect(some).not.toContain("/cultists");
  });

  it("shows the settings in force: dice faces, thresholds", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      dice: { ...DEFAULT_SETTINGS.dice, red: { good: 0, weird: 3, bad: 3 } },
      thresholds: { good: 4, weird: 2, bad: null },
    };
    const text = allText(helpMessage(commands, settings));
    expect(text).toContain(
      "**Dice faces**: 🟢 Green: ✴️×3 🌿×2 🌀×1 · 🔵 Blue: ✴️×2 🌿×2 🌀×2 · 🔴 Red: ✴️×0 🌿×3 🌀×3",
    );
    expect(text).toContain("**Usual outcomes**: 4+ Goods, 2+ Weirds and no Bad outcome");
    expect(text).toContain("the Weird outcome fires");
    const message = helpMessage(commands, settings);
    expect(message.ephemeral).toBe(true);
    expectWithinLimits(message);
    expectClean(text);
  });
});
