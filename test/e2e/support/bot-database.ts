import { join } from "node:path";
import { openDatabase, type Db } from "../../../src/store/database.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  TEMPLATE_DATABASE,
  testPostgresUrl,
} from "../../support/postgres.js";
import { MIGRATION_FOLDERS } from "../../support/temp-db.js";

export interface BotDatabase {
  /** The bot's DATABASE_URL. */
  url: string;
  /** Prisma Client on it, for the test's own reads and set-ups (migrated by then). */
  open(): Promise<Db>;
  dispose(): Promise<void>;
}

/**
 * The database a bot under test runs on: `bot.db` in its folder, or, when the suite runs on
 * PostgreSQL (TEST_DATABASE=postgres), a database of its own copied from the migrated template.
 */
export async function botDatabase(dir: string): Promise<BotDatabase> {
  const server = testPostgresUrl();
  const onPostgres = process.env.TEST_DATABASE === "postgres" && server !== undefined;
  const name = onPostgres ? await createDatabase(server, TEMPLATE_DATABASE) : undefined;
  const url =
    server !== undefined && name !== undefined
      ? databaseUrl(server, name)
      : `file:${join(dir, "bot.db")}`;
  return {
    url,
    open: async () => (await openDatabase(url, MIGRATION_FOLDERS)).prisma,
    dispose: async () => {
      if (server !== undefined && name !== undefined) await dropDatabase(server, name);
    },
  };
}
