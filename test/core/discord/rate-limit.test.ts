import { describe, expect, it } from "vitest";
import { WriteRateLimiter } from "../../../src/core/discord/rate-limit.js";
import { DEFAULT_ROLL_RATE_LIMIT, DEFAULT_WRITE_RATE_LIMIT } from "../../../src/core/config.js";

function limiterAt(settings = { burst: 3, perMinute: 6 }, maxTrackedUsers?: number) {
  const clock = { now: 0 };
  const limiter = new WriteRateLimiter(settings, { now: () => clock.now, maxTrackedUsers });
  return { limiter, clock };
}

describe("WriteRateLimiter", () => {
  it("allows a burst, then one write per refill interval, telling how long to wait", () => {
    const { limiter, clock } = limiterAt(); // 6 per minute: one token every 10 s
    expect([1, 2, 3].map(() => limiter.take("u").allowed)).toEqual([true, true, true]);
    expect(limiter.take("u")).toEqual({ allowed: false, retryAfterMs: 10_000 });
    clock.now = 4_000;
    expect(limiter.take("u")).toEqual({ allowed: false, retryAfterMs: 6_000 });
    clock.now = 10_000;
    expect(limiter.take("u").allowed).toBe(true);
    expect(limiter.take("u").allowed).toBe(false);
  });

  it("refusals cost nothing: hammering does not push the next write further away", () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 3; i += 1) limiter.take("u");
    for (let i = 0; i < 100; i += 1) limiter.take("u");
    clock.now = 10_000;
    expect(limiter.take("u").allowed).toBe(true);
  });

  it("keeps users apart", () => {
    const { limiter } = limiterAt({ burst: 1, perMinute: 1 });
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
  });

  it("never refills beyond the burst, however long a user was away", () => {
    const { limiter, clock } = limiterAt();
    limiter.take("u");
    clock.now = 3_600_000;
    expect([1, 2, 3, 4].map(() => limiter.take("u").allowed)).toEqual([true, true, true, false]);
  });

  it("forgets users whose bucket refilled, so memory follows recent writers only", () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 1_000; i += 1) limiter.take(`user-${i}`);
    expect(limiter.trackedUsers).toBe(1_000);
    clock.now = 10_000; // one token back: every bucket is full again
    limiter.take("late");
    expect(limiter.trackedUsers).toBe(1);
  });

  it("tracks at most maxTrackedUsers, dropping the least recently seen", () => {
    const { limiter } = limiterAt({ burst: 1, perMinute: 1 }, 100);
    for (let i = 0; i < 10_000; i += 1) limiter.take(`user-${i}`);
    expect(limiter.trackedUsers).toBe(100);
    expect(limiter.take("user-9999").allowed).toBe(false); // recent: still remembered
  });

  it("refuses settings that would block every write", () => {
    expect(() => new WriteRateLimiter({ burst: 0, perMinute: 10 })).toThrow(RangeError);
    expect(() => new WriteRateLimiter({ burst: 1, perMinute: 0 })).toThrow(RangeError);
  });
});

describe("the default roll bucket", () => {
  /** How many of `count` rolls, one every `everyMs`, go through (a simulated clock). */
  function allowedRolls(count: number, everyMs: number): number {
    const { limiter, clock } = limiterAt(DEFAULT_ROLL_RATE_LIMIT);
    let allowed = 0;
    for (let i = 0; i < count; i += 1) {
      clock.now = i * everyMs;
      if (limiter.take("gm").allowed) allowed += 1;
    }
    return allowed;
  }

  it("never stops a GM rolling for NPCs at human speed: a roll a second for ten minutes", () => {
    expect(allowedRolls(600, 1_000)).toBe(600);
    expect(allowedRolls(300, 2_000)).toBe(300);
  });

  it("lets a dozen NPCs be rolled for at once, twice over", () => {
    expect(allowedRolls(24, 0)).toBe(24);
  });

  it("stops a script flooding: ten rolls a second for a minute", () => {
    expect(allowedRolls(600, 100)).toBeLessThan(150);
  });

  it("is more generous than the write bucket, which it does not share", () => {
    expect(DEFAULT_ROLL_RATE_LIMIT.burst).toBeGreaterThan(DEFAULT_WRITE_RATE_LIMIT.burst);
    expect(DEFAULT_ROLL_RATE_LIMIT.perMinute).toBeGreaterThan(DEFAULT_WRITE_RATE_LIMIT.perMinute);
  });
});
