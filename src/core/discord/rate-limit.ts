/**
 * A per-user token bucket: one for interactions that change the table, another for rolls. Each
 * user holds up to `burst` tokens, one per interaction; tokens come back at `perMinute`. Reads,
 * autocomplete and paging are never counted (see `src/core/discord/writes.ts`).
 *
 * Memory stays bounded however many users write: a user whose bucket has refilled is the same as
 * one never seen, so such entries are dropped, and at most `maxTrackedUsers` are kept (the least
 * recently seen go first).
 */

import { DEFAULT_WRITE_RATE_LIMIT, type WriteRateLimitSettings } from "../config.js";

/** Enough for every active player of a large bot; each entry is a few dozen bytes. */
export const DEFAULT_MAX_TRACKED_USERS = 10_000;

export type RateLimitDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class WriteRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly msPerToken: number;
  private readonly maxTracked: number;
  private readonly now: () => number;

  constructor(
    readonly settings: WriteRateLimitSettings = DEFAULT_WRITE_RATE_LIMIT,
    options: { readonly maxTrackedUsers?: number; readonly now?: () => number } = {},
  ) {
    if (!(settings.burst >= 1) || !(settings.perMinute > 0)) {
      throw new RangeError("a write rate limit needs a burst of at least 1 and a positive rate");
    }
    this.msPerToken = 60_000 / settings.perMinute;
    this.maxTracked = Math.max(1, options.maxTrackedUsers ?? DEFAULT_MAX_TRACKED_USERS);
    this.now = options.now ?? Date.now;
  }

  /** How many users are tracked now (for tests of the memory bound). */
  get trackedUsers(): number {
    return this.buckets.size;
  }

  /** Spends one of the user's tokens, or says how long until one is back; a refusal is free. */
  take(userId: string): RateLimitDecision {
    const now = this.now();
    this.forgetRefilled(now);
    const bucket = this.refilled(this.buckets.get(userId), now);
    // Re-inserting keeps the Map ordered from least to most recently seen.
    this.buckets.delete(userId);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.remember(userId, bucket);
      return { allowed: true };
    }
    this.remember(userId, bucket);
    return { allowed: false, retryAfterMs: Math.ceil((1 - bucket.tokens) * this.msPerToken) };
  }

  private refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (bucket === undefined) return { tokens: this.settings.burst, updatedAt: now };
    const elapsed = Math.max(0, now - bucket.updatedAt);
    return {
      tokens: Math.min(this.settings.burst, bucket.tokens + elapsed / this.msPerToken),
      updatedAt: now,
    };
  }

  private remember(userId: string, bucket: Bucket): void {
    this.buckets.set(userId, bucket);
    while (this.buckets.size > this.maxTracked) {
      const oldest = this.buckets.keys().next();
      if (oldest.done === true) break;
      this.buckets.delete(oldest.value);
    }
  }

  /** Drops the least recently seen users whose bucket is full again: they cost nothing to forget. */
  private forgetRefilled(now: number): void {
    for (const [userId, bucket] of this.buckets) {
      if (this.refilled(bucket, now).tokens < this.settings.burst) return;
      this.buckets.delete(userId);
    }
  }
}
