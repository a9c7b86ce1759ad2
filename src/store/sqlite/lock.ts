/**
 * One holder at a time for the store's connection: a transaction holds it from BEGIN to COMMIT,
 * across its awaits, so no other transaction's statements can land inside it. Waiters are served
 * in order. Taking a free lock costs no turn of the event loop.
 */
export class ConnectionLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  get held(): boolean {
    return this.#held;
  }

  /** Takes the lock if it is free; returns whether it did. */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  /** Resolves once the lock is this caller's. */
  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the lock to the next waiter, or frees it. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}
