import { z } from "zod";
import { planSharedAdversity, type SharedAdversityPlan } from "../rules/shared-adversity.js";
import { isRulesError } from "../rules/errors.js";
import type { PercentileTestResult } from "../rules/percentile.js";
import { actorSchema, type Actor } from "./actor.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import { loadAdversityProgress } from "./shared-adversity-progress.js";
import { parseInput } from "./validation.js";

const pendingInput = z.object({ actor: actorSchema, testEventId: z.number().int().positive() });

/** What a failed shared-adversity test still asks of its survivor's player. */
export interface PendingSharedAdversity {
  testEventId: number;
  protagonist: { id: string; name: string; ownerId: string };
  test: PercentileTestResult;
  /**
   * The plan for the fellows still to handle, against the survivor's Bonds as they are now: all of
   * them at first; after a "needs-choice" application, only the pending ones.
   */
  plan: SharedAdversityPlan;
  /** True when an earlier application stopped for a new choice (a chosen Bond broke). */
  resuming: boolean;
}

/**
 * The read side of `applySharedAdversity`: which choices a shared-adversity test still needs, so
 * the bot can offer them (again) before anything is applied. Only the survivor's player or a GM
 * may ask, as only they may choose; a test already applied in full is a conflict. Writes nothing.
 */
export function createSharedAdversityChoices({ db, sql }: Pick<ServiceDeps, "db" | "sql">) {
  return {
    async pendingSharedAdversity(raw: {
      actor: Actor;
      testEventId: number;
    }): Promise<PendingSharedAdversity> {
      const { actor, testEventId } = parseInput(pendingInput, raw);
      return db.$transaction(async (tx) => {
        const { survivor, test, resuming, fellows, state } = await loadAdversityProgress(
          tx,
          sql,
          actor,
          testEventId,
        );
        const plan = rules(() => planSharedAdversity(state, fellows));
        return {
          testEventId,
          protagonist: { id: survivor.id, name: survivor.name, ownerId: survivor.ownerId },
          test,
          plan,
          resuming,
        };
      });
    },
  };
}

function rules<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (isRulesError(error)) throw invalid(error.message);
    throw error;
  }
}
