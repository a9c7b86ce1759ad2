/**
 * Copies the bot's whole SQLite database into an empty PostgreSQL database, then checks that both
 * hold as many rows of each table. Run it with the bot stopped:
 *   npm run db:copy-to-postgres -- file:./data/cthulhu-eternal.db postgresql://bot:secret@host:5432/bot
 * Both databases are first brought up to the bot's migrations.
 */
import { migrationFolders } from "../src/core/discord/paths.js";
import { isPostgresUrl, openDatabase } from "../src/store/database.js";
import { copyDatabase, TargetNotEmpty } from "../src/store/copy.js";
import { continueNumbering } from "../src/store/postgres-database.js";

const [from, to] = process.argv.slice(2);
if (from === undefined || to === undefined || isPostgresUrl(from) || !isPostgresUrl(to)) {
  process.stderr.write(
    "Usage: npm run db:copy-to-postgres -- <SQLite URL, such as file:./data/cthulhu-eternal.db> <PostgreSQL URL, such as postgresql://bot:secret@host:5432/bot>\n",
  );
  process.exit(2);
}

const source = await openDatabase(
  from.startsWith("file:") ? from : `file:${from}`,
  migrationFolders(),
);
const target = await openDatabase(to, migrationFolders());
let failed = false;
try {
  const report = await copyDatabase(source.prisma, target.prisma, (model, rows) => {
    process.stdout.write(`copied ${model}: ${rows}\n`);
  });
  await continueNumbering(target.prisma);
  for (const { model, source: rows, target: copied } of report.tables) {
    if (rows !== copied) {
      failed = true;
      process.stderr.write(`${model}: ${rows} rows in SQLite, ${copied} in PostgreSQL\n`);
    }
  }
  process.stdout.write(
    failed
      ? "The copy is incomplete: keep running the bot on SQLite.\n"
      : `Done: every table holds as many rows in ${target.location} as in ${source.location}.\n`,
  );
} catch (error) {
  failed = true;
  const why =
    error instanceof TargetNotEmpty
      ? `${error.message}: copy into an empty database (a new one, or drop and create it again).`
      : String(error);
  process.stderr.write(`Copy failed: ${why}\n`);
} finally {
  await source.close();
  await target.close();
}
process.exit(failed ? 1 : 0);
