import type { Sql } from "../../../../core/db/sql.js";
import type { Store, StoreTx } from "../store.js";
import { sqliteBotState } from "../../../../store/sqlite/bot-state.js";
import { sqliteCampaigns } from "./campaigns.js";
import { sqliteEvents } from "./events.js";
import { sqliteProtagonists } from "./protagonists.js";
import { sqliteSelections } from "./selections.js";

/**
 * The store on one SQLite connection: every transaction holds the connection from BEGIN to
 * COMMIT (see Sql), and the repositories run prepared statements on it, through the read cache.
 * The repositories hold no state of their own, so one set serves every transaction.
 */
export class SqliteStore implements Store {
  readonly #tx: StoreTx;

  constructor(private readonly sql: Sql) {
    this.#tx = {
      protagonists: sqliteProtagonists(sql),
      campaigns: sqliteCampaigns(sql),
      selections: sqliteSelections(sql),
      events: sqliteEvents(sql),
      botState: sqliteBotState(sql),
    };
  }

  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.sql.transaction(() => work(this.#tx));
  }

  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.sql.read(() => work(this.#tx));
  }
}
