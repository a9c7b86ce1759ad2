import { openDatabase } from "../../src/store/database.js";
import { recreateTemplate, testPostgresUrl } from "./postgres.js";
import { MIGRATION_FOLDERS } from "./temp-db.js";

/** Migrates the template every PostgreSQL test database is copied from. */
export default async function setup(): Promise<void> {
  const url = testPostgresUrl();
  if (url === undefined) throw new Error("the PostgreSQL suites need TEST_POSTGRES_URL");
  await recreateTemplate(url, async (templateUrl) => {
    const db = await openDatabase(templateUrl, MIGRATION_FOLDERS);
    await db.close();
  });
}
