import type { ExtrasSizes } from "./extras.js";
import type { ScaleSizes } from "./scale.js";
import type { SheetSizes } from "./sheet.js";
/** Command-line options of `npm run bench` and the sizes of each mode. */

export const SECTIONS = [
  "dice",
  "services",
  "extras",
  "sheet",
  "e2e",
  "e2e-postgres",
  "startup",
  "scale",
] as const;
export type Section = (typeof SECTIONS)[number];
export type Mode = "full" | "smoke";

export interface Sizes {
  dice: { rounds: number; sliceMs: number; memoryRuns: number };
  services: {
    guilds: number;
    protagonistsPerGuild: number;
    playersPerGuild: number;
    eventsPerGuild: number;
    warmup: number;
    iterations: number;
  };
  extras: ExtrasSizes;
  sheet: SheetSizes;
  e2e: {
    guilds: number;
    playersPerGuild: number;
    warmup: number;
    latencyRounds: number;
    throughputCount: number;
    concurrency: number;
    throughputBlocks: number;
    /** Quiet time after start-up before the idle memory is read. */
    idleMs: number;
  };
  startup: { runs: number; migrationChecks: number };
  scale: ScaleSizes;
}

export const SIZES: Record<Mode, Sizes> = {
  // A few minutes on 2 cores.
  full: {
    dice: { rounds: 21, sliceMs: 50, memoryRuns: 3 },
    services: {
      guilds: 1000,
      protagonistsPerGuild: 100,
      playersPerGuild: 20,
      eventsPerGuild: 1000,
      warmup: 50,
      iterations: 400,
    },
    extras: { warmup: 20, iterations: 200 },
    sheet: { rounds: 21, rendersPerRound: 200 },
    e2e: {
      guilds: 1000,
      playersPerGuild: 10,
      warmup: 40,
      latencyRounds: 400,
      throughputCount: 1000,
      concurrency: 32,
      throughputBlocks: 4,
      idleMs: 5000,
    },
    startup: { runs: 5, migrationChecks: 50 },
    scale: {
      guildSteps: [1_000, 10_000],
      playersPerGuild: 2,
      rate: 100,
      seconds: 60,
      saturationRates: [120, 150, 200, 300],
      stepSeconds: 10,
    },
  },
  // Seconds: proves every benchmark still runs (CI), measures nothing worth reading.
  smoke: {
    dice: { rounds: 1, sliceMs: 5, memoryRuns: 1 },
    services: {
      guilds: 3,
      protagonistsPerGuild: 4,
      playersPerGuild: 2,
      eventsPerGuild: 10,
      warmup: 1,
      iterations: 3,
    },
    extras: { warmup: 1, iterations: 3 },
    sheet: { rounds: 2, rendersPerRound: 2 },
    e2e: {
      guilds: 2,
      playersPerGuild: 2,
      warmup: 1,
      latencyRounds: 3,
      throughputCount: 6,
      concurrency: 3,
      throughputBlocks: 1,
      idleMs: 100,
    },
    startup: { runs: 1, migrationChecks: 2 },
    scale: {
      guildSteps: [8],
      playersPerGuild: 2,
      rate: 10,
      seconds: 1,
      saturationRates: [20],
      stepSeconds: 1,
    },
  },
};

export interface BenchOptions {
  mode: Mode;
  sections: Section[];
  /** Where results.json (and, for a full run, RESULTS.md) go. */
  outDir: string | undefined;
}

const USAGE = `usage: node dist/bench/bench/run.js [--smoke|--quick] [--only dice,services,extras,sheet,e2e,e2e-postgres,startup,scale] [--out DIR]`;

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { mode: "full", sections: [...SECTIONS], outDir: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--smoke" || arg === "--quick") options.mode = "smoke";
    else if (arg === "--only") {
      const wanted = (argv[++i] ?? "").split(",").filter(Boolean);
      const unknown = wanted.filter((name) => !SECTIONS.some((s) => s === name));
      if (unknown.length || !wanted.length)
        throw new Error(`unknown section(s): ${unknown.join(", ")}\n${USAGE}`);
      options.sections = SECTIONS.filter((s) => wanted.includes(s));
    } else if (arg === "--out") {
      const dir = argv[++i];
      if (dir === undefined) throw new Error(`--out needs a folder\n${USAGE}`);
      options.outDir = dir;
    } else throw new Error(`unknown argument ${arg ?? ""}\n${USAGE}`);
  }
  return options;
}
