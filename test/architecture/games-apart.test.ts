/**
 * The house: the core (src/core/, and the core's store, src/store/) imports no game, and nothing in one game (its src/games/<game>/ folder or
 * its commands/<game>/ folder) imports another game.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const IMPORT = /(?:from\s+|import\s*\(\s*)"(\.{1,2}\/[^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every repository path a file imports (relative imports only). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(IMPORT)].map((match) =>
    relative(ROOT, resolve(ROOT, dirname(file), match[1] ?? "")),
  );
}

/** The game a path belongs to, or undefined for the core and the rest. */
function gameOf(path: string): string | undefined {
  return /^(?:src\/games|commands)\/([^/]+)\//.exec(path)?.[1];
}

const games = readdirSync(join(ROOT, "src/games"));

describe("games apart", () => {
  it("has more than one game to keep apart", () => {
    expect(games).toEqual(expect.arrayContaining(["cthulhu-eternal", "cultists-of-cthulhu"]));
  });

  it("keeps every game out of the core", () => {
    const core = [...sourceFiles("src/core"), ...sourceFiles("src/store")];
    const intoGames = core.flatMap((file) =>
      importsOf(file)
        .filter((target) => gameOf(target) !== undefined)
        .map((target) => `${file} → ${target}`),
    );
    expect(intoGames).toEqual([]);
  });

  it("keeps each game out of the others", () => {
    const crossings = [...sourceFiles("src/games"), ...sourceFiles("commands")].flatMap((file) => {
      const own = gameOf(file);
      return importsOf(file)
        .filter((target) => {
          const theirs = gameOf(target);
          return own !== undefined && theirs !== undefined && theirs !== own;
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });
});
