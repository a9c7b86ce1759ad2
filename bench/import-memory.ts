/**
 * Child process of the dice benchmark: what importing one dice roller adds to a fresh Node
 * process (RSS and V8 heap), then what one roll adds on top. Run with --expose-gc; prints JSON.
 *   node --expose-gc dist/bench/bench/import-memory.js ours|peer|none
 */
import { setImmediate as nextTurn } from "node:timers/promises";

interface Usage {
  rss: number;
  heapUsed: number;
}

async function settled(): Promise<Usage> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  for (let i = 0; i < 3; i += 1) {
    gc();
    await nextTurn();
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

async function load(which: string): Promise<() => number> {
  if (which === "ours") {
    const dice = await import("../src/games/cthulhu-eternal/rules/dice/index.js");
    const { cryptoRng } = await import("../src/core/rng.js");
    const rng = cryptoRng();
    return () => dice.rollDice("4d6kh3", rng).total;
  }
  if (which === "peer") {
    const { DiceRoll } = await import("@dice-roller/rpg-dice-roller");
    return () => new DiceRoll("4d6kh3").total;
  }
  return () => 0;
}

const which = process.argv[2] ?? "none";
const before = await settled();
const roll = await load(which);
const imported = await settled();
roll();
const used = await settled();
const delta = (a: Usage, b: Usage): Usage => ({
  rss: b.rss - a.rss,
  heapUsed: b.heapUsed - a.heapUsed,
});
process.stdout.write(
  `${JSON.stringify({ which, import: delta(before, imported), firstRoll: delta(before, used) })}\n`,
);
