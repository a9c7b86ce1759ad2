/**
 * Facts, not prose: rules and services return codes and data, and every sentence a user reads is
 * written at the edge (presentation and its catalogue). A string literal of three words or more in
 * a rules or services file counts as a sentence, unless it is a programmer's error (`new Error`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The rules and services of every game, and of every Extra. */
function inScope(): string[] {
  return files("src/games").filter(
    (path) =>
      /^src\/games\/[^/]+\/(?:rules|services)\//.test(path) ||
      /\/extras\/(?:[^/]+\/)?(?:service|rules|state|events|extras-service|campaign-extras)\.ts$/.test(
        path,
      ),
  );
}

/** String and template literals outside comments, each with the code just before it. */
function literals(source: string): { text: string; before: string }[] {
  const found: { text: string; before: string }[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === "/" && source[i + 1] === "/") {
      i = source.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      i = source.indexOf("*/", i) + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      let depth = 0;
      while (j < source.length && !(source[j] === c && depth === 0)) {
        if (source[j] === "\\") j += 1;
        else if (c === "`" && source[j] === "$" && source[j + 1] === "{") depth += 1;
        else if (c === "`" && source[j] === "}" && depth > 0) depth -= 1;
        j += 1;
      }
      found.push({ text: source.slice(i + 1, j), before: source.slice(Math.max(0, i - 40), i) });
      i = j + 1;
      continue;
    }
    i += 1;
  }
  return found;
}

/** Small words a name keeps in lower case ("Cult of Cthulhu", "Fungi from Yuggoth"). */
const NAME_LINKS = new Set(["of", "from", "the", "and", "in", "on", "at", "to", "for"]);

/** A name (an archetype, a skill, a scenario goal) is data, not a sentence. */
function isName(words: readonly string[]): boolean {
  return words.every((word) => /^[A-Z]/.test(word) || NAME_LINKS.has(word));
}

function isSentence({ text, before }: { text: string; before: string }): boolean {
  if (/Error\(\s*$/.test(before.replace(/\s+/g, " "))) return false;
  const words = text.replace(/\$\{[^}]*\}/g, " ").match(/[A-Za-z’']{2,}/g) ?? [];
  return words.length >= 3 && / /.test(text) && !isName(words);
}

function sentenceCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of inScope()) {
    const count = literals(readFileSync(join(ROOT, file), "utf8")).filter(isSentence).length;
    if (count > 0) counts[file] = count;
  }
  return counts;
}

describe("facts, not prose", () => {
  it("finds the sentences it looks for (the check itself works)", () => {
    const sample = [
      'throw invalid("Name the Bond first.");',
      "// a comment with many words in it",
      'throw new Error("an internal mistake, not for users");',
      'const goal = "Esoteric Order of Dagon";',
      "const code = `stale-roll`;",
    ].join("\n");
    expect(
      literals(sample)
        .filter(isSentence)
        .map((l) => l.text),
    ).toEqual(["Name the Bond first."]);
  });

  it("keeps user-facing sentences out of rules and services", () => {
    expect(inScope().length).toBeGreaterThan(50);
    expect(sentenceCounts()).toEqual({});
  });
});
