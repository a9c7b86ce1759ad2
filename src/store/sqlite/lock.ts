/**
 * One holder at a time for the store's connection: a transaction holds it from BEGIN to COMMIT,
 * across its awaits, so no other transaction's statements can land inside it. Waiters are served
 * in order. Taking a free lock costs no turn of the event loop.
 */
export class ConnectionLock {
  #held = false;
  readonly #waiters: { grant: () => void; joinsBatch: boolean }[] = [];

  get held(): boolean {
    return this.#held;
  }

  /** Whether the caller waiting next can run inside the holder's open transaction (see Sql). */
  get nextJoinsBatch(): boolean {
    return this.#waiters[0]?.joinsBatch === true;
  }

  /** Takes the lock if it is free; returns whether it did. */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  /**
   * Resolves once the lock is this caller's. `joinsBatch`: the caller (a store transaction) may be
   * handed the lock with the holder's SQLite transaction still open, to run in it.
   */
  acquire(joinsBatch = false): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((grant) => this.#waiters.push({ grant, joinsBatch }));
  }

  /** Hands the lock to the next waiter, or frees it. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next.grant();
    else this.#held = false;
  }
}
