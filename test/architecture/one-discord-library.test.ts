/**
 * discord.js loads its @discordjs/* packages as CommonJS. Importing one of them from our ES
 * modules loads its ES build as well: a second copy in memory, and (for @discordjs/rest) the bot's
 * requests going through both. discord.js re-exports what we use, so values come from there.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
/** An import statement that brings values (not `import type`) from a @discordjs/* package. */
const VALUE_IMPORT = /^import\s+(?!type\s)[^;]*?from\s+"(@discordjs\/[^"]+)"/gms;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

it("takes discord.js's own @discordjs/* packages through discord.js", () => {
  const offenders = [...sourceFiles("src"), ...sourceFiles("commands")].flatMap((file) =>
    [...readFileSync(join(ROOT, file), "utf8").matchAll(VALUE_IMPORT)].map(
      (match) => `${file}: ${match[1] ?? ""}`,
    ),
  );
  expect(offenders).toEqual([]);
});
