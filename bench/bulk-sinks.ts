/**
 * Where the bulk generator's rows go, fast, on either engine: SQLite through raw better-sqlite3
 * statements in one transaction, PostgreSQL as one INSERT of a JSON array per table and batch.
 * Prisma would take minutes for a million events; these are test data, not the bot's writes.
 */
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";

export type BulkValue = string | number | boolean | null | object;
export type BulkRow = Record<string, BulkValue>;

export interface BulkSink {
  /** Rows of one table, all with the same columns; parents are inserted before children. */
  insert(table: string, rows: BulkRow[]): Promise<void>;
  close(): Promise<void>;
}

/** A migrated SQLite file, written in one transaction with checks and syncing off. */
export function sqliteSink(file: string): BulkSink {
  const db = new BetterSqlite3(file);
  // A throwaway file being filled: write pages once (no WAL copy, no fsync), checks off, big cache.
  // The rows are consistent by construction; the bot's own connections keep foreign keys on.
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("foreign_keys = OFF");
  db.pragma("cache_size = -262144");
  db.exec("BEGIN");
  const statements = new Map<string, BetterSqlite3.Statement>();
  const asSqlite = (value: BulkValue) =>
    typeof value === "boolean"
      ? Number(value)
      : typeof value === "object" && value !== null
        ? JSON.stringify(value)
        : value;
  return {
    insert(table, rows) {
      const columns = Object.keys(rows[0] ?? {});
      const key = `${table}(${columns.join(",")})`;
      let statement = statements.get(key);
      if (statement === undefined) {
        statement = db.prepare(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        );
        statements.set(key, statement);
      }
      for (const row of rows) statement.run(...columns.map((c) => asSqlite(row[c] ?? null)));
      return Promise.resolve();
    },
    close() {
      db.exec("COMMIT");
      db.pragma("journal_mode = WAL");
      db.close();
      return Promise.resolve();
    },
  };
}

/** A migrated PostgreSQL database; columns a row leaves out take their defaults. */
export async function postgresSink(url: string): Promise<BulkSink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async insert(table, rows) {
      const columns = Object.keys(rows[0] ?? {})
        .map((c) => `"${c}"`)
        .join(", ");
      await client.query(
        `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1)`,
        [JSON.stringify(rows)],
      );
    },
    async close() {
      await client.end();
    },
  };
}
