/**
 * A table in play for reliability tests: the in-process bot with the REAL command modules and
 * services on a temp SQLite file, against a fake Discord with two guilds. The first guild has a
 * campaign (its owner is the GM) and one Protagonist per player; the second guild has its own
 * campaign and Protagonist, whose ids must never work from the first.
 */
import { createHash } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import { commands } from "../../../commands/cthulhu-eternal/index.js";
import type { CommandModule } from "../../../src/core/discord/command.js";
import type { WriteRateLimiter } from "../../../src/core/discord/rate-limit.js";
import { createBotServices, type BotServices } from "../../../src/games/cthulhu-eternal/game.js";
import { BUSY_TIMEOUT_MS } from "../../../src/store/sqlite-database.js";
import type { Store } from "../../../src/games/cthulhu-eternal/store/store.js";
import type { PrismaClient } from "../../../src/generated/prisma/client.js";
import {
  buildProtagonist,
  type CreationChoices,
} from "../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { seededRng } from "../../../src/core/rng.js";
import type { Actor } from "../../../src/core/access/actor.js";
import { insertProtagonist } from "../../../src/games/cthulhu-eternal/services/protagonist-factory.js";
import type { ProtagonistSnapshot } from "../../../src/games/cthulhu-eternal/services/snapshot.js";
import { startInProcessBot, type InProcessBot } from "../../core/discord/support/in-process-bot.js";
import { sampleChoices } from "../../games/cthulhu-eternal/rules/creation/sample.js";
import { connectStore, openTempDatabase } from "../../support/temp-db.js";

export const PLAYER = { id: "510000000000000001", username: "player" } as const;
export const OTHER_PLAYER = { id: "510000000000000002", username: "other" } as const;
/** In the first guild but without a Protagonist or any role: a bystander. */
export const STRANGER = { id: "510000000000000003", username: "stranger" } as const;

export interface Table {
  readonly bot: InProcessBot;
  readonly services: BotServices;
  readonly databaseFile: string;
  /** A connection of the test's own (the bot's may be crippled on purpose). */
  readonly prisma: PrismaClient;
  readonly store: Store;
  readonly guildId: string;
  readonly otherGuildId: string;
  readonly gmId: string;
  readonly campaignId: string;
  readonly otherCampaignId: string;
  /** PLAYER's and OTHER_PLAYER's Protagonists, in that order. */
  readonly protagonists: readonly ProtagonistSnapshot[];
  /** The Protagonist of the other guild. */
  readonly foreign: ProtagonistSnapshot;
  readonly gm: Actor;
  /** A digest of every row of every table, to prove a refused request changed nothing. */
  checksum(): string;
  stop(): Promise<void>;
}

export async function startTable(
  options: {
    readonly modules?: readonly CommandModule<BotServices>[];
    readonly writeRateLimiter?: WriteRateLimiter;
    readonly rollRateLimiter?: WriteRateLimiter;
    readonly logClientEvents?: boolean;
    /** Choices merged over the sample for each player's Protagonist (e.g. a hostile name). */
    readonly playerChoices?: readonly Partial<CreationChoices>[];
    readonly seed?: number;
    /**
     * The bot's own connection (the table is seeded through another): a short busy timeout, or
     * read-only, to play a database in trouble.
     */
    readonly botConnection?: { readonly busyTimeoutMs?: number; readonly readOnly?: boolean };
  } = {},
): Promise<Table> {
  const database = await openTempDatabase();
  const botDatabase =
    options.botConnection === undefined
      ? { prisma: database.prisma, store: database.store }
      : connectStore(database.file, {
          timeout: options.botConnection.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
          readonly: options.botConnection.readOnly ?? false,
        });
  const botPrisma = botDatabase.prisma;
  const services = createBotServices({ store: botDatabase.store }, seededRng(options.seed ?? 7));
  const seeding = createBotServices({ store: database.store }, seededRng(1));
  let bot: InProcessBot | undefined;
  const reader = new BetterSqlite3(database.file, { readonly: true });
  try {
    bot = await startInProcessBot({
      modules: options.modules ?? commands,
      services,
      writeRateLimiter: options.writeRateLimiter,
      rollRateLimiter: options.rollRateLimiter,
      logClientEvents: options.logClientEvents,
      fakeOptions: {
        guilds: [
          {
            name: "Arkham",
            members: [{ user: PLAYER }, { user: OTHER_PLAYER }, { user: STRANGER }],
          },
          { name: "Elsewhere", members: [{ user: PLAYER }] },
        ],
        defaultTimeoutMs: 10_000,
      },
    });
    const fake = bot.fake;
    const [first, second] = [...fake.world.guilds.values()];
    if (first === undefined || second === undefined) throw new Error("the fake has two guilds");
    const gmActor = (guild: typeof first): Actor => ({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId: fake.defaultChannelId(guild.id),
      roleIds: [],
      canManageGuild: true,
    });
    const campaign = await seeding.campaigns.create({
      actor: gmActor(first),
      name: "Night Floors",
    });
    const elsewhere = await seeding.campaigns.create({ actor: gmActor(second), name: "Far Away" });
    const add = (
      guildId: string,
      campaignId: string,
      ownerId: string,
      choices: Partial<CreationChoices>,
    ) => {
      const merged = { ...sampleChoices(), ...choices };
      return database.store.transaction((tx) =>
        insertProtagonist(tx, {
          guildId,
          campaignId,
          ownerId,
          sheet: buildProtagonist(merged),
          creation: merged,
        }),
      );
    };
    const protagonists = [
      await add(first.id, campaign.id, PLAYER.id, {
        name: "Protagonist One",
        ...options.playerChoices?.[0],
      }),
      await add(first.id, campaign.id, OTHER_PLAYER.id, {
        name: "Protagonist Two",
        ...options.playerChoices?.[1],
      }),
    ];
    const foreign = await add(second.id, elsewhere.id, PLAYER.id, { name: "Foreign One" });
    const started = bot;
    return {
      bot: started,
      services,
      databaseFile: database.file,
      prisma: database.prisma,
      store: database.store,
      guildId: first.id,
      otherGuildId: second.id,
      gmId: first.ownerId,
      campaignId: campaign.id,
      otherCampaignId: elsewhere.id,
      protagonists,
      foreign,
      gm: gmActor(first),
      checksum: () => databaseChecksum(reader),
      async stop() {
        reader.close();
        await started.stop();
        if (botPrisma !== database.prisma) await botPrisma.$disconnect();
        await database.dispose();
      },
    };
  } catch (error) {
    reader.close();
    await bot?.stop();
    if (botPrisma !== database.prisma) await botPrisma.$disconnect();
    await database.dispose();
    throw error;
  }
}

/** Every row of every table, in a stable order, hashed. */
export function databaseChecksum(db: BetterSqlite3.Database): string {
  const hash = createHash("sha256");
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  for (const { name } of tables) {
    hash.update(`\n#${name}\n`);
    for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).iterate()) {
      hash.update(JSON.stringify(row));
    }
  }
  return hash.digest("hex");
}
