import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The folder holding package.json, found from this file so it works from `src/` and from the
 * build in `dist/src/` alike, whatever the working directory.
 */
export function projectRoot(start: string = import.meta.dirname): string {
  let dir = start;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

/** Each engine's migrations, in Prisma's layout. */
export function migrationFolders(): { sqlite: string; postgres: string } {
  const prisma = join(projectRoot(), "prisma");
  return { sqlite: join(prisma, "migrations"), postgres: join(prisma, "postgres", "migrations") };
}
