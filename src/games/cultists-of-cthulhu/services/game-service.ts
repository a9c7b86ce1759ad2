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
import type { GameRecord, GameStore, GameTx } from "../store/game-store.js";

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

  async function logOf(tx: GameTx, record: GameRecord): Promise<Fact[]> {
    const cached = logs.get(record.id);
    const facts =
      cached?.version === record.version ? cached.facts : await tx.facts(record.guildId, record.id);
    remember(record.id, record.version, facts);
    return facts;
  }

  async function load(tx: GameTx, record: GameRecord, facts?: Fact[]): Promise<LoadedGame> {
    const log = facts ?? (await logOf(tx, record));
    return { record, facts: log, settings: settingsOf(record, log) };
  }

  function current(tx: GameTx, table: Table): Promise<GameRecord | undefined> {
    return tx.currentGame(table.guildId, table.channelId);
  }

  async function write(
    tx: GameTx,
    record: GameRecord,
    action: Action,
    state: GameState,
    facts: Fact[],
  ): Promise<GameRecord> {
    const version = record.version + 1;
    if (!(await tx.updateGame(record.guildId, record.id, record.version, state, version))) {
      throw new Error(`game ${record.id} changed under a transaction`);
    }
    await tx.insertAction(record, action, record.state, facts, version);
    return { ...record, state, version };
  }

  /** The channel's newest game (ended or not), for every read path. */
  function read(table: Table): Promise<LoadedGame | undefined> {
    return store.read(async (tx) => {
      const record = await current(tx, table);
      return record && load(tx, record);
    });
  }

  /**
   * One action on the channel's game. `gameId`: the game a button belongs to; a press on
   * another game's message is refused.
   */
  async function act(table: Table, action: Action, gameId?: string): Promise<ActResult> {
    const outcome = await store.transaction(async (tx): Promise<ActResult> => {
      const record = await current(tx, table);
      if (!record) return { ok: false, refusal: { code: "no-game" }, game: null };
      if (gameId !== undefined && gameId !== record.id) {
        return { ok: false, refusal: { code: "other-game" }, game: await load(tx, record) };
      }
      const log = await logOf(tx, record);
      const settings = settingsOf(record, log);
      const result = apply(record.state, action, { rng, settings });
      if (!result.ok) {
        return { ok: false, refusal: result.refusal, game: await load(tx, record, log) };
      }
      const next = await write(tx, record, action, result.state, result.facts);
      return {
        ok: true,
        game: await load(tx, next, [...log, ...result.facts]),
        fresh: result.facts,
      };
    });
    // Only once committed: a rolled-back version may be written again with other facts.
    if (outcome.ok) {
      const { record, facts } = outcome.game;
      remember(record.id, record.version, facts);
    }
    return outcome;
  }

  return {
    read,
    act,

    /** Opens a game here; the opener becomes its host. Refused while one is not ended. */
    open(table: Table, by: PlayerId, scenario: string, goals?: string[]): Promise<ActResult> {
      return store.transaction(async (tx): Promise<ActResult> => {
        const existing = await current(tx, table);
        const running = existing && existing.state.phase !== "ended" ? existing : undefined;
        const settings = DEFAULT_SETTINGS;
        const action: Action = { by, type: "open-game", scenario, ...(goals ? { goals } : {}) };
        const result = apply(running?.state ?? null, action, { rng, settings });
        if (!result.ok) {
          return {
            ok: false,
            refusal: result.refusal,
            game: running ? await load(tx, running) : null,
          };
        }
        const record: GameRecord = {
          id: randomUUID(),
          ...table,
          hostId: by,
          state: result.state,
          settings: null,
          version: 1,
          statusMessageId: null,
        };
        await tx.insertGame(record);
        await tx.insertAction(record, action, null, result.facts, record.version);
        return { ok: true, game: { record, facts: result.facts, settings }, fresh: result.facts };
      });
    },

    /** Host only: restores the state before the last action not undone; its facts drop out. */
    async undo(table: Table, by: PlayerId): Promise<ActResult> {
      const outcome = await store.transaction(async (tx): Promise<ActResult> => {
        const record = await current(tx, table);
        if (!record) return { ok: false, refusal: { code: "no-game" }, game: null };
        const refuse = async (refusal: ServiceRefusal): Promise<ActResult> => ({
          ok: false,
          refusal,
          game: await load(tx, record),
        });
        if (by !== record.hostId) return refuse({ code: "host-only" });
        const last = await tx.lastAction(record.guildId, record.id);
        if (!last?.before) return refuse({ code: "nothing-to-undo" });
        const shown = record.state.phase === "ended" ? "end" : secretShown(last.facts);
        if (shown !== null) return refuse({ code: "secret-shown", shown });
        const state = undoneTo(last.before, record.state);
        const version = record.version + 1;
        if (!(await tx.updateGame(record.guildId, record.id, record.version, state, version))) {
          throw new Error(`game ${record.id} changed under a transaction`);
        }
        await tx.markUndone(record.guildId, last.id, by);
        // Read, not kept: the undone log is the game's only once this commits.
        const facts = await tx.facts(record.guildId, record.id);
        return { ok: true, game: await load(tx, { ...record, state, version }, facts), fresh: [] };
      });
      if (outcome.ok)
        remember(outcome.game.record.id, outcome.game.record.version, outcome.game.facts);
      return outcome;
    },

    setStatusMessage(table: Table, gameId: string, messageId: string): Promise<void> {
      return store.transaction((tx) => tx.setStatusMessage(table.guildId, gameId, messageId));
    },

    /** Saves (or replaces) a sheet under its name for its owner in this server. */
    async saveCharacter(
      guildId: string,
      owner: PlayerId,
      sheet: CharacterSheet,
    ): Promise<ServiceRefusal | null> {
      try {
        validateSheet(sheet, DEFAULT_SETTINGS);
      } catch (error) {
        if (error instanceof Refused) return error.refusal;
        throw error;
      }
      await store.transaction((tx) => tx.saveCharacter(guildId, owner, randomUUID(), sheet));
      return null;
    },

    /** Enters a saved character into the channel's game. */
    async enterSaved(
      table: Table,
      by: PlayerId,
      name: string,
      player?: PlayerId,
    ): Promise<ActResult> {
      const saved = await store.read((tx) => tx.savedCharacter(table.guildId, player ?? by, name));
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
      return store.read((tx) => tx.savedCharacterNames(guildId, owner, typed));
    },
  };
}

export type CultistsService = ReturnType<typeof createCultistsService>;
