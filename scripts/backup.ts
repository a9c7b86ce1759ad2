/**
 * `npm run backup -- <file>` (or `node dist/scripts/backup.js <file>` in the container): a
 * consistent copy of the database named by DATABASE_URL, taken while the bot keeps running.
 */
import { config as loadDotenv } from "dotenv";
import { backupDatabase } from "../src/core/db/backup.js";
import { DEFAULT_DATABASE_URL, sqliteFileFromUrl } from "../src/core/db/database-url.js";

loadDotenv({ quiet: true });
const destination = process.argv[2];
if (!destination) {
  process.stderr.write("Usage: npm run backup -- <backup file>, e.g. backups/bot-2026-11-30.db\n");
  process.exit(1);
}
try {
  const source = sqliteFileFromUrl(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  await backupDatabase(source, destination);
  process.stdout.write(`Backed up ${source} to ${destination}.\n`);
} catch (error) {
  process.stderr.write(
    `Backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
