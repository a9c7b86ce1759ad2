import { cpus, freemem, loadavg, platform, release, totalmem } from "node:os";

import type { Machine } from "./report.js";

/** Where the numbers were measured: what `nproc`, `free -h` and `node --version` would say. */
export function describeMachine(now = new Date()): Machine {
  const processors = cpus();
  return {
    date: now.toISOString().slice(0, 10),
    nproc: processors.length,
    cpu: processors[0]?.model.trim() ?? "unknown",
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB (${(freemem() / 1024 ** 3).toFixed(1)} GiB free)`,
    node: process.version,
    platform: `${platform()} ${release()}`,
    // Other work on the machine moves absolute numbers (and, less, ratios): say how busy it was.
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
