import { z } from "zod";
import {
  planSharedAdversity,
  type Fellow,
  type SharedAdversityPlan,
  type SharedAdversityResult,
  type SharedAdversityState,
} from "../rules/bonds.js";
import { isRulesError } from "../rules/errors.js";
import type { PercentileTestResult } from "../rules/percentile.js";
import type { Bond } from "../rules/types.js";
import { actorSchema, type Actor } from "./actor.js";
import { assertCanActOn } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, invalid, notFound } from "./errors.js";
import { sanityStateOf } from "./sanity-state.js";
import { loadProtagonist } from "./store.js";
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
export function createSharedAdversityChoices({ db }: Pick<ServiceDeps, "db">) {
  return {
    async pendingSharedAdversity(raw: {
      actor: Actor;
      testEventId: number;
    }): Promise<PendingSharedAdversity> {
      const { actor, testEventId } = parseInput(pendingInput, raw);
      return db.$transaction(async (tx) => {
        const testEvent = await tx.event.findFirst({
          where: { id: testEventId, guildId: actor.guildId, kind: "shared-adversity-test" },
          include: { targets: true },
        });
        const survivorId = testEvent?.targets[0]?.protagonistId;
        if (!testEvent || !survivorId) throw notFound("That shared-adversity test");
        const survivor = await loadProtagonist(tx, actor.guildId, survivorId);
        await assertCanActOn(tx, actor, survivor);
        // The same lookup as applySharedAdversity: the latest application for this survivor.
        const applied = await tx.event.findFirst({
          where: {
            kind: "shared-adversity",
            guildId: actor.guildId,
            undoneById: null,
            targets: { some: { protagonistId: survivorId } },
            id: { gt: testEventId },
          },
          orderBy: { id: "desc" },
          select: { input: true, dice: true },
        });
        const previous = applied?.dice as unknown as SharedAdversityResult | undefined;
        const sameTest =
          (applied?.input as { testEventId?: number } | undefined)?.testEventId === testEventId;
        if (sameTest && previous?.status !== "needs-choice") {
          throw conflict("That shared adversity has already been applied.");
        }
        const { fellows } = testEvent.input as unknown as { fellows: Fellow[] };
        const { test } = testEvent.dice as unknown as { test: PercentileTestResult };
        const bonds = sanityStateOf(survivor).bonds;
        const resuming = sameTest && previous?.status === "needs-choice";
        const state: SharedAdversityState =
          resuming && previous.resumeState
            ? {
                ...previous.resumeState,
                bonds,
                cha: survivor.stats.CHA,
                bondsToOthersOnAdventure: [
                  ...(previous.resumeState.bondsToOthersOnAdventure ?? []),
                  ...bondsToFellows(bonds, fellows),
                ],
              }
            : { cha: survivor.stats.CHA, bonds, sanTest: test };
        const plan = rules(() =>
          planSharedAdversity(state, resuming ? previous.pendingFellows : fellows),
        );
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

/**
 * Bonds to every fellow of the test, the ones already handled included. The rules' resume state
 * names them by the ids the rules gave new Bonds, but the database stores new Bonds under fresh
 * ids, so they are found again by fellow here: no Bond to someone on the adventure may pay.
 */
function bondsToFellows(bonds: readonly Bond[], fellows: readonly Fellow[]): string[] {
  const ids = new Set(fellows.map((fellow) => fellow.id));
  return bonds
    .filter((bond) => bond.fellowId !== undefined && ids.has(bond.fellowId))
    .map((bond) => bond.id);
}

function rules<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (isRulesError(error)) throw invalid(error.message);
    throw error;
  }
}
