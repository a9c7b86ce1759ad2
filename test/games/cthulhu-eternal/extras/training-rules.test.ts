/**
 * Training and Talents (seed 002): +1 a session, never above 99; the 20th session opens the talent
 * check, d100 at or under the skill's current rating; a failure waits for the next session.
 */
import { describe, expect, it } from "vitest";
import {
  SKILL_CEILING,
  talentCheck,
  talentCheckOpen,
  train,
  UNTRAINED,
} from "../../../../src/games/cthulhu-eternal/extras/training/rules.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { percentileFaces } from "../../../support/dice.js";

const NEEDED = 20;
const roll = (value: number) => scriptedRng(percentileFaces(value));

describe("a training session", () => {
  it("adds 1 to the skill and counts one session", () => {
    const result = train({ rating: 40, training: UNTRAINED, sessions: 1, sessionsNeeded: NEEDED });
    expect(result.ratingAfter).toBe(41);
    expect(result.gained).toBe(1);
    expect(result.trainingAfter).toEqual({ sessions: 1, failedAt: null });
    expect(result.talentCheckOpen).toBe(false);
  });

  it("never raises a skill above 99, but still counts the sessions", () => {
    const at98 = train({ rating: 98, training: UNTRAINED, sessions: 3, sessionsNeeded: NEEDED });
    expect(at98.ratingAfter).toBe(SKILL_CEILING);
    expect(at98.gained).toBe(1);
    expect(at98.trainingAfter.sessions).toBe(3);
    const at99 = train({ rating: 99, training: UNTRAINED, sessions: 1, sessionsNeeded: NEEDED });
    expect(at99.ratingAfter).toBe(99);
    expect(at99.gained).toBe(0);
    expect(at99.trainingAfter.sessions).toBe(1);
  });

  it("opens the talent check at the 20th session, not the 19th", () => {
    const nineteenth = train({
      rating: 50,
      training: { sessions: 18, failedAt: null },
      sessions: 1,
      sessionsNeeded: NEEDED,
    });
    expect(nineteenth.talentCheckOpen).toBe(false);
    const twentieth = train({
      rating: 50,
      training: nineteenth.trainingAfter,
      sessions: 1,
      sessionsNeeded: NEEDED,
    });
    expect(twentieth.trainingAfter.sessions).toBe(20);
    expect(twentieth.talentCheckOpen).toBe(true);
  });
});

describe("the talent check", () => {
  const ready = { sessions: 20, failedAt: null };

  it("is refused before the 20th session, rolling nothing", () => {
    const rng = scriptedRng([]);
    const result = talentCheck(
      { rating: 60, training: { sessions: 19, failedAt: null }, sessionsNeeded: NEEDED },
      rng,
    );
    expect(result).toEqual({
      kind: "refused",
      refusal: { code: "too-few-sessions", sessions: 19, needed: 20 },
    });
  });

  it("succeeds at the rating: the count resets to 0", () => {
    const result = talentCheck({ rating: 60, training: ready, sessionsNeeded: NEEDED }, roll(60));
    expect(result.kind === "rolled" && result.success).toBe(true);
    expect(result.kind === "rolled" && result.trainingAfter).toEqual(UNTRAINED);
  });

  it("fails one above the rating, and keeps the count", () => {
    const result = talentCheck({ rating: 60, training: ready, sessionsNeeded: NEEDED }, roll(61));
    expect(result.kind === "rolled" && result.success).toBe(false);
    expect(result.kind === "rolled" && result.trainingAfter).toEqual({
      sessions: 20,
      failedAt: 20,
    });
  });

  it("after a failure, waits for the next session, then may be retried", () => {
    const failed = { sessions: 20, failedAt: 20 };
    expect(talentCheckOpen(failed, NEEDED)).toBe(false);
    expect(talentCheck({ rating: 60, training: failed, sessionsNeeded: NEEDED }, roll(1))).toEqual({
      kind: "refused",
      refusal: { code: "train-again-first", sessions: 20 },
    });
    const next = train({ rating: 60, training: failed, sessions: 1, sessionsNeeded: NEEDED });
    expect(next.talentCheckOpen).toBe(true);
    const retry = talentCheck(
      { rating: 61, training: next.trainingAfter, sessionsNeeded: NEEDED },
      roll(5),
    );
    expect(retry.kind === "rolled" && retry.success).toBe(true);
  });

  it("uses the campaign's number of sessions", () => {
    const result = talentCheck(
      { rating: 60, training: { sessions: 10, failedAt: null }, sessionsNeeded: 10 },
      roll(10),
    );
    expect(result.kind).toBe("rolled");
  });
});
