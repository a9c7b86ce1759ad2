import type { DestinationStream } from "pino";

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** A pino destination keeping every line, raw and parsed, for assertions. */
export function captureLogs(): DestinationStream & { raw: string[]; lines: LogLine[] } {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  return {
    raw,
    lines,
    write(line: string) {
      raw.push(line);
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // Pretty output is not JSON; `raw` still has it.
      }
    },
  };
}
