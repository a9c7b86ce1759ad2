import { sqlBool, sqlNow, type Sql } from "../../../core/db/sql.js";
import type { Action, CharacterSheet, Fact, GameState } from "../rules/index.js";

/**
 * The game's tables (CultistsGame, CultistsAction, CultistsCharacter), as prepared statements on
 * the shared connection. The only file of the game that knows SQL; every query is scoped by guild.
 * Callers run these inside `sql.transaction` / `sql.read`.
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

interface GameRow {
  id: string;
  guildId: string;
  channelId: string;
  hostId: string;
  state: string;
  settings: string | null;
  version: number;
  statusMessageId: string | null;
}

const GAME_COLUMNS = `"id", "guildId", "channelId", "hostId", "state", "settings", "version", "statusMessageId"`;
const CURRENT_GAME = `SELECT ${GAME_COLUMNS} FROM "CultistsGame" WHERE "guildId" = ? AND "channelId" = ? ORDER BY "createdAt" DESC, rowid DESC LIMIT 1`;
const GAME_BY_ID = `SELECT ${GAME_COLUMNS} FROM "CultistsGame" WHERE "id" = ? AND "guildId" = ?`;
const INSERT_GAME = `INSERT INTO "CultistsGame" ("id", "guildId", "channelId", "hostId", "state", "settings", "version", "ended", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const UPDATE_GAME = `UPDATE "CultistsGame" SET "state" = ?, "version" = ?, "ended" = ?, "updatedAt" = ? WHERE "id" = ? AND "guildId" = ? AND "version" = ?`;
const SET_STATUS = `UPDATE "CultistsGame" SET "statusMessageId" = ? WHERE "id" = ? AND "guildId" = ?`;
const INSERT_ACTION = `INSERT INTO "CultistsAction" ("gameId", "guildId", "actorId", "kind", "action", "before", "facts", "version", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const LIVE_FACTS = `SELECT "facts" FROM "CultistsAction" WHERE "gameId" = ? AND "guildId" = ? AND "undoneAt" IS NULL ORDER BY "id"`;
const LAST_LIVE_ACTION = `SELECT "id", "actorId", "kind", "before", "facts", "version" FROM "CultistsAction" WHERE "gameId" = ? AND "guildId" = ? AND "undoneAt" IS NULL ORDER BY "id" DESC LIMIT 1`;
const MARK_UNDONE = `UPDATE "CultistsAction" SET "undoneAt" = ?, "undoneBy" = ? WHERE "id" = ? AND "guildId" = ?`;
const SAVE_CHARACTER = `INSERT INTO "CultistsCharacter" ("id", "guildId", "ownerId", "name", "key", "sheet", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("guildId", "ownerId", "key") DO UPDATE SET "name" = excluded."name", "sheet" = excluded."sheet", "updatedAt" = excluded."updatedAt"`;
const CHARACTER_BY_KEY = `SELECT "name", "sheet" FROM "CultistsCharacter" WHERE "guildId" = ? AND "ownerId" = ? AND "key" = ?`;
const CHARACTER_NAMES = `SELECT "name" FROM "CultistsCharacter" WHERE "guildId" = ? AND "ownerId" = ? AND instr("key", ?) > 0 ORDER BY "key" LIMIT 25`;

function toGame(row: GameRow): GameRecord {
  return {
    ...row,
    state: JSON.parse(row.state) as GameState,
    settings: row.settings === null ? null : (JSON.parse(row.settings) as unknown),
  };
}

/** A saved character's lookup key: its name, case- and spacing-insensitive. */
export function characterKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

export class GameStore {
  constructor(readonly sql: Sql) {}

  /** One write transaction on the bot's connection (committed when `work` settles). */
  transaction<T>(work: () => T | Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }

  /** Reads on one consistent snapshot. */
  read<T>(work: () => T | Promise<T>): Promise<T> {
    return this.sql.read(work);
  }

  currentGame(guildId: string, channelId: string): GameRecord | undefined {
    const row = this.sql.get<GameRow>(CURRENT_GAME, guildId, channelId);
    return row && toGame(row);
  }

  gameById(guildId: string, gameId: string): GameRecord | undefined {
    const row = this.sql.get<GameRow>(GAME_BY_ID, gameId, guildId);
    return row && toGame(row);
  }

  insertGame(game: Omit<GameRecord, "statusMessageId">): void {
    const now = sqlNow();
    this.sql.run(
      INSERT_GAME,
      game.id,
      game.guildId,
      game.channelId,
      game.hostId,
      JSON.stringify(game.state),
      game.settings === null ? null : JSON.stringify(game.settings),
      game.version,
      sqlBool(game.state.phase === "ended"),
      now,
      now,
    );
  }

  /** Writes the next state if nobody wrote since `expectedVersion`; false when someone did. */
  updateGame(
    guildId: string,
    gameId: string,
    expectedVersion: number,
    state: GameState,
    version: number,
  ): boolean {
    const { changes } = this.sql.run(
      UPDATE_GAME,
      JSON.stringify(state),
      version,
      sqlBool(state.phase === "ended"),
      sqlNow(),
      gameId,
      guildId,
      expectedVersion,
    );
    return changes === 1;
  }

  setStatusMessage(guildId: string, gameId: string, messageId: string): void {
    this.sql.run(SET_STATUS, messageId, gameId, guildId);
  }

  insertAction(
    game: { id: string; guildId: string },
    action: Action,
    before: GameState | null,
    facts: readonly Fact[],
    version: number,
  ): void {
    this.sql.run(
      INSERT_ACTION,
      game.id,
      game.guildId,
      action.by,
      action.type,
      JSON.stringify(action),
      before === null ? null : JSON.stringify(before),
      JSON.stringify(facts),
      version,
      sqlNow(),
    );
  }

  /** The facts of every action not undone, in order: the game's log. */
  facts(guildId: string, gameId: string): Fact[] {
    return this.sql
      .all<{ facts: string }>(LIVE_FACTS, gameId, guildId)
      .flatMap((row) => JSON.parse(row.facts) as Fact[]);
  }

  lastAction(guildId: string, gameId: string): ActionRecord | undefined {
    const row = this.sql.get<
      Omit<ActionRecord, "before" | "facts"> & { before: string | null; facts: string }
    >(LAST_LIVE_ACTION, gameId, guildId);
    if (!row) return undefined;
    return {
      ...row,
      before: row.before === null ? null : (JSON.parse(row.before) as GameState),
      facts: JSON.parse(row.facts) as Fact[],
    };
  }

  markUndone(guildId: string, actionId: number, by: string): void {
    this.sql.run(MARK_UNDONE, sqlNow(), by, actionId, guildId);
  }

  saveCharacter(guildId: string, ownerId: string, id: string, sheet: CharacterSheet): void {
    const now = sqlNow();
    this.sql.run(
      SAVE_CHARACTER,
      id,
      guildId,
      ownerId,
      sheet.name.trim(),
      characterKey(sheet.name),
      JSON.stringify(sheet),
      now,
      now,
    );
  }

  savedCharacter(guildId: string, ownerId: string, name: string): SavedCharacter | undefined {
    const row = this.sql.get<{ name: string; sheet: string }>(
      CHARACTER_BY_KEY,
      guildId,
      ownerId,
      characterKey(name),
    );
    return row && { name: row.name, sheet: JSON.parse(row.sheet) as CharacterSheet };
  }

  savedCharacterNames(guildId: string, ownerId: string, typed: string): string[] {
    return this.sql
      .all<{ name: string }>(CHARACTER_NAMES, guildId, ownerId, characterKey(typed))
      .map((row) => row.name);
  }
}
