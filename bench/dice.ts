/**
 * Dice: our evaluator against @dice-roller/rpg-dice-roller on the same expressions, in the same
 * process, in alternating time slices; and the memory each adds when imported, in fresh processes.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { PARSED_CACHE_CAPACITY } from "../src/games/cthulhu-eternal/rules/dice/parse-cache.js";
import { rollDice } from "../src/games/cthulhu-eternal/rules/dice/index.js";
import { cryptoRng } from "../src/core/rng.js";
import type { Sizes } from "./options.js";
import type { Row, SectionResult } from "./report.js";
import { median, ratio, round } from "./stats.js";

export const DICE_EXPRESSIONS = [
  "1d100",
  "4d6kh3",
  "2d6+3",
  "1d8+1d4-1",
  "10d10",
  "100d6",
  "999d6",
];
const TARGET_SPEEDUP = 20;
const TARGET_IMPORT_MB = 5;
const MB = 1024 * 1024;

let sink = 0;

/** Rolls per second of `roll` over about `ms` milliseconds. */
function rate(roll: () => number, ms: number): number {
  let rolls = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 16; i += 1) sink += roll();
    rolls += 16;
    elapsed = performance.now() - started;
  } while (elapsed < ms);
  return (rolls / elapsed) * 1000;
}

interface ImportMemory {
  rssMb: number;
  heapMb: number;
  rssAfterFirstRollMb: number;
  heapAfterFirstRollMb: number;
}

interface ChildReport {
  import: { rss: number; heapUsed: number };
  firstRoll: { rss: number; heapUsed: number };
}

function importMemory(which: "ours" | "peer", runs: number): ImportMemory {
  const script = join(import.meta.dirname, "import-memory.js");
  const reports = Array.from({ length: runs }, () => {
    const out = execFileSync(process.execPath, ["--expose-gc", script, which], {
      encoding: "utf8",
    });
    return JSON.parse(out) as ChildReport;
  });
  const mb = (pick: (r: ChildReport) => number): number => round(median(reports.map(pick)) / MB, 2);
  return {
    rssMb: mb((r) => r.import.rss),
    heapMb: mb((r) => r.import.heapUsed),
    rssAfterFirstRollMb: mb((r) => r.firstRoll.rss),
    heapAfterFirstRollMb: mb((r) => r.firstRoll.heapUsed),
  };
}

function perSecond(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} M/s`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(1)} k/s`;
  return `${value.toFixed(0)} /s`;
}

export function runDiceBench(sizes: Sizes["dice"]): SectionResult {
  // The RNG production rolls with (src/main.ts): a faster test RNG would flatter us.
  const rng = cryptoRng();
  const rows: Row[] = [];
  const throughput: Record<string, { ours: number; peer: number; speedup: number }> = {};
  const contenders = DICE_EXPRESSIONS.map((expression) => ({
    expression,
    ours: (): number => rollDice(expression, rng).total,
    peer: (): number => new DiceRoll(expression).total,
  }));
  // Both libraries see every expression before anything is measured, so the JIT has settled.
  for (let pass = 0; pass < 2; pass += 1) {
    for (const { ours, peer } of contenders) {
      rate(ours, sizes.sliceMs);
      rate(peer, sizes.sliceMs);
    }
  }
  for (const { expression, ours, peer } of contenders) {
    const oursRates: number[] = [];
    const peerRates: number[] = [];
    for (let round = 0; round < sizes.rounds; round += 1) {
      // Alternate who goes first, so neither always runs on a warmer or cooler machine.
      if (round % 2 === 0) {
        oursRates.push(rate(ours, sizes.sliceMs));
        peerRates.push(rate(peer, sizes.sliceMs));
      } else {
        peerRates.push(rate(peer, sizes.sliceMs));
        oursRates.push(rate(ours, sizes.sliceMs));
      }
    }
    const oursRate = median(oursRates);
    const peerRate = median(peerRates);
    const speedup = ratio(oursRate, peerRate);
    throughput[expression] = { ours: Math.round(oursRate), peer: Math.round(peerRate), speedup };
    rows.push({
      measure: `rolls per second, ${expression}`,
      ours: perSecond(oursRate),
      baseline: perSecond(peerRate),
      ratio: speedup,
      target: `≥ ${TARGET_SPEEDUP}× faster`,
      pass: speedup >= TARGET_SPEEDUP,
    });
  }
  const memory = {
    ours: importMemory("ours", sizes.memoryRuns),
    peer: importMemory("peer", sizes.memoryRuns),
  };
  rows.push({
    measure: "RSS added by the import",
    ours: `${memory.ours.rssMb.toFixed(2)} MB`,
    baseline: `${memory.peer.rssMb.toFixed(2)} MB`,
    ratio: ratio(memory.ours.rssMb, memory.peer.rssMb),
    target: `≤ ${TARGET_IMPORT_MB} MB`,
    pass: memory.ours.rssMb <= TARGET_IMPORT_MB,
  });
  rows.push({
    measure: "V8 heap added by the import",
    ours: `${memory.ours.heapMb.toFixed(2)} MB`,
    baseline: `${memory.peer.heapMb.toFixed(2)} MB`,
    ratio: ratio(memory.ours.heapMb, memory.peer.heapMb),
    target: `≤ ${TARGET_IMPORT_MB} MB`,
    pass: memory.ours.heapMb <= TARGET_IMPORT_MB,
  });
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keeps the rolls from being optimised away
  return {
    title: "Dice",
    ours: `\`rollDice\` (src/games/cthulhu-eternal/rules/dice) with \`cryptoRng\` (the production RNG), parse + roll + render per call; ours parses through a bounded cache (at most ${PARSED_CACHE_CAPACITY} expressions, keyed by their text), the peer parses every time`,
    baseline: "`new DiceRoll(expression)` of @dice-roller/rpg-dice-roller, with its default engine",
    rows,
    data: { expressions: DICE_EXPRESSIONS, throughput, memory },
  };
}
