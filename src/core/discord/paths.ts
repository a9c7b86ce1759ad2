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

export function migrationsDir(): string {
  return join(projectRoot(), "prisma", "migrations");
}
