import { z } from "zod";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { newConditions, type Condition } from "../rules/conditions.js";
import { becomeExhausted, restFromExhaustion, type ExhaustionResult } from "../rules/harm.js";
import type { StoreTx } from "../store/store.js";
import type { Campaign } from "../store/types.js";
import { ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { fact } from "./event-facts.js";
import { who, type Who } from "./harm-who.js";
import { changesOf, writeTarget } from "./protagonist-target.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { parseInput, recordId } from "./validation.js";

const plainInput = z.object({ actor: actorSchema, protagonistId: recordId.nullish() });

export interface ExhaustionOutcome {
  protagonist: Who;
  result: ExhaustionResult;
  conditions: Condition[];
  eventId: number;
}

/** Exhaustion and rest: WP and the test penalty that comes and goes with them (`/wp`). */
export function createExhaustion({ store, rng }: Pick<ServiceDeps, "store" | "rng">) {
  return {
    /** Exhaustion: 1D6 WP lost and a test penalty (the campaign's) until rested. */
    async exhaust(raw: {
      actor: Actor;
      protagonistId?: string | null;
    }): Promise<ExhaustionOutcome> {
      const input = parseInput(plainInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const result = becomeExhausted(
          { wp: before.wp, maxWp: before.wpMax, exhausted: before.exhausted },
          rng,
          ruleOptionsOf(campaign),
        );
        return logExhaustion(tx, actor, campaign, before, result, "exhaust");
      });
    },

    /** Rest: 1D6 WP regained and exhaustion cleared. */
    async rest(raw: { actor: Actor; protagonistId?: string | null }): Promise<ExhaustionOutcome> {
      const input = parseInput(plainInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const result = restFromExhaustion(
          { wp: before.wp, maxWp: before.wpMax, exhausted: before.exhausted },
          rng,
        );
        return logExhaustion(tx, actor, campaign, before, result, "rest");
      });
    },
  };
}

async function logExhaustion(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  before: ProtagonistSnapshot,
  result: ExhaustionResult,
  kind: "exhaust" | "rest",
): Promise<ExhaustionOutcome> {
  const after = cloneSnapshot(before);
  after.wp = result.wp.after;
  after.exhausted = result.exhausted;
  await tx.protagonists.write(before, after);
  const eventId = await tx.events.append({
    guildId: actor.guildId,
    campaignId: campaign.id,
    actorId: actor.userId,
    ...fact(kind, {
      protagonist: before.name,
      before: result.wp.before,
      after: result.wp.after,
      roll: result.wpRoll,
    }),
    sessionNumber: campaign.sessionNumber,
    input: {},
    dice: result,
    changes: changesOf(before, after),
    concerns: [before.id],
  });
  return {
    protagonist: who(after),
    result,
    conditions: newConditions(before, after),
    eventId,
  };
}
