import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL the suites run on (scripts/with-postgres.sh starts a throwaway one): each test
 * gets a database of its own, copied from a template that holds the migrated schema.
 */
export const TEMPLATE_DATABASE = "ce_test_template";

/** The server's URL, when the suites run on PostgreSQL. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_POSTGRES_URL;
}

/** The same server's URL for another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database, empty or copied from `template`; returns its name. */
export async function createDatabase(serverUrl: string, template?: string): Promise<string> {
  const name = `ce_test_${randomUUID().replaceAll("-", "")}`;
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`),
  );
  return name;
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

/** The template, migrated afresh (for a suite's global set-up). */
export async function recreateTemplate(
  serverUrl: string,
  migrate: (url: string) => Promise<void>,
): Promise<void> {
  await onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  });
  await migrate(databaseUrl(serverUrl, TEMPLATE_DATABASE));
}
