/** Fault injection for reliability tests: make the next N matching REST calls fail or stall. */

export interface FaultMatch {
  /** Tested against the decoded path below /api/v10, e.g. /interactions\/.*\/callback/. */
  path: RegExp;
  method?: string;
  /** How many matching requests are affected (default 1). */
  count?: number;
}

export interface FailFault extends FaultMatch {
  /** 429 or a 5xx (anything >= 400 works). */
  status: number;
  /** For 429: seconds, sent as Retry-After and `retry_after` (default 0.05). */
  retryAfterSeconds?: number;
  /** For 429: a global rate limit (X-RateLimit-Global). */
  global?: boolean;
  /** Override the JSON error body (e.g. `{ code: 50013, message: "Missing Permissions" }`). */
  body?: unknown;
  /**
   * The request is handled as usual, then answered with the failure: an ambiguous failure (a
   * proxy's 5xx after Discord took the callback), so a retry meets what the first one did.
   */
  afterHandling?: boolean;
}

export interface DelayFault extends FaultMatch {
  delayMs: number;
}

interface Rule<T> {
  fault: T;
  remaining: number;
}

export interface FaultResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export class FaultInjector {
  private failures: Rule<FailFault>[] = [];
  private delays: Rule<DelayFault>[] = [];
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  /** The next `count` matching requests get `status` instead of reaching the route. */
  failNext(fault: FailFault): void {
    this.failures.push({ fault, remaining: fault.count ?? 1 });
  }

  /** The next `count` matching requests are answered only after `delayMs`. */
  delayNext(fault: DelayFault): void {
    this.delays.push({ fault, remaining: fault.count ?? 1 });
  }

  clear(): void {
    this.failures = [];
    this.delays = [];
  }

  /**
   * Consumes a failure for this request, if one applies: `when` "before" the route runs, or
   * "after" it (faults with `afterHandling`).
   */
  takeFailure(
    method: string,
    path: string,
    when: "before" | "after" = "before",
  ): FaultResponse | undefined {
    const rule = take(
      this.failures.filter(
        (candidate) => (candidate.fault.afterHandling === true) === (when === "after"),
      ),
      method,
      path,
    );
    if (rule === undefined) return undefined;
    const { status } = rule;
    if (status === 429) {
      const retryAfter = rule.retryAfterSeconds ?? 0.05;
      return {
        status,
        body: rule.body ?? {
          message: "You are being rate limited.",
          retry_after: retryAfter,
          global: rule.global === true,
          code: 0,
        },
        headers: {
          "retry-after": String(retryAfter),
          "x-ratelimit-scope": rule.global === true ? "global" : "user",
          ...(rule.global === true ? { "x-ratelimit-global": "true" } : {}),
        },
      };
    }
    return {
      status,
      body: rule.body ?? { message: `${status}: Fake failure`, code: 0 },
      headers: {},
    };
  }

  /** Waits out a delay for this request, if one applies; cut short when the fake closes. */
  async applyDelay(method: string, path: string): Promise<void> {
    const rule = take(this.delays, method, path);
    if (rule === undefined) return;
    await new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, rule.delayMs),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  close(): void {
    for (const entry of this.timers) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    this.timers.clear();
    this.clear();
  }
}

function take<T extends FaultMatch>(rules: Rule<T>[], method: string, path: string): T | undefined {
  const rule = rules.find(
    (candidate) =>
      candidate.remaining > 0 &&
      candidate.fault.path.test(path) &&
      (candidate.fault.method === undefined || candidate.fault.method.toUpperCase() === method),
  );
  if (rule === undefined) return undefined;
  rule.remaining -= 1;
  return rule.fault;
}
