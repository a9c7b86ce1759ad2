/** Keeps the work that is still running, so shutdown can wait for it to finish. */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  get size(): number {
    return this.pending.size;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const forget = (): void => {
      this.pending.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  /** Resolves true once nothing is running (work started meanwhile included), false on timeout. */
  async idle(timeoutMs: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, timeoutMs);
    });
    try {
      while (this.pending.size > 0) {
        const settled = Promise.allSettled([...this.pending]).then(() => true as const);
        if (!(await Promise.race([settled, timedOut]))) return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
}
