import { describe, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  type Fact,
  type Settings,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  actionMessage,
  COMMAND_KEYS,
  gameEndMessage,
  helpMessage,
  historyMessage,
  lobbyMessage,
  refusalMessage,
  roleMessage,
  statusMessage,
  type GameMessage,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { item, SHOGGOTH } from "../rules/fixtures.js";
import { act, game, HOST, script, sheet, type Game } from "../rules/support.js";
import { SAMPLE_REFUSALS } from "./samples.js";
import {
  allText,
  ctxFor,
  cultistOf,
  expectClean,
  expectWithinLimits,
  playerView,
  tableView,
} from "./support.js";

/**
 * The worst case Discord must still accept: six players with two characters each, long names
 * and card texts typed by the host (markdown, mentions, emoji), many monsters and items, huge
 * pools of dice. Every renderer stays within every limit.
 */

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  roleDeal: { ...DEFAULT_SETTINGS.roleDeal, table: { charactersPerPlayer: 2, cultists: 1 } },
};
const PLAYERS = ["p1", "p2", "p3", "p4", "p5", "p6"];
const long = (seed: string, n: number) =>
  `**${seed}** <@123456789012345678> @everyone [x](https://e.example) # ${"Ñ̃👨‍👩‍👧‍👦 ".repeat(n)}`;
const NAMES = Object.fromEntries([HOST, ...PLAYERS].map((p) => [p, `${p} ${"🕯️W".repeat(40)}`]));

function worstGame(): Game {
  const g = game(3, SETTINGS);
  const goals = Array.from(
    { length: 12 },
    (_, i) => `${String.fromCharCode(65 + i)}${"x".repeat(40)}`,
  );
  act(g, { by: HOST, type: "open-game", scenario: long("The Scenario", 200), goals });
  for (const p of PLAYERS) act(g, { by: p, type: "join" });
  act(g, { by: HOST, type: "start" });
  for (const p of PLAYERS) {
    for (let i = 0; i < 2; i++) {
      act(g, { by: p, type: "enter-character", sheet: sheet(long(`${p}-${i}`, 60)) });
    }
  }
  for (const number of [15, 20, 25]) {
    act(g, {
      by: HOST,
      type: "add-cultist-card",
      number,
      text: long(`Card ${number}`, 900),
      empowers: true,
    });
  }
  for (let i = 0; i < 6; i++) {
    const text = long(`Madness ${i}`, 700);
    act(g, {
      by: HOST,
      type: "add-academic-card",
      madness: { stage1: text, stage2: text, stage3: text },
    });
  }
  return g;
}

function characters(g: Game): string[] {
  return Object.values(g.state.characters).map((c) => c.id);
}

function dealtWorst(): Game {
  const g = worstGame();
  act(g, { by: HOST, type: "deal", firstPlayer: "p1" });
  const [first] = characters(g) as [string];
  for (let i = 0; i < 30; i++) {
    act(g, {
      by: HOST,
      type: "spawn-monster",
      stats: { ...SHOGGOTH, name: long(`Monster ${i % 3}`, 40) },
    });
  }
  for (const c of characters(g)) {
    for (let i = 0; i < 4; i++) {
      act(g, {
        by: HOST,
        type: "add-item",
        character: c,
        item: item(long(`Item ${i}`, 40), { hands: 0, extraRerolls: 9 }),
      });
    }
    act(g, {
      by: HOST,
      type: "wound",
      target: c,
      tokens: [
        { kind: "speed", delta: -1 },
        { kind: "ability", ability: "brawn", colour: "red" },
      ],
    });
    act(g, { by: HOST, type: "horror", character: c, amount: 5 });
  }
  for (let i = 0; i < 25; i++)
    act(g, {
      by: HOST,
      type: "add-item",
      character: first,
      item: item(long(`Loot ${i}`, 30), { hands: 0 }),
    });
  for (let i = 0; i < 28; i++)
    act(g, {
      by: HOST,
      type: "add-ability-die",
      character: first,
      ability: "focus",
      colour: "green",
    });
  act(g, { by: HOST, type: "find-elder-sign", character: first, piece: "outer" });
  return g;
}

function render(name: string, message: GameMessage): void {
  expectWithinLimits(message);
  expectClean(allText(message));
  if (allText(message).length === 0) throw new Error(`${name} is empty`);
}

describe("the worst case stays within Discord's limits", () => {
  it("the lobby and the setup", () => {
    const g = worstGame();
    render("setup", lobbyMessage(tableView(g), ctxFor(g, 7, NAMES)));
  });

  it("the status, every role view and the history, in play", () => {
    const g = dealtWorst();
    act(g, { by: HOST, type: "advance-stars", amount: 25 });
    const cultist = cultistOf(g);
    act(g, { by: cultist, type: "reveal", transform: { ...SHOGGOTH, name: long("Form", 60) } });
    for (const p of PLAYERS) if (p !== cultist) act(g, { by: p, type: "reveal-madness" });
    for (const round of [0, 1]) {
      if (round) {
        for (let i = 0; i < 6; i++) act(g, { by: HOST, type: "end-turn" });
        for (let i = 0; i < 1; i++) {
          act(g, {
            by: HOST,
            type: "play-star-card",
            card: { name: long("Star", 100), duration: "one-round", advance: 1 },
          });
        }
      }
      const ctx = ctxFor(g, 4_294_967_295, NAMES);
      render("status", statusMessage(tableView(g), ctx));
      for (const p of [HOST, ...PLAYERS]) render(`role ${p}`, roleMessage(playerView(g, p), ctx));
      for (let page = 0; page < 12; page++)
        render("history", historyMessage(tableView(g), g.log, ctx, page));
    }
  });

  it("a check of thirty dice with 36 single-die rerolls from items", () => {
    const g = dealtWorst();
    const [first] = characters(g) as [string];
    script(
      g,
      Array.from({ length: 100 }, (_, i) => (i % 6) + 1),
    );
    const facts: Fact[] = act(g, {
      by: HOST,
      type: "check",
      roller: first,
      ability: "focus",
      difficulty: "red",
    });
    const ctx = ctxFor(g, 4_294_967_295, NAMES);
    const view = tableView(g);
    for (const chosen of [[], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [21, 24, 30]]) {
      const message = actionMessage(view, g.log, facts.length, ctx, { chosenDice: chosen });
      if (!message) throw new Error("no message");
      render("check", message);
    }
  });

  it("an Attack, a steal with everything to take, and the end with every role", () => {
    const g = dealtWorst();
    const [first, second] = characters(g) as [string, string];
    const ctx = ctxFor(g, 4_294_967_295, NAMES);
    script(
      g,
      Array.from({ length: 200 }, () => 1),
    );
    act(g, { by: HOST, type: "steal", thief: second, target: first });
    const steal = act(g, { by: HOST, type: "keep" });
    const stealing = actionMessage(tableView(g), g.log, steal.length, ctx);
    if (!stealing) throw new Error("no message");
    render("steal", stealing);
    act(g, { by: HOST, type: "steal-take", take: { kind: "nothing" } });
    act(g, {
      by: HOST,
      type: "attack",
      attacker: second,
      defender: first,
      card: { difficulty: "red", defense: null },
    });
    act(g, { by: HOST, type: "keep" });
    const fight = act(g, { by: HOST, type: "keep" });
    const afterFight = actionMessage(tableView(g), g.log, fight.length, ctx);
    if (!afterFight) throw new Error("no message");
    render("attack", afterFight);
    act(g, { by: HOST, type: "end-game" });
    render("end", gameEndMessage(tableView(g), ctx));
  });

  it("help with long command names, and every refusal with long names", () => {
    const commands = Object.fromEntries(
      COMMAND_KEYS.map((key) => [key, `${"c".repeat(32)} ${key.padEnd(32, "x")}`]),
    );
    render("help", helpMessage(commands, SETTINGS));
    const g = dealtWorst();
    for (const refusal of Object.values(SAMPLE_REFUSALS)) {
      render(refusal.code, refusalMessage(refusal, "p1", tableView(g), NAMES, g.log));
    }
  });
});
