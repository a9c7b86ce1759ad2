import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/core/discord/paths.js";

/**
 * scripts/prisma-generate.mjs rewrites how the generated client loads its query compiler, so the
 * compiler's base64 text does not stay in memory for the life of the process. If a Prisma upgrade
 * changes the generated code, the rewrite no longer applies: this says so.
 */
describe("generated Prisma client", () => {
  const classFile = readFileSync(
    join(projectRoot(), "src", "generated", "prisma", "internal", "class.ts"),
    "utf8",
  );

  it("loads the query compiler as CommonJS and drops it from the require cache", () => {
    expect(classFile).not.toMatch(/import\("[^"]+\.wasm-base64\.mjs"\)/);
    expect(classFile).toMatch(/require\.resolve\("[^"]+\.wasm-base64\.js"\)/);
    expect(classFile).toContain("delete require.cache[path]");
  });
});
