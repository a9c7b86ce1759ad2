/**
 * One change signal for all fake state: waiters re-check their condition on every change. Simpler
 * and harder to get wrong than per-event emitters, and the fake's state is small.
 */

export interface WaitOptions {
  timeoutMs: number;
  /** Says what was expected, for the timeout error. */
  describe: () => string;
}

interface Pending {
  describe: () => string;
  check: () => void;
  fail: (error: Error) => void;
}

export class ChangeNotifier {
  private readonly pending = new Set<Pending>();
  private closedReason: string | undefined;
  private scheduled: NodeJS.Immediate | undefined;

  /**
   * Re-checks waiters on the next macrotask, not synchronously: by then the HTTP handler that
   * changed the state has also recorded and sent its response, so a test resuming after
   * `await handle.response()` sees a consistent request log.
   */
  notify(): void {
    if (this.scheduled !== undefined || this.pending.size === 0) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      for (const waiter of [...this.pending]) waiter.check();
    });
  }

  /** Resolves with the first non-undefined value of `probe`, checked now and after every change. */
  waitFor<T>(probe: () => T | undefined, options: WaitOptions): Promise<T> {
    if (this.closedReason !== undefined) {
      return Promise.reject(
        new Error(`fake Discord is closed (${this.closedReason}); ${options.describe()}`),
      );
    }
    const immediate = probe();
    if (immediate !== undefined) return Promise.resolve(immediate);

    return new Promise<T>((resolve, reject) => {
      const waiter: Pending = {
        describe: options.describe,
        check: () => {
          let value: T | undefined;
          try {
            value = probe();
          } catch (error) {
            settle();
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          if (value === undefined) return;
          settle();
          resolve(value);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        waiter.fail(
          new Error(`Timed out after ${options.timeoutMs}ms waiting for ${options.describe()}`),
        );
      }, options.timeoutMs);
      const settle = (): void => {
        clearTimeout(timer);
        this.pending.delete(waiter);
      };
      this.pending.add(waiter);
    });
  }

  /** Rejects every pending waiter so nothing hangs (or holds a timer) after the fake closes. */
  close(reason: string): void {
    this.closedReason = reason;
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    for (const waiter of [...this.pending]) {
      waiter.fail(
        new Error(`fake Discord closed (${reason}) while waiting for ${waiter.describe()}`),
      );
    }
  }
}
