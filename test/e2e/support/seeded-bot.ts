import { rmSync } from "node:fs";
import {
  startFakeDiscord,
  type FakeChannelInit,
  type FakeGuildInit,
  type FakeRoleInit,
  type FakeDiscord,
  type InteractionHandle,
  type StartFakeDiscordOptions,
} from "../../support/fake-discord/index.js";
import { emptyDir, startBotProcess, type BotProcess } from "./bot-process.js";
import { seedTable, type SeededTable } from "./seed.js";
import { botDatabase } from "./bot-database.js";
import { buttonIds } from "../../support/message-components.js";
import type { Db } from "../../../src/store/database.js";
import type { Prisma } from "../../../src/generated/prisma/client.js";
import type { CreationChoices } from "../../../src/games/cthulhu-eternal/rules/creation/index.js";

/** A second player, made up: the fake creates the user on first use. */
export const SECOND_PLAYER_ID = "400000000000000002";

export interface BotOnFake {
  fake: FakeDiscord;
  /** The running bot process (after `restart()`, the new one). */
  readonly bot: BotProcess;
  /** The bot's working directory and environment (DATABASE_URL names its database). */
  dir: string;
  env: Readonly<Record<string, string>>;
  /** The guild owner: the seeded campaign's GM. */
  gmId: string;
  /** The fake's default user (Protagonist 1) and a second player (Protagonist 2). */
  playerId: string;
  secondPlayerId: string;
  /**
   * Prisma Client on the bot's database (SQLite, or PostgreSQL when the suite runs there): to read
   * rows fresh, or to set a table up between interactions.
   */
  db: Db;
  /** Forces columns of a Protagonist row (between interactions), e.g. to make a test certain. */
  setProtagonist(id: string, columns: Prisma.ProtagonistUpdateInput): Promise<void>;
  /** The newest event's id (0 when none), of one actor's when named. */
  latestEventId(actorId?: string): Promise<number>;
  /** The seeded campaign's GM switches an Extra on (`/campaign extras`). */
  switchOn(moduleId: string): Promise<void>;
  /** Presses the button whose custom id starts with `prefix` on the handle's answer. */
  press(handle: InteractionHandle, prefix: string, user?: string): Promise<InteractionHandle>;
  /**
   * Starts the bot again on the same database and environment (killing it first if it still
   * runs), as a restart in production; resolves once it is connected to Discord.
   */
  restart(): Promise<BotProcess>;
  stop(): Promise<void>;
}

export interface SeededBot extends BotOnFake {
  table: SeededTable;
}

export interface SeededBotOptions {
  channels?: FakeChannelInit[];
  /** Roles of the seeded guild (members get them with an interaction's `roles`). */
  roles?: FakeRoleInit[];
  /** More servers the bot is in, after the seeded one (no campaign in them). */
  otherGuilds?: FakeGuildInit[];
  /** More of the fake's options (e.g. guilds the bot is not in, user installs). */
  fake?: Omit<StartFakeDiscordOptions, "requiredToken" | "guilds">;
  /** Environment variables for the bot (e.g. rate limits). */
  env?: Record<string, string>;
  /** Register the commands globally, as a production bot does (not on the seeded guild). */
  globalCommands?: boolean;
  /**
   * Players with one Protagonist each: how many (two unless told), or each one's creation
   * choices over the sample sheet.
   */
  players?: number | Partial<CreationChoices>[];
  /** `false`: no campaign and no Protagonists; the bot starts on an empty database. */
  seed?: boolean;
}

/** Made-up players beyond the second, for tables of more (`startSeededBot(token, { players })`). */
export function extraPlayerId(index: number): string {
  return `4000000000000001${String(index).padStart(2, "0")}`;
}

/**
 * The fake Discord, a seeded table (the owner is the GM; two players, or `players`, with one
 * Protagonist each) and the built bot on it, registered and ready. One per test file. `channels`
 * come after the guild's #general (which stays the default channel). With `seed: false` the bot
 * starts on an empty database, and there is no `table`.
 */
export function startSeededBot(
  token: string,
  options: SeededBotOptions & { seed: false },
): Promise<BotOnFake>;
export function startSeededBot(
  token: string,
  options?: SeededBotOptions & { seed?: true },
): Promise<SeededBot>;
export async function startSeededBot(
  token: string,
  options: SeededBotOptions = {},
): Promise<BotOnFake | SeededBot> {
  const { players = 2 } = options;
  const fake = await startFakeDiscord({
    requiredToken: token,
    defaultTimeoutMs: 20_000,
    ...options.fake,
    guilds: [
      { channels: [{ name: "general" }, ...(options.channels ?? [])], roles: options.roles },
      ...(options.otherGuilds ?? []),
    ],
  });
  const dir = emptyDir();
  const database = await botDatabase(dir);
  const gmId = fake.guild().ownerId;
  const playerId = fake.defaultUser.id;
  const seatId = (seat: number) => [playerId, SECOND_PLAYER_ID][seat] ?? extraPlayerId(seat + 1);
  const sheets =
    typeof players === "number" ? Array.from({ length: players }, () => ({})) : players;
  const table =
    options.seed === false
      ? undefined
      : await seedTable({
          databaseUrl: database.url,
          guildId: fake.guild().id,
          channelId: fake.defaultChannelId(),
          gmUserId: gmId,
          players: sheets.map((choices, seat) => ({ userId: seatId(seat), choices })),
        });
  const env = {
    DISCORD_TOKEN: token,
    DISCORD_API_URL: fake.apiUrl,
    DATABASE_URL: database.url,
    ...(options.globalCommands === true ? {} : { DEV_GUILD_ID: fake.guild().id }),
    ...options.env,
  };
  let bot = startBotProcess(env, dir);
  await bot.waitForLog((line) => line.msg === "commands registered", "the registration", 30_000);
  const db = await database.open();
  const started: BotOnFake = {
    fake,
    get bot() {
      return bot;
    },
    dir,
    env,
    gmId,
    playerId,
    secondPlayerId: SECOND_PLAYER_ID,
    db,
    async setProtagonist(id, columns) {
      await db.protagonist.update({ where: { id }, data: columns });
    },
    async latestEventId(actorId) {
      const { _max } = await db.event.aggregate({ where: { actorId }, _max: { id: true } });
      return _max.id ?? 0;
    },
    async switchOn(moduleId) {
      await fake
        .sendSlashCommand({
          name: "campaign",
          subcommand: "extras",
          options: { module: moduleId, enabled: true },
          user: gmId,
        })
        .response();
    },
    async press(handle, prefix, user) {
      const original = await handle.waitForOriginal();
      const id = buttonIds(original).find((c) => c.startsWith(prefix));
      if (!id) throw new Error(`no button ${prefix} on ${JSON.stringify(original.components)}`);
      return fake.sendButton({ customId: id, messageId: original.id, ...(user ? { user } : {}) });
    },
    async restart() {
      await bot.kill();
      bot = startBotProcess(env, dir);
      await bot.waitForLog((line) => line.msg === "connected to Discord", "connecting", 30_000);
      return bot;
    },
    async stop() {
      await bot.kill();
      await fake.close();
      await db.$disconnect();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return table === undefined ? started : Object.assign(started, { table });
}

export { isEphemeral } from "./messages.js";
export { buttonDisabled, buttonIds, buttonLabels } from "../../support/message-components.js";

/** The event ids listed on a /history page, in order. */
export function listedIds(description: string | undefined): number[] {
  return [...(description ?? "").matchAll(/^`#(\d+)`/gm)].map((m) => Number(m[1]));
}
