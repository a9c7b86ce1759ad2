/**
 * Runs a bot entry point under the CPU profiler and writes `<dir>/<name>-<pid>.cpuprofile` when the
 * process exits; on SIGUSR2, collects garbage and writes a heap snapshot there (open both in
 * Chrome DevTools). Used by the benchmark when BENCH_PROFILE_DIR is set:
 *   BENCH_PROFILE_DIR=/tmp/prof npm run bench -- --only e2e
 */
import { writeFileSync } from "node:fs";
import { Session, type Profiler } from "node:inspector";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString, writeHeapSnapshot } from "node:v8";
import { runInNewContext } from "node:vm";

const entry = process.env.BENCH_PROFILE_ENTRY;
const dir = process.env.BENCH_PROFILE_DIR;
if (entry === undefined || dir === undefined) {
  throw new Error("BENCH_PROFILE_ENTRY and BENCH_PROFILE_DIR must be set");
}
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.start");
process.on("exit", () => {
  // In-process inspector sessions answer synchronously, so this completes before the exit.
  session.post("Profiler.stop", (error, result: Profiler.StopReturnType) => {
    if (error !== null) return;
    const name = `${basename(entry, ".js")}-${process.pid}.cpuprofile`;
    writeFileSync(join(dir, name), JSON.stringify(result.profile));
  });
});
process.on("SIGUSR2", () => {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
  const file = writeHeapSnapshot(
    join(dir, `${basename(entry, ".js")}-${process.pid}.heapsnapshot`),
  );
  console.log(JSON.stringify({ msg: "heap snapshot written", file, ...process.memoryUsage() }));
});
await import(pathToFileURL(entry).href);
