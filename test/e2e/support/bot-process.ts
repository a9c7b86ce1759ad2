import { spawn, type ChildProcessByStdio } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { projectRoot } from "../../../src/core/discord/paths.js";
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

/** How a process is started: environment variables set for it and node's options. */
export interface Launch {
  readonly env: Readonly<Record<string, string>>;
  readonly nodeOptions: readonly string[];
}

/**
 * How `npm start` runs the built bot, read from package.json's start script (its last step,
 * `[NAME=value…] exec node [options…] dist/src/main.js`). The Dockerfile's runtime ENV and CMD say
 * the same (test/e2e/start-command.test.ts).
 */
export function npmStartLaunch(): Launch {
  const { scripts } = JSON.parse(readFileSync(`${projectRoot()}/package.json`, "utf8")) as {
    scripts: Record<string, string | undefined>;
  };
  const words = (scripts.start ?? "").split("&&").at(-1)?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  let word = words.shift();
  for (; word !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(word); word = words.shift()) {
    const at = word.indexOf("=");
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  // `exec`: the shell becomes node, so npm's SIGTERM/SIGINT reach the bot itself.
  if (word !== "exec") throw new Error(`unexpected start script: ${scripts.start ?? "(none)"}`);
  word = words.shift();
  const nodeOptions = words.slice(0, -1);
  if (word !== "node" || words.at(-1) !== "dist/src/main.js" || nodeOptions.some(notAnOption)) {
    throw new Error(`unexpected start script: ${scripts.start ?? "(none)"}`);
  }
  return { env, nodeOptions };
}

function notAnOption(word: string): boolean {
  return !word.startsWith("--");
}

/**
 * Runs the built entry point like `npm start` does (or as `launch` says), with only the given
 * environment (plus PATH) and a fresh empty working directory, so no developer `.env` leaks in.
 */
export function startBotProcess(
  env: Record<string, string>,
  cwd = emptyDir(),
  entry = BUILT_ENTRY,
  launch: Launch = npmStartLaunch(),
): BotProcess {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    [...launch.nodeOptions, entry],
    {
      cwd,
      env: { PATH: process.env.PATH ?? "", ...launch.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
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
