import { randomUUID } from "node:crypto";
import {
  apply,
  DEFAULT_SETTINGS,
  Refused,
  resolveSettings,
  settingsAfter,
  validateSheet,
  type Action,
  type ActionBody,
  type CharacterSheet,
  type Fact,
  type GameState,
  type PlayerId,
  type Refusal,
  type Settings,
  type ShownSecret,
  secretShown,
  undoneTo,
} from "../rules/index.js";
import type { Rng } from "../rules/rng.js";
import { GameStore, type GameRecord } from "../store/game-store.js";

/**
 * The game's service: loads the channel's game, asks the rules, and writes the next state with
 * the action, its facts and the state before it in one transaction. A refusal writes nothing.
 * Returns data and codes; the commands word them through the presentation.
 */

/** Where a game lives: one at a time per channel, scoped by guild. */
export interface Table {
  guildId: string;
  channelId: string;
}

/** Refusals of the service itself, beside the rules' own. */
export type ServiceRefusal =
  | Refusal
  /** A button from another game of this channel (or an older one). */
  | { code: "other-game" }
  | { code: "nothing-to-undo" }
  /** The last action dealt the roles, showed a secret or ended the game: undo stops there. */
  | { code: "secret-shown"; shown: ShownSecret }
  | { code: "no-saved-character"; name: string }
  /** Asked in a DM, or a server that has the bot only on a member's account. */
  | { code: "needs-server" };

/** A game as a reader needs it: the state, its log (undone actions left out) and settings. */
export interface LoadedGame {
  record: GameRecord;
  facts: Fact[];
  settings: Settings;
}

export type ActResult =
  | { ok: true; game: LoadedGame; fresh: Fact[] }
  | { ok: false; refusal: ServiceRefusal; game: LoadedGame | null };

export interface CultistsServiceDeps {
  /** The game's own store (src/games/cultists-of-cthulhu/store/). */
  store: GameStore;
  rng: Rng;
}

/** Games whose logs stay parsed in memory: far more than the tables playing at one time. */
export const LOGS_KEPT = 256;

export function createCultistsService({ store, rng }: CultistsServiceDeps) {
  /**
   * Stored settings filled with the defaults (a game with none takes the defaults as they are),
   * then the host's changes in the log, in order: undoing one takes it back.
   */
  function settingsOf(record: GameRecord, facts: readonly Fact[]): Settings {
    const stored = record.settings === null ? DEFAULT_SETTINGS : resolveSettings(record.settings);
    return settingsAfter(stored, facts);
  }

  /**
   * The logs of the games played lately, by version: a game's log only grows with its version,
   * so a log of the version stored is current, and an action need not parse the whole history
   * again. Any other version (an undo, another process) reads it afresh. The least recently used
   * game makes room beyond LOGS_KEPT, so weeks of games never pile up in memory.
   */
  const logs = new Map<string, { version: number; facts: Fact[] }>();

  function remember(gameId: string, version: number, facts: Fact[]): void {
    logs.delete(gameId);
    logs.set(gameId, { version, facts });
    const oldest = logs.keys().next();
    if (logs.size > LOGS_KEPT && !oldest.done) logs.delete(oldest.value);
  }

  function logOf(record: GameRecord): Fact[] {
    const cached = logs.get(record.id);
    const facts =
      cached?.version === record.version ? cached.facts : store.facts(record.guildId, record.id);
    remember(record.id, record.version, facts);
    return facts;
  }

  function load(record: GameRecord, facts = logOf(record)): LoadedGame {
    return { record, facts, settings: settingsOf(record, facts) };
  }

  function current(table: Table): GameRecord | undefined {
    return store.currentGame(table.guildId, table.channelId);
  }

  function write(record: GameRecord, action: Action, state: GameState, facts: Fact[]): GameRecord {
    const version = record.version + 1;
    if (!store.updateGame(record.guildId, record.id, record.version, state, version)) {
      throw new Error(`game ${record.id} changed under a transaction`);
    }
    store.insertAction(record, action, record.state, facts, version);
    return { ...record, state, version };
  }

  /** The channel's newest game (ended or not), for every read path. */
  function read(table: Table): Promise<LoadedGame | undefined> {
    return store.read(() => {
      const record = current(table);
      return record && load(record);
    });
  }

  /**
   * One action on the channel's game. `gameId`: the game a button belongs to; a press on
   * another game's message is refused.
   */
  function act(table: Table, action: Action, gameId?: string): Promise<ActResult> {
    return store
      .transaction((): ActResult => {
        const record = current(table);
        if (!record) return { ok: false, refusal: { code: "no-game" }, game: null };
        if (gameId !== undefined && gameId !== record.id) {
          return { ok: false, refusal: { code: "other-game" }, game: load(record) };
        }
        const log = logOf(record);
        const settings = settingsOf(record, log);
        const result = apply(record.state, action, { rng, settings });
        if (!result.ok) return { ok: false, refusal: result.refusal, game: load(record, log) };
        const next = write(record, action, result.state, result.facts);
        return { ok: true, game: load(next, [...log, ...result.facts]), fresh: result.facts };
      })
      .then((outcome) => {
        // Only once committed: a rolled-back version may be written again with other facts.
        if (outcome.ok) {
          const { record, facts } = outcome.game;
          remember(record.id, record.version, facts);
        }
        return outcome;
      });
  }

  return {
    read,
    act,

    /** Opens a game here; the opener becomes its host. Refused while one is not ended. */
    open(table: Table, by: PlayerId, scenario: string, goals?: string[]): Promise<ActResult> {
      return store.transaction((): ActResult => {
        const existing = current(table);
        const running = existing && existing.state.phase !== "ended" ? existing : undefined;
        const settings = DEFAULT_SETTINGS;
        const action: Action = { by, type: "open-game", scenario, ...(goals ? { goals } : {}) };
        const result = apply(running?.state ?? null, action, { rng, settings });
        if (!result.ok)
          return { ok: false, refusal: result.refusal, game: running ? load(running) : null };
        const record: GameRecord = {
          id: randomUUID(),
          ...table,
          hostId: by,
          state: result.state,
          settings: null,
          version: 1,
          statusMessageId: null,
        };
        store.insertGame(record);
        store.insertAction(record, action, null, result.facts, record.version);
        return { ok: true, game: { record, facts: result.facts, settings }, fresh: result.facts };
      });
    },

    /** Host only: restores the state before the last action not undone; its facts drop out. */
    undo(table: Table, by: PlayerId): Promise<ActResult> {
      return store.transaction((): ActResult => {
        const record = current(table);
        if (!record) return { ok: false, refusal: { code: "no-game" }, game: null };
        if (by !== record.hostId)
          return { ok: false, refusal: { code: "host-only" }, game: load(record) };
        const last = store.lastAction(record.guildId, record.id);
        if (!last?.before)
          return { ok: false, refusal: { code: "nothing-to-undo" }, game: load(record) };
        const shown = record.state.phase === "ended" ? "end" : secretShown(last.facts);
        if (shown !== null)
          return { ok: false, refusal: { code: "secret-shown", shown }, game: load(record) };
        const state = undoneTo(last.before, record.state);
        const version = record.version + 1;
        if (!store.updateGame(record.guildId, record.id, record.version, state, version)) {
          throw new Error(`game ${record.id} changed under a transaction`);
        }
        store.markUndone(record.guildId, last.id, by);
        return { ok: true, game: load({ ...record, state, version }), fresh: [] };
      });
    },

    setStatusMessage(table: Table, gameId: string, messageId: string): Promise<void> {
      return store.transaction(() => {
        store.setStatusMessage(table.guildId, gameId, messageId);
      });
    },

    /** Saves (or replaces) a sheet under its name for its owner in this server. */
    saveCharacter(
      guildId: string,
      owner: PlayerId,
      sheet: CharacterSheet,
    ): Promise<ServiceRefusal | null> {
      return store.transaction(() => {
        try {
          validateSheet(sheet, DEFAULT_SETTINGS);
        } catch (error) {
          if (error instanceof Refused) return error.refusal;
          throw error;
        }
        store.saveCharacter(guildId, owner, randomUUID(), sheet);
        return null;
      });
    },

    /** Enters a saved character into the channel's game. */
    async enterSaved(
      table: Table,
      by: PlayerId,
      name: string,
      player?: PlayerId,
    ): Promise<ActResult> {
      const saved = await store.read(() => store.savedCharacter(table.guildId, player ?? by, name));
      if (!saved) {
        const game = await read(table);
        return { ok: false, refusal: { code: "no-saved-character", name }, game: game ?? null };
      }
      const body: ActionBody = {
        type: "enter-character",
        sheet: saved.sheet,
        ...(player ? { player } : {}),
      };
      return act(table, { by, ...body });
    },

    savedCharacterNames(guildId: string, owner: PlayerId, typed: string): Promise<string[]> {
      return store.read(() => store.savedCharacterNames(guildId, owner, typed));
    },
  };
}

export type CultistsService = ReturnType<typeof createCultistsService>;
