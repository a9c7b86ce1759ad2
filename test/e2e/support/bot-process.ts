import { spawn, type ChildProcessByStdio } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { BUILT_ENTRY } from "../global-setup.js";

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export interface BotProcess {
  readonly pid: number | undefined;
  /** Every stdout line, parsed when it is JSON. */
  readonly logs: LogLine[];
  readonly stdout: () => string;
  readonly stderr: () => string;
  waitForLog(
    predicate: (line: LogLine) => boolean,
    description: string,
    timeoutMs?: number,
  ): Promise<LogLine>;
  /** Resolves with the exit code (or the signal's name) once the process ended. */
  readonly exited: Promise<number | string>;
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL if still running; for afterAll. */
  kill(): Promise<void>;
}

/**
 * Runs the built entry point like `npm start` does, with only the given environment (plus PATH)
 * and a fresh empty working directory, so no developer `.env` leaks in.
 */
export function startBotProcess(
  env: Record<string, string>,
  cwd = emptyDir(),
  entry = BUILT_ENTRY,
): BotProcess {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    ["--enable-source-maps", entry],
    { cwd, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  let partial = "";
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const wake of [...waiters]) wake();
  });
  child.stderr.on("data", (chunk: string) => {
    err += chunk;
  });
  let ended = false;
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      ended = true;
      resolve(code ?? signal ?? "unknown");
      for (const wake of [...waiters]) wake();
    });
  });

  return {
    pid: child.pid,
    logs,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForLog(predicate, description, timeoutMs = 15_000) {
      return new Promise<LogLine>((resolve, reject) => {
        const check = (): void => {
          const found = logs.find(predicate);
          if (found !== undefined) {
            finish();
            resolve(found);
          } else if (ended) {
            finish();
            reject(new Error(`bot exited before logging ${description}\n${out}\n${err}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`timed out waiting for the bot to log ${description}\n${out}\n${err}`));
        }, timeoutMs);
        const finish = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    signal(signal) {
      child.kill(signal);
    },
    async kill() {
      if (!ended) child.kill("SIGKILL");
      await exited;
    },
  };
}

export function emptyDir(): string {
  return mkdtempSync(join(tmpdir(), "ce-bot-"));
}
