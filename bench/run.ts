/**
 * `npm run bench`: where the bot stands against its peers, as ratios measured side by side in one
 * run. Prints a table; writes results.json, and RESULTS.md for a full run of every section.
 *   node dist/bench/bench/run.js [--smoke] [--only dice,services,extras,sheet,e2e,e2e-postgres,startup,scale] [--out DIR]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { projectRoot } from "../src/core/discord/paths.js";
import { runDiceBench } from "./dice.js";
import { runEndToEndBench } from "./e2e.js";
import { describeMachine } from "./machine.js";
import { parseOptions, SECTIONS, SIZES, type Section } from "./options.js";
import {
  machineLine,
  markdownTable,
  resultsJson,
  resultsMarkdown,
  type SectionResult,
} from "./report.js";
import { runServicesBench } from "./services.js";
import { runExtrasBench } from "./extras.js";
import { runSheetBench } from "./sheet.js";
import { runStartupBench } from "./startup.js";
import { runScaleBench } from "./scale.js";

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const sizes = SIZES[options.mode];
  const machine = describeMachine();
  const runners: Record<Section, () => Promise<SectionResult> | SectionResult> = {
    dice: () => runDiceBench(sizes.dice),
    services: () => runServicesBench(sizes.services),
    extras: () => runExtrasBench(sizes.extras),
    sheet: () => runSheetBench(sizes.sheet),
    e2e: () => runEndToEndBench(sizes.e2e, "sqlite"),
    "e2e-postgres": () => runEndToEndBench(sizes.e2e, "postgres"),
    startup: () => runStartupBench(sizes.startup),
    scale: () => runScaleBench(sizes.scale),
  };

  console.log(`Benchmark (${options.mode}) on ${machineLine(machine)}\n`);
  const results: Partial<Record<Section, SectionResult>> = {};
  for (const section of options.sections) {
    const started = performance.now();
    console.log(`${section}…`);
    const result = await runners[section]();
    // Smoke sizes prove the benchmark runs; their numbers say nothing about the targets.
    if (options.mode === "smoke") for (const row of result.rows) row.pass = null;
    results[section] = result;
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    console.log(markdownTable([result]));
  }

  const sections = options.sections.flatMap((s) => results[s] ?? []);
  const complete = options.mode === "full" && options.sections.length === SECTIONS.length;
  const outDir =
    options.outDir ??
    (complete ? join(projectRoot(), "bench") : join(projectRoot(), "dist", "bench"));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "results.json"), resultsJson(machine, options.mode, results));
  if (complete) {
    // Formatted as `npm run lint` expects, so a fresh RESULTS.md can be committed as it is.
    const file = join(outDir, "RESULTS.md");
    const config = await resolveConfig(file);
    const text = await format(resultsMarkdown(machine, sections), { ...config, filepath: file });
    writeFileSync(file, text);
  }
  const missed = sections.flatMap((s) => s.rows).filter((row) => row.pass === false);
  if (options.mode === "smoke") console.log("Smoke run: it runs; its numbers are not judged.");
  else if (missed.length) console.log(`Targets missed: ${missed.map((r) => r.measure).join("; ")}`);
  else console.log("Every target holds.");
  console.log(`Results in ${outDir}`);
}

try {
  await main();
  // Fake Discord sockets or a stray timer must not keep a finished benchmark alive.
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
