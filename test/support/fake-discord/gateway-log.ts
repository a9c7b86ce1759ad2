/** The fake gateway's event log: what tests inspect and wait on to sequence reconnect scenarios. */
import type { ChangeNotifier } from "./notifier.js";

export type GatewayLogKind =
  | "connect"
  | "identify"
  | "ready"
  | "resume"
  | "resumed"
  | "resume-rejected"
  | "heartbeat"
  | "reconnect-requested"
  | "invalid-session-sent"
  | "dropped"
  | "close";

export interface GatewayLogEntry {
  /** 1-based position in the log; pass to `waitFor(..., { since })`. */
  index: number;
  kind: GatewayLogKind;
  at: number;
  sessionId: string | undefined;
  /** Close code for "close"/"dropped"; request path for "connect". */
  detail?: string | number;
}

export interface GatewayLogOptions {
  notifier: ChangeNotifier;
  defaultTimeoutMs: number;
  log: (line: string) => void;
}

export class GatewayLog {
  private readonly entries: GatewayLogEntry[] = [];

  constructor(private readonly options: GatewayLogOptions) {}

  get all(): readonly GatewayLogEntry[] {
    return this.entries;
  }

  /** Index of the last entry; use as `since` to wait only for what happens next. */
  mark(): number {
    return this.entries.length;
  }

  add(kind: GatewayLogKind, session: { id: string } | undefined, detail?: string | number): void {
    const entry: GatewayLogEntry = {
      index: this.entries.length + 1,
      kind,
      at: Date.now(),
      sessionId: session?.id,
      ...(detail === undefined ? {} : { detail }),
    };
    this.entries.push(entry);
    if (kind !== "heartbeat")
      this.options.log(`GW ${kind}${detail === undefined ? "" : ` ${detail}`}`);
    this.options.notifier.notify();
  }

  waitFor(
    kind: GatewayLogKind,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<GatewayLogEntry> {
    const since = options.since ?? 0;
    return this.options.notifier.waitFor(
      () => this.entries.find((entry) => entry.index > since && entry.kind === kind),
      {
        timeoutMs: options.timeoutMs ?? this.options.defaultTimeoutMs,
        describe: () =>
          `gateway "${kind}" after #${since}; gateway log: ${this.entries.map((e) => `#${e.index} ${e.kind}${e.detail === undefined ? "" : `(${e.detail})`}`).join(", ") || "(empty)"}`,
      },
    );
  }

  /** The kinds logged so far, for timeout messages. */
  describeKinds(): string {
    return this.entries.map((e) => e.kind).join(", ") || "(empty)";
  }
}
