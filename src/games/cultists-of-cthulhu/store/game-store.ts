import type { Client, Database } from "../../../store/database.js";
import { jsonColumn, requiredJson } from "../../../store/json.js";
import { storeOn, type Store } from "../../../store/store.js";
import type { Action, CharacterSheet, Fact, GameState } from "../rules/index.js";

/**
 * The game's tables (CultistsGame, CultistsAction, CultistsCharacter) on the one database. The
 * only file of the game that knows Prisma; every query is scoped by guild.
 */

export interface GameRecord {
  id: string;
  guildId: string;
  channelId: string;
  hostId: string;
  state: GameState;
  /** Stored settings JSON, unresolved. */
  settings: unknown;
  version: number;
  statusMessageId: string | null;
}

export interface ActionRecord {
  id: number;
  actorId: string;
  kind: string;
  before: GameState | null;
  /** The facts the action produced (what the table was shown). */
  facts: Fact[];
  version: number;
}

export interface SavedCharacter {
  name: string;
  sheet: CharacterSheet;
}

/** The game's store: its repository in one transaction. */
export type GameStore = Store<GameTx>;

/** The game's reads and writes, inside one transaction. */
export interface GameTx {
  /** The channel's newest game (ended or not). */
  currentGame(guildId: string, channelId: string): Promise<GameRecord | undefined>;
  insertGame(game: Omit<GameRecord, "statusMessageId">): Promise<void>;
  /** Writes the next state if nobody wrote since `expectedVersion`; false when someone did. */
  updateGame(
    guildId: string,
    gameId: string,
    expectedVersion: number,
    state: GameState,
    version: number,
  ): Promise<boolean>;
  setStatusMessage(guildId: string, gameId: string, messageId: string): Promise<void>;
  insertAction(
    game: { id: string; guildId: string },
    action: Action,
    before: GameState | null,
    facts: readonly Fact[],
    version: number,
  ): Promise<void>;
  /** The facts of every action not undone, in order: the game's log. */
  facts(guildId: string, gameId: string): Promise<Fact[]>;
  lastAction(guildId: string, gameId: string): Promise<ActionRecord | undefined>;
  markUndone(guildId: string, actionId: number, by: string): Promise<void>;
  saveCharacter(guildId: string, ownerId: string, id: string, sheet: CharacterSheet): Promise<void>;
  savedCharacter(
    guildId: string,
    ownerId: string,
    name: string,
  ): Promise<SavedCharacter | undefined>;
  savedCharacterNames(guildId: string, ownerId: string, typed: string): Promise<string[]>;
}

/** A saved character's lookup key: its name, case- and spacing-insensitive. */
export function characterKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The game's store on the process's database. */
export function cultistsStore(db: Pick<Database, "transaction">): GameStore {
  return storeOn(db, gameTxOn);
}

const GAME = {
  id: true,
  guildId: true,
  channelId: true,
  hostId: true,
  state: true,
  settings: true,
  version: true,
  statusMessageId: true,
} as const;

function toGame(row: Omit<GameRecord, "state"> & { state: unknown }): GameRecord {
  return { ...row, state: row.state as GameState, settings: row.settings ?? null };
}

export function gameTxOn(client: Client): GameTx {
  return {
    currentGame: async (guildId, channelId) => {
      const row = await client.cultistsGame.findFirst({
        where: { guildId, channelId },
        // Of two games opened in the same millisecond, the one not ended is the newer.
        orderBy: [{ createdAt: "desc" }, { ended: "asc" }],
        select: GAME,
      });
      return row ? toGame(row) : undefined;
    },

    insertGame: async (game) => {
      await client.cultistsGame.create({
        data: {
          ...game,
          state: requiredJson(game.state),
          settings: jsonColumn(game.settings),
          ended: game.state.phase === "ended",
        },
      });
    },

    updateGame: async (guildId, gameId, expectedVersion, state, version) => {
      const { count } = await client.cultistsGame.updateMany({
        where: { id: gameId, guildId, version: expectedVersion },
        data: { state: requiredJson(state), version, ended: state.phase === "ended" },
      });
      return count === 1;
    },

    setStatusMessage: async (guildId, gameId, messageId) => {
      await client.cultistsGame.updateMany({
        where: { id: gameId, guildId },
        data: { statusMessageId: messageId },
      });
    },

    insertAction: async (game, action, before, facts, version) => {
      await client.cultistsAction.create({
        data: {
          gameId: game.id,
          guildId: game.guildId,
          actorId: action.by,
          kind: action.type,
          action: requiredJson(action),
          before: jsonColumn(before),
          facts: requiredJson(facts),
          version,
        },
      });
    },

    facts: async (guildId, gameId) =>
      (
        await client.cultistsAction.findMany({
          where: { gameId, guildId, undoneAt: null },
          select: { facts: true },
          orderBy: { id: "asc" },
        })
      ).flatMap((row) => row.facts as Fact[]),

    lastAction: async (guildId, gameId) => {
      const row = await client.cultistsAction.findFirst({
        where: { gameId, guildId, undoneAt: null },
        select: { id: true, actorId: true, kind: true, before: true, facts: true, version: true },
        orderBy: { id: "desc" },
      });
      if (!row) return undefined;
      return {
        ...row,
        before: (row.before ?? null) as GameState | null,
        facts: row.facts as Fact[],
      };
    },

    markUndone: async (guildId, actionId, by) => {
      await client.cultistsAction.updateMany({
        where: { id: actionId, guildId },
        data: { undoneAt: new Date(), undoneBy: by },
      });
    },

    saveCharacter: async (guildId, ownerId, id, sheet) => {
      const key = characterKey(sheet.name);
      const fields = { name: sheet.name.trim(), sheet: requiredJson(sheet) };
      await client.cultistsCharacter.upsert({
        where: { guildId_ownerId_key: { guildId, ownerId, key } },
        create: { id, guildId, ownerId, key, ...fields },
        update: fields,
      });
    },

    savedCharacter: async (guildId, ownerId, name) => {
      const row = await client.cultistsCharacter.findUnique({
        where: { guildId_ownerId_key: { guildId, ownerId, key: characterKey(name) } },
        select: { name: true, sheet: true },
      });
      return row ? { name: row.name, sheet: row.sheet as unknown as CharacterSheet } : undefined;
    },

    savedCharacterNames: async (guildId, ownerId, typed) => {
      // Matched here: the engines' LIKE would read `%` and `_` in the text as wildcards.
      const wanted = characterKey(typed);
      const rows = await client.cultistsCharacter.findMany({
        where: { guildId, ownerId },
        select: { name: true, key: true },
        orderBy: { key: "asc" },
      });
      return rows
        .filter((row) => row.key.includes(wanted))
        .slice(0, 25)
        .map((row) => row.name);
    },
  };
}
