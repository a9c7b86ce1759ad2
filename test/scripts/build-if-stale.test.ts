/**
 * scripts/build-if-stale.mjs, the first step of `npm start`, in a small project of its own whose
 * `build` script only leaves a mark: it builds when the entry point is missing or a source is
 * newer than the build, and otherwise does nothing at all.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = resolve(import.meta.dirname, "../../scripts/build-if-stale.mjs");
let project: string;

/** Writes a file with the given age in seconds (0 = now), creating its folders. */
function file(path: string, ageSeconds: number, text = ""): void {
  const full = join(project, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  const when = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(full, when, when);
}

function run(): { status: number | null; output: string; built: boolean } {
  const result = spawnSync(process.execPath, [SCRIPT], {
    cwd: project,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? project },
    encoding: "utf8",
  });
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
    built: existsSync(join(project, "built")),
  };
}

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "ce-build-if-stale-"));
  const build = "node -e \"require('fs').writeFileSync('built', '')\"";
  file("package.json", 300, JSON.stringify({ name: "p", scripts: { build } }));
  file("src/main.ts", 200);
  file("src/generated/prisma/client.ts", 200);
});

afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

describe("npm start's build step", () => {
  it("builds when there is no build yet", () => {
    const result = run();
    expect(result.status).toBe(0);
    expect(result.built).toBe(true);
    expect(result.output).toContain("Building the bot first (dist/src/main.js is missing).");
  });

  it("does nothing, silently, when the build is newer than every source", () => {
    file("dist/src/main.js", 100);
    // `npm run generate` (before tests and lint) rewrites the generated client: not a source.
    file("src/generated/prisma/client.ts", 0);
    expect(run()).toEqual({ status: 0, output: "", built: false });
  });

  it("builds when a source changed after the build", () => {
    file("dist/src/main.js", 100);
    file("src/main.ts", 0);
    const result = run();
    expect(result.built).toBe(true);
    expect(result.output).toContain("Building the bot first (src changed since the last build).");
  });

  it("counts the newest output of the build, not only the entry point", () => {
    // The tests' incremental build rewrites only what changed.
    file("dist/src/main.js", 250);
    file("dist/src/games/cthulhu-eternal/rules/dice.js", 100);
    expect(run().built).toBe(false);
  });
});
