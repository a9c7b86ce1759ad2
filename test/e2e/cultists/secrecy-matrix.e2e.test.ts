/**
 * Hidden information, through the real bot, over every read path a player has: every message
 * in the channel (the status and each announcement), their own answers to /cultists status,
 * role, history and help, the choices autocomplete offers them, the refusals they get, their
 * direct messages, and the bot's log at info. For each mode and phase, nobody reads a secret the
 * rules keep from them: a Cultist card's text while it is face down or in another's hand, who
 * holds the Cultist, or the set-aside character. (The game has no export.)
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { extraPlayerId, startSeededBot, type SeededBot } from "../support/seeded-bot.js";
import { answer, choices, pressOn, sheetOptions, tableReady, textOf } from "../support/cultists.js";

/** The Cultist cards tableReady enters, by number. */
const CARD_TEXT = { 15: "The Mi-Go come", 20: "Become a Mi-Go", 25: "The Outer God" } as const;
const CULTIST_ROLE = "Your role: the Cultist";
const SPECTATOR = extraPlayerId(9);

/** Options that autocomplete, with the subcommand that has them. */
const AUTOCOMPLETED: readonly (readonly [string, string])[] = [
  ["check", "character"],
  ["attack", "attacker"],
  ["attack", "defender"],
  ["wound", "target"],
  ["horror", "character"],
  ["reveal", "cultist"],
  ["reveal", "sacrifice"],
  ["card remove", "card"],
];

let t: SeededBot | undefined;

afterEach(async () => {
  await t?.stop();
  t = undefined;
});

async function start(token: string, players: number): Promise<SeededBot> {
  t = await startSeededBot(`MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-secrecy-${token}`, { players });
  return t;
}

/**
 * What the table read before the deal: the cards the host entered then are the scenario's, known
 * to everyone; what is dealt is not. Only what changed since is checked: messages posted or
 * edited, and history lines added.
 */
interface BeforeDeal {
  messages: ReadonlyMap<string, string>;
  history: ReadonlySet<string>;
}

async function beforeDeal(bot: SeededBot, channelId: string): Promise<BeforeDeal> {
  const history = textOf(await answer(bot, SPECTATOR, "history"));
  return {
    messages: new Map(bot.fake.channelMessages(channelId).map((m) => [m.id, textOf(m)])),
    history: new Set(history.split("\n")),
  };
}

/** Everything `reader` can read of the game now, path by path (see BeforeDeal). */
async function readable(bot: SeededBot, reader: string, channelId: string, setup: BeforeDeal) {
  const sinceDeal = bot.fake
    .channelMessages(channelId)
    .filter((m) => setup.messages.get(m.id) !== textOf(m))
    .map(textOf);
  const history = textOf(await answer(bot, reader, "history"))
    .split("\n")
    .filter((line) => !setup.history.has(line));
  const paths: Record<string, string> = {
    channel: sinceDeal.join("\n"),
    status: textOf(await answer(bot, reader, "status")),
    history: history.join("\n"),
    help: textOf(await answer(bot, reader, "help")),
    dms: bot.fake.directMessagesTo(reader).map(textOf).join("\n"),
  };
  const offered: string[] = [];
  for (const [path, focused] of AUTOCOMPLETED) {
    for (const c of await choices(bot, reader, path, focused)) offered.push(`${c.name} ${c.value}`);
  }
  paths.autocomplete = offered.join("\n");
  // Each path answered for real (an error or an empty answer would hide nothing and prove nothing).
  expect(paths.status).toContain("Fungi from Yuggoth");
  expect(paths.help).toContain("/cultists");
  expect(paths.autocomplete).toContain("Investigator 1-1");
  expect(textOf(await answer(bot, reader, "history"))).toContain("deal");
  paths.refusals = [
    textOf(await answer(bot, reader, "reveal")),
    textOf(await answer(bot, reader, "card remove", { card: "k1" })),
    textOf(await answer(bot, reader, "madness")),
  ].join("\n");
  return paths;
}

/** The bot's log lines at info and above, as an operator reads them. */
function logText(bot: SeededBot): string {
  const log = bot.bot.stdout();
  expect(log).toContain('"level":30');
  return log;
}

function expectNone(paths: Record<string, string>, secrets: readonly string[], who: string) {
  for (const [path, text] of Object.entries(paths)) {
    for (const secret of secrets) {
      expect(text.includes(secret), `${who} reads "${secret}" in ${path}`).toBe(false);
    }
  }
}

async function rolesOf(bot: SeededBot, players: readonly string[]) {
  const roles = new Map<string, string>();
  for (const p of players) roles.set(p, textOf(await answer(bot, p, "role")));
  return roles;
}

describe("secrets, over every read path", () => {
  it("three players: an Academic and a spectator read no Cultist card nor who holds it", async () => {
    const bot = await start("three", 3);
    const players = [bot.playerId, bot.secondPlayerId, extraPlayerId(3)];
    const lobby = await tableReady(bot, bot.gmId, players, 1);
    const setup = await beforeDeal(bot, lobby.channel_id);
    await pressOn(bot, lobby, "deal", bot.gmId).response();
    const roles = await rolesOf(bot, players);
    const cultist = players.find((p) => roles.get(p)?.includes(CULTIST_ROLE)) ?? "";
    const academic = players.find((p) => p !== cultist) ?? "";
    const secrets = [...Object.values(CARD_TEXT), CULTIST_ROLE];
    for (const phase of ["dealt", "stars reached"]) {
      if (phase === "stars reached") await answer(bot, bot.gmId, "stars advance", { amount: 25 });
      for (const reader of [academic, SPECTATOR]) {
        const paths = await readable(bot, reader, lobby.channel_id, setup);
        paths.role = reader === academic ? textOf(await answer(bot, reader, "role")) : "";
        expectNone(paths, secrets, `${phase}: ${reader}`);
      }
      expectNone({ log: logText(bot) }, [CULTIST_ROLE, ...Object.values(CARD_TEXT)], "the log");
    }
    // The Cultist alone was told, privately, that the stars are right for them.
    expect(bot.fake.directMessagesTo(cultist).map(textOf).join("\n")).toContain("may reveal");
  }, 120_000);

  it("two players: the 25 is public, the 15 and 20 only in their holder's hand", async () => {
    const bot = await start("two", 2);
    const players = [bot.playerId, bot.secondPlayerId];
    const lobby = await tableReady(bot, bot.gmId, players, 2);
    const setup = await beforeDeal(bot, lobby.channel_id);
    await answer(bot, bot.gmId, "deal", { first: players[0] ?? "" });
    const roles = await rolesOf(bot, players);
    const hidden = [CARD_TEXT[15], CARD_TEXT[20]];
    const spectatorReads = await readable(bot, SPECTATOR, lobby.channel_id, setup);
    expect(spectatorReads.status).toContain(CARD_TEXT[25]);
    expectNone(spectatorReads, [...hidden, CULTIST_ROLE], "the spectator");
    for (const p of players) {
      const own = roles.get(p) ?? "";
      const others = hidden.filter((text) => !own.includes(text));
      expectNone(await readable(bot, p, lobby.channel_id, setup), others, p);
    }
    expectNone({ log: logText(bot) }, [...hidden, CULTIST_ROLE], "the log");
  }, 120_000);

  it("one player: the face-down row stays unseen, and which candidate was set aside", async () => {
    const bot = await start("one", 1);
    const player = bot.playerId;
    const lobby = await tableReady(bot, bot.gmId, [player], 3);
    const candidates = ["Stranger Abel", "Wanderer Cole"];
    for (const name of candidates) {
      await answer(bot, player, "character enter", { ...sheetOptions(name), "set-aside": true });
    }
    await vi.waitFor(() => {
      expect(textOf(bot.fake.message(lobby.id))).toContain(candidates[1]);
    });
    const setup = await beforeDeal(bot, lobby.channel_id);
    await answer(bot, bot.gmId, "deal");
    await vi.waitFor(() => {
      expect(textOf(bot.fake.message(lobby.id))).toContain("Round 1");
    });
    const count = (text: string, name: string) => text.split(name).length - 1;
    for (const reader of [player, SPECTATOR]) {
      const paths = await readable(bot, reader, lobby.channel_id, setup);
      expectNone(paths, Object.values(CARD_TEXT), reader);
      // Whatever names one candidate names the other as often: nothing tells which was drawn.
      for (const [path, text] of Object.entries(paths)) {
        expect(count(text, candidates[0] ?? ""), `${reader}: ${path}`).toBe(
          count(text, candidates[1] ?? ""),
        );
      }
    }
    expectNone({ log: logText(bot) }, [...Object.values(CARD_TEXT), ...candidates], "the log");
  }, 120_000);
});
