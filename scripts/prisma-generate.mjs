// Runs `prisma generate`. Generating the client never runs Prisma's schema engine, but the CLI
// insists on downloading it first; on a machine that cannot reach Prisma's binary host we retry,
// quietly (nothing is wrong with the client), with PRISMA_SCHEMA_ENGINE_BINARY pointing at a
// placeholder. Where the download works (or the variable is already set), nothing changes, so
// `prisma migrate deploy` keeps its real engine.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const prisma = join("node_modules", ".bin", process.platform === "win32" ? "prisma.cmd" : "prisma");

/** Each engine's schema (Prisma allows one provider per schema), each with its own client. */
const SCHEMAS = ["prisma/schema.prisma", "prisma/postgres/schema.prisma"];

function generate(env) {
  let last;
  for (const schema of SCHEMAS) {
    last = spawnSync(prisma, ["generate", "--schema", schema], { env, encoding: "utf8" });
    if (last.status !== 0) return last;
  }
  return last;
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
  result = generate({ ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: placeholder });
}
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
if (result.status === 0) {
  for (const client of ["prisma", "prisma-postgres"])
    loadQueryCompilerWithoutKeepingItsText(client);
}
process.exit(result.status ?? 1);

/**
 * The generated client imports its query compiler (WebAssembly, 2 MB of base64 in a JavaScript
 * module) as an ES module, and an ES module is never unloaded: its source and the string it
 * exports stay in the heap for the life of the process (4.4 MB), long after the compiler was
 * built from them. This rewrites that one import to `require` the CommonJS copy of the same file
 * (shipped beside it) and drop it from the require cache, so both strings become garbage once the
 * compiler is built. If Prisma's output changes shape, this says so and leaves the client as is;
 * test/db/generated-client.test.ts then fails.
 */
function loadQueryCompilerWithoutKeepingItsText(client) {
  const file = join(import.meta.dirname, `../src/generated/${client}/internal/class.ts`);
  const pattern =
    /const \{ wasm \} = await import\("([^"]+)\.wasm-base64\.mjs"\)\n(\s*)return await decodeBase64AsWasm\(wasm\)/;
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const match = pattern.exec(text);
  if (match === null) {
    console.warn(
      `prisma generate: ${file} does not load its query compiler as expected; left as is.`,
    );
    return;
  }
  const [, specifier, indent] = match;
  const replacement = [
    "// Patched by scripts/prisma-generate.mjs: required, then dropped from the require cache, so",
    "// the module's 2 MB of base64 text is garbage once compiled (an ES module is never unloaded).",
    "const { createRequire } = await import('node:module')",
    "const require = createRequire(import.meta.url)",
    `const path = require.resolve(${JSON.stringify(`${specifier}.wasm-base64.js`)})`,
    "const { wasm } = require(path) as { wasm: string }",
    "delete require.cache[path]",
    "return await decodeBase64AsWasm(wasm)",
  ].join(`\n${indent}`);
  writeFileSync(file, text.replace(pattern, replacement));
}
