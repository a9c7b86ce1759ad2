/**
 * `npm run bench` still runs: the smoke mode (tiny sizes, every section) on the compiled benchmark,
 * and it writes well-formed results. Benchmarks are not tests: nothing here checks a timing.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const RUNNER = join(ROOT, "dist/bench/bench/run.js");
const SECTIONS = ["dice", "services", "extras", "sheet", "e2e", "e2e-postgres", "startup", "scale"];

let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "ce-bench-smoke-"));
  // tsc trusts its build info, not the files: without the runner, compile from scratch.
  if (!existsSync(RUNNER)) rmSync(join(ROOT, "dist/bench/.tsbuildinfo"), { force: true });
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const build = spawnSync(process.execPath, [tsc, "-p", "tsconfig.bench.json"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`compiling the benchmark failed:\n${build.stdout}`);
}, 180_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

function runSmoke(): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [RUNNER, "--smoke", "--out", out], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      done({ code, output });
    });
  });
}

interface ResultRow {
  measure: unknown;
  ours: unknown;
  baseline: unknown;
  ratio: unknown;
  target: unknown;
  pass: unknown;
}

describe("npm run bench:smoke", () => {
  it("runs every section and writes well-formed results", async () => {
    const { code, output } = await runSmoke();
    expect(code, output).toBe(0);
    expect(output).toContain("| Measure | Ours | Baseline | Ratio | Target |");

    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as {
      machine: { nproc: unknown; node: unknown; date: unknown };
      mode: unknown;
      sections: Record<string, { title: unknown; rows: ResultRow[]; data: unknown }>;
    };
    expect(results.mode).toBe("smoke");
    expect(results.machine.node).toBe(process.version);
    expect(typeof results.machine.nproc).toBe("number");
    expect(Object.keys(results.sections)).toEqual(SECTIONS);
    for (const section of SECTIONS) {
      const { rows, title, data } = results.sections[section] ?? { rows: [] };
      expect(typeof title).toBe("string");
      expect(data).toBeTypeOf("object");
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(typeof row.measure).toBe("string");
        expect(typeof row.ours).toBe("string");
        expect(typeof row.baseline).toBe("string");
        expect(typeof row.target).toBe("string");
        expect(row.ratio === null || Number.isFinite(row.ratio)).toBe(true);
        // Smoke sizes say nothing about the targets: nothing is judged.
        expect(row.pass).toBeNull();
      }
    }
    // The floor (bare bot plus our event-log write) answered, and its latency and throughput are
    // reported beside each command.
    const e2eRows = results.sections.e2e?.rows ?? [];
    const floorRows = e2eRows.filter((row) => String(row.measure).startsWith("… the floor"));
    expect(floorRows).toHaveLength(4);
    for (const row of floorRows) expect(Number.isFinite(row.ratio)).toBe(true);
    // Every answer the bench timed was the bot's real answer, not a refusal or a stale match.
    const e2e = results.sections.e2e?.data as {
      latency: Record<string, { correct: boolean }>;
      throughput: Record<string, { ours: { count: number; correct: number }[] }>;
    };
    for (const command of ["roll", "san"]) {
      expect(e2e.latency[command]?.correct, command).toBe(true);
      for (const block of e2e.throughput[command]?.ours ?? []) {
        expect(block.correct, command).toBe(block.count);
      }
    }
  }, 240_000);
});
