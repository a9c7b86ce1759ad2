import { z } from "zod";
import { isRulesError } from "../rules/errors.js";
import type { PercentileTestResult } from "../rules/percentile.js";
import {
  planSharedAdversity,
  type Fellow,
  type SharedAdversityPlan,
} from "../rules/shared-adversity.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import { loadAdversityProgress } from "./shared-adversity-progress.js";
import { parseInput, recordId } from "./validation.js";

const pendingInput = z.object({
  actor: actorSchema,
  testEventId: z.number().int().positive(),
  fellowIds: z.array(recordId).max(25).optional(),
});

/** What a failed shared-adversity test still asks of its survivor's player. */
export interface PendingSharedAdversity {
  testEventId: number;
  protagonist: { id: string; name: string; ownerId: string };
  test: PercentileTestResult;
  /** Every fellow survivor of the test. */
  candidates: Fellow[];
  /** How many fellows the player must first choose among `candidates` (more than five made it back); 0 once chosen or when there is nothing to choose. */
  toChoose: number;
  /**
   * The plan for the fellows still to handle, against the survivor's Bonds as they are now: all of
   * them (or the five chosen) at first; after a "needs-choice" application, only the pending ones.
   * Null while the fellows are still to be chosen.
   */
  plan: SharedAdversityPlan | null;
  /** True when an earlier application stopped for a new choice (a chosen Bond broke). */
  resuming: boolean;
}

/**
 * The read side of `applySharedAdversity`: which choices a shared-adversity test still needs, so
 * the bot can offer them (again) before anything is applied. Only the survivor's player or a GM
 * may ask, as only they may choose; a test already applied in full is a conflict. Writes nothing.
 */
export function createSharedAdversityChoices({ store }: Pick<ServiceDeps, "store">) {
  return {
    async pendingSharedAdversity(raw: {
      actor: Actor;
      testEventId: number;
      fellowIds?: string[];
    }): Promise<PendingSharedAdversity> {
      const { actor, testEventId, fellowIds } = parseInput(pendingInput, raw);
      return store.transaction(async (tx) => {
        const progress = await rules(() =>
          loadAdversityProgress(tx, actor, testEventId, fellowIds),
        );
        const { survivor, test, resuming, candidates, toChoose, fellows, state } = progress;
        return {
          testEventId,
          protagonist: { id: survivor.id, name: survivor.name, ownerId: survivor.ownerId },
          test,
          candidates,
          toChoose,
          plan: toChoose > 0 ? null : await rules(() => planSharedAdversity(state, fellows)),
          resuming,
        };
      });
    },
  };
}

/** A rules refusal (a wrong choice of fellows, a full sheet) becomes the player's `invalid`. */
export async function rules<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // One without a refusal (dice, SAN-loss notation) goes on as it is: presentation words it.
    if (isRulesError(error) && error.refusal !== undefined)
      throw invalid({ code: "rules-refused", refusal: error.refusal });
    throw error;
  }
}
