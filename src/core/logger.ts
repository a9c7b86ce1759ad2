import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger } from "pino";
import type PinoPretty from "pino-pretty";
import type { LogFormat, LogLevel } from "./config.js";

export type { Logger } from "pino";

export const REDACTED = "[REDACTED]";

/** Keys that hold credentials wherever they appear (one level deep, plus the top level). */
export const REDACT_PATHS = [
  "token",
  "*.token",
  "discordToken",
  "*.discordToken",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
];

export interface LoggerOptions {
  readonly level: LogLevel;
  readonly format: LogFormat;
  /** Literal strings (the bot token) that must never reach the output, wherever they hide. */
  readonly secrets: readonly string[];
  /** Where finished lines go (after scrubbing and pretty-printing); standard output by default. */
  readonly destination?: DestinationStream;
}

/** Replaces every occurrence of every secret (raw and JSON-escaped) with REDACTED. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === "") continue;
    out = out.replaceAll(secret, REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.replaceAll(escaped, REDACTED);
  }
  return out;
}

/**
 * Interaction and webhook tokens in Discord URLs (`/interactions/<id>/<token>/callback`,
 * `/webhooks/<application>/<token>/…`): each lets its holder answer, edit or delete as the bot
 * for 15 minutes, and discord.js errors carry the URL they failed on.
 */
const URL_TOKEN = /(\/(?:interactions|webhooks)\/\d+\/)[\w.-]{16,}/g;

/** Replaces the tokens Discord puts in interaction and webhook URLs with REDACTED. */
export function scrubUrlTokens(text: string): string {
  return text.replace(URL_TOKEN, `$1${REDACTED}`);
}

/**
 * Scrubs each finished line, so the token cannot leak through a message, an error's message or
 * stack, or a field no redact path foresaw.
 */
function scrubbingStream(secrets: readonly string[], next: DestinationStream): DestinationStream {
  return {
    write: (line: string) => {
      next.write(scrubUrlTokens(scrubSecrets(line, secrets)));
    },
  };
}

/**
 * The one logger of the process: JSON lines or readable ones (`format`, from LOG_FORMAT or
 * whether the output is a terminal).
 * Lines are written off the event loop (a synchronous write to a pipe cost 0.15 ms, more than
 * a whole /roll's database work); before a deliberate exit, `endLogOutput` writes out the rest.
 */
export function createLogger(options: LoggerOptions): Logger {
  let sink: DestinationStream;
  let standardOutput: StandardOutput | undefined;
  if (options.destination === undefined) {
    standardOutput = pino.destination({ dest: 1, sync: false });
    sink = standardOutput;
  } else sink = options.destination;
  const output = options.format === "pretty" ? prettyStream(sink, options.destination) : sink;
  const log = pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    scrubbingStream(options.secrets, output),
  );
  if (standardOutput !== undefined) standardOutputs.set(log, standardOutput);
  return log;
}

type StandardOutput = ReturnType<typeof pino.destination>;

/** The asynchronous standard output of each logger that writes there. */
const standardOutputs = new WeakMap<Logger, StandardOutput>();

/** Longest wait for the output to take the last lines (a stuck reader must not keep us up). */
const END_TIMEOUT_MS = 2_000;

/**
 * Writes out every line still pending, in order, then ends the logger's output: for right before
 * the process exits. pino's own flush at exit writes the lines still queued but not the one being
 * written at that moment, which then lands after them (a fatal line after "stopped"), or not at
 * all. Resolves at once for a logger with a custom destination.
 */
export function endLogOutput(log: Logger): Promise<void> {
  const output = standardOutputs.get(log);
  if (output === undefined) return Promise.resolve();
  standardOutputs.delete(log);
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, END_TIMEOUT_MS);
    output.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
    output.end();
  });
}

/**
 * Formats each JSON line for humans, in-process and synchronously (no worker thread). pino-pretty
 * (and the dozen packages it loads) is required here, only for LOG_FORMAT=pretty: JSON logs, the
 * default and what the Docker image writes, never load it.
 */
function prettyStream(
  sink: DestinationStream,
  custom: DestinationStream | undefined,
): DestinationStream {
  const pinoPretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  const format: (line: string) => string = pinoPretty.prettyFactory({
    colorize: custom === undefined && process.stdout.isTTY,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
  return {
    write: (line: string) => {
      sink.write(format(line));
    },
  };
}
