import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";

/**
 * Direct access to the database file of a running bot, for end-to-end tests: read what the bot
 * wrote, and force a Protagonist's state so random dice give a known outcome. WAL mode lets the
 * test and the bot use the file at the same time; writes wait for the bot's lock.
 */
export interface TableDb {
  /** Rows of a query, read fresh each call. */
  all<T>(sql: string, ...params: unknown[]): T[];
  /** Sets columns of a Protagonist row (only between interactions). */
  setProtagonist(id: string, columns: Record<string, string | number>): void;
}

export function tableDb(dir: string): TableDb {
  const file = join(dir, "bot.db");
  const open = (readonly: boolean) => {
    const db = new BetterSqlite3(file, { readonly });
    db.pragma("busy_timeout = 5000");
    return db;
  };
  return {
    all<T>(sql: string, ...params: unknown[]): T[] {
      const db = open(true);
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    setProtagonist(id, columns) {
      const names = Object.keys(columns);
      if (names.some((name) => !/^[A-Za-z]+$/.test(name))) throw new Error("bad column name");
      const db = open(false);
      try {
        db.prepare(
          `UPDATE Protagonist SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE id = ?`,
        ).run(...Object.values(columns), id);
      } finally {
        db.close();
      }
    },
  };
}
