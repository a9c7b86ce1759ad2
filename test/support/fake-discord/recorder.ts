/** Keeps every HTTP request the bot makes, for assertions and for waiting on bot activity. */
import type { ChangeNotifier } from "./notifier.js";
import type { RecordedRequest } from "./types.js";

export type RequestPredicate = (request: RecordedRequest) => boolean;

export interface WaitForRequestOptions {
  timeoutMs?: number;
  /** Only consider requests with `seq` greater than this (e.g. `fake.requests.length` before acting). */
  after?: number;
  /** Names what is awaited in the timeout error. */
  description?: string;
  /** Default true: resolve only once the fake has answered. False: as soon as it arrives (e.g. while a delay fault holds it). */
  answered?: boolean;
}

export class RequestRecorder {
  private readonly list: RecordedRequest[] = [];
  private seq = 0;
  /** Bot tokens seen in Authorization headers, in order of first use. */
  readonly tokens: string[] = [];

  constructor(
    private readonly notifier: ChangeNotifier,
    private readonly defaultTimeoutMs: number,
    private readonly limit: number | undefined,
  ) {}

  get requests(): readonly RecordedRequest[] {
    return this.list;
  }

  get lastSeq(): number {
    return this.seq;
  }

  add(request: Omit<RecordedRequest, "seq">): RecordedRequest {
    this.seq += 1;
    const recorded: RecordedRequest = { ...request, seq: this.seq };
    this.list.push(recorded);
    if (this.limit !== undefined && this.list.length > this.limit) this.list.shift();
    if (recorded.token !== undefined && !this.tokens.includes(recorded.token)) {
      this.tokens.push(recorded.token);
    }
    this.notifier.notify();
    return recorded;
  }

  /** Attaches the answer to a recorded request (waiters only see answered requests). */
  complete(request: RecordedRequest, response: RecordedRequest["response"]): void {
    request.response = response;
    this.notifier.notify();
  }

  requestsTo(path: RegExp, method?: string): RecordedRequest[] {
    return this.list.filter(
      (request) =>
        path.test(request.path) &&
        (method === undefined || request.method === method.toUpperCase()),
    );
  }

  /** Requests no route knew (answered 404) — usually a sign the fake or the bot is missing something. */
  unmatched(): RecordedRequest[] {
    return this.list.filter((request) => request.route === undefined);
  }

  clear(): void {
    // Keep `seq` increasing so `after` marks stay meaningful across clears.
    this.list.length = 0;
  }

  /** Resolves with the first (answered) request matching `predicate`. Past requests count unless `after` says otherwise. */
  waitFor(
    predicate: RequestPredicate,
    options: WaitForRequestOptions = {},
  ): Promise<RecordedRequest> {
    const after = options.after ?? 0;
    return this.notifier.waitFor(
      () =>
        this.list.find(
          (request) =>
            request.seq > after &&
            (options.answered === false || request.response !== undefined) &&
            predicate(request),
        ),
      {
        timeoutMs: options.timeoutMs ?? this.defaultTimeoutMs,
        describe: () =>
          `${options.description ?? "a matching request"}; requests so far:\n${this.summary()}`,
      },
    );
  }

  summary(limit = 20): string {
    const recent = this.list.slice(-limit);
    if (recent.length === 0) return "  (none)";
    return recent
      .map(
        (request) =>
          `  #${request.seq} ${request.method} ${request.path} -> ${request.response?.status ?? "pending"}`,
      )
      .join("\n");
  }
}
