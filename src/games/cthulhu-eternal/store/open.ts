import { connectDatabase, openDatabase, type OpenDatabase } from "../../../core/db/client.js";
import type { Sql } from "../../../core/db/sql.js";
import type { Store } from "./store.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

/** The database, with Cthulhu Eternal's store on its connection. */
export interface EternalDatabase extends OpenDatabase {
  /** The way the game's services reach the data. */
  readonly store: Store;
}

/** `openDatabase`, then the game's store on it. */
export async function openEternalDatabase(
  ...args: Parameters<typeof openDatabase>
): Promise<EternalDatabase> {
  const db = await openDatabase(...args);
  return { ...db, store: new SqliteStore(db.sql) };
}

/** `connectDatabase` (another connection to an open file), then the game's store on it. */
export async function connectEternalDatabase(
  ...args: Parameters<typeof connectDatabase>
): Promise<Awaited<ReturnType<typeof connectDatabase>> & { readonly store: Store; sql: Sql }> {
  const db = await connectDatabase(...args);
  return { ...db, store: new SqliteStore(db.sql) };
}
