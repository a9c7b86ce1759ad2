// Runs `prisma generate`. Generating the client never runs Prisma's schema engine, but the CLI
// insists on downloading it first; on a machine that cannot reach Prisma's binary host we retry
// with PRISMA_SCHEMA_ENGINE_BINARY pointing at a placeholder. Where the download works (or the
// variable is already set), nothing changes, so `prisma migrate deploy` keeps its real engine.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const prisma = join("node_modules", ".bin", process.platform === "win32" ? "prisma.cmd" : "prisma");

function generate(env) {
  return spawnSync(prisma, ["generate"], { env, encoding: "utf8" });
}

let result = generate(process.env);
const output = `${result.stdout}${result.stderr}`;
const downloadFailed =
  /binaries\.prisma\.sh|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|fetch failed|download/i;
if (
  result.status !== 0 &&
  !process.env.PRISMA_SCHEMA_ENGINE_BINARY &&
  downloadFailed.test(output)
) {
  const placeholder = join(mkdtempSync(join(tmpdir(), "prisma-engine-")), "schema-engine");
  writeFileSync(placeholder, "");
  console.warn(
    "prisma generate: the schema engine could not be downloaded; generating without it.",
  );
  result = generate({ ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: placeholder });
}
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exit(result.status ?? 1);
