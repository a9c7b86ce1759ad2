import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  openEternalDatabase,
  type EternalDatabase,
} from "../../src/games/cthulhu-eternal/store/open.js";

export const MIGRATIONS_DIR = resolve(import.meta.dirname, "../../prisma/migrations");

/** A fresh, migrated SQLite file in its own temp folder (a real database, no mocks). */
export async function openTempDatabase(
  options: { verifyCache?: boolean } = {},
): Promise<EternalDatabase & { dir: string; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "ce-db-"));
  const db = await openEternalDatabase(`file:${join(dir, "test.db")}`, MIGRATIONS_DIR, options);
  return {
    ...db,
    dir,
    async dispose() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
