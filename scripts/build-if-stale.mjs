// Builds the bot only when it must: when dist/src/main.js is missing, or when a source file is
// newer than everything the build wrote. So a start with an up-to-date build goes straight to
// `node dist/src/main.js`, without the dev dependencies (TypeScript, the Prisma CLI) and without
// the ten seconds a build takes. Run from the project's root (npm runs scripts there).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// What the build reads. Left out: the generated Prisma client, which `npm run generate` (run
// before tests and lint) rewrites from prisma/schema.prisma; and package-lock.json, which npm
// rewrites by itself (`npm prune`, `npm install`), while an upgrade also changes package.json.
const SOURCES = [
  "src",
  "commands",
  "scripts",
  "prisma/schema.prisma",
  "prisma.config.ts",
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
];
const SKIPPED = new Set(["src/generated"]);
/** What `npm run build` (and the tests' incremental build) writes. */
const OUTPUTS = ["dist/src", "dist/commands", "dist/scripts", "dist/.tsbuildinfo"];
const ENTRY = "dist/src/main.js";

/** The newest modification time under `path` (a file or a folder), or 0 when there is none. */
function newest(path) {
  if (SKIPPED.has(path) || !existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function staleReason() {
  if (!existsSync(ENTRY)) return `${ENTRY} is missing`;
  const built = Math.max(...OUTPUTS.map(newest));
  const changed = SOURCES.find((source) => newest(source) > built);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}

/** Whether every dev dependency is installed (`npm ci --omit=dev` leaves them out). */
function devDependenciesInstalled() {
  const { devDependencies = {} } = JSON.parse(readFileSync("package.json", "utf8"));
  return Object.keys(devDependencies).every((name) =>
    existsSync(join("node_modules", name, "package.json")),
  );
}

const reason = staleReason();
if (reason !== undefined) {
  if (!devDependenciesInstalled()) {
    console.error(
      `The bot needs building (${reason}), which takes the dev dependencies: run \`npm ci\` (without --omit=dev), then start again.`,
    );
    process.exit(1);
  }
  console.error(`Building the bot first (${reason}).`);
  const build = spawnSync("npm", ["run", "--silent", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  process.exit(build.status ?? 1);
}
