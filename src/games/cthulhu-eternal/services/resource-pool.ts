import { z } from "zod";
import { fact } from "./event-facts.js";
import {
  resourceBreakdown,
  type ResourceDifficulty,
  type ResourceLocation,
} from "../rules/resources.js";
import {
  poolResources,
  pooledResourceTest,
  type PooledResourceTestResult,
  type ResourcePool,
} from "../rules/resource-pool.js";
import { exhaustionConditions } from "../rules/harm.js";
import type { RuleOptions } from "../rules/options.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { isGm, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { forbidden, invalid } from "./errors.js";
import { assertActive, changesOf } from "./protagonist-target.js";
import {
  loadAll,
  sameCampaign,
  statusOf,
  who,
  withResources,
  type ResourceStatus,
  type Who,
} from "./resource-state.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { parseInput, recordId, snowflake } from "./validation.js";

// Spelled out (the rules export them as plain arrays); the rules re-check them anyway.
const where = z.enum(["at-hand", "with-vehicle", "home"]);
const difficulty = z.enum(["normal", "hard", "very-hard"]).default("normal");

const poolInput = z.object({
  actor: actorSchema,
  contributors: z
    .array(z.object({ protagonistId: recordId, where }))
    .min(1)
    .max(10),
  difficulty,
});

const acceptedPoolInput = poolInput.extend({
  /** Players who accepted pooling their Protagonists (pressed Accept under the offer). */
  acceptedBy: z.array(snowflake).max(10).default([]),
});

/** A pool before it is rolled: what the offer shows, and whose acceptance it waits for. */
export interface PoolOfferView {
  contributors: (Who & { ownerId: string })[];
  /** The pooled rating and its lead, as the rules work them out now. */
  pool: ResourcePool;
  /** Players of contributing Protagonists who must accept first: none for a GM or one's own. */
  awaiting: string[];
}

export interface ResourcePoolOutcome {
  contributors: Who[];
  result: PooledResourceTestResult;
  /** The contributor whose full rating was used: the one who checks the box on a success. */
  checked: ResourceStatus;
  eventId: number;
}

export function createResourcePoolService({ store, rng }: Pick<ServiceDeps, "store" | "rng">) {
  return {
    /**
     * Checks a pool as `pool` would (same campaign, active, no exhausted contributor) without
     * rolling, and names the players who must accept it: another player's Resources are theirs
     * to offer.
     */
    async poolOffer(raw: {
      actor: Actor;
      contributors: { protagonistId: string; where: ResourceLocation }[];
      difficulty?: ResourceDifficulty;
    }): Promise<PoolOfferView> {
      const input = parseInput(poolInput, raw);
      const { actor } = input;
      const ids = uniqueIds(input.contributors);
      return store.read(async (tx) => {
        const members = await loadAll(tx, actor.guildId, ids);
        const campaign = await sameCampaign(tx, actor, members);
        members.forEach(assertActive);
        const whereOf = new Map(input.contributors.map((c) => [c.protagonistId, c.where]));
        const pool = poolResources(contributorsOf(members, whereOf, ruleOptionsOf(campaign)));
        const awaiting = (await isGm(tx, actor, campaign.id))
          ? []
          : [...new Set(members.map((p) => p.ownerId))].filter((id) => id !== actor.userId);
        return {
          contributors: members.map((p) => ({ ...who(p), ownerId: p.ownerId })),
          pool,
          awaiting,
        };
      });
    },

    /**
     * A pooled test. Allowed for a GM of the campaign, or a player pooling only their own
     * Protagonists (another player's Resources are theirs to offer; the GM arbitrates that).
     * One event names every contributor; only the lead's box changes.
     */
    async pool(raw: {
      actor: Actor;
      contributors: { protagonistId: string; where: ResourceLocation }[];
      difficulty?: ResourceDifficulty;
      acceptedBy?: string[];
    }): Promise<ResourcePoolOutcome> {
      const input = parseInput(acceptedPoolInput, raw);
      const { actor } = input;
      const ids = uniqueIds(input.contributors);
      return store.transaction(async (tx) => {
        const members = await loadAll(tx, actor.guildId, ids);
        const whereOf = new Map(input.contributors.map((c) => [c.protagonistId, c.where]));
        const campaign = await sameCampaign(tx, actor, members);
        if (!(await isGm(tx, actor, campaign.id))) {
          const consenting = new Set([actor.userId, ...input.acceptedBy]);
          const foreign = members.find((p) => !consenting.has(p.ownerId));
          if (foreign) {
            throw forbidden({ code: "pool-not-yours", protagonist: foreign.name });
          }
        }
        members.forEach(assertActive);
        const options = ruleOptionsOf(campaign);
        const result = pooledResourceTest(
          { contributors: contributorsOf(members, whereOf, options), difficulty: input.difficulty },
          options,
          rng,
        );
        const lead = members.find((p) => p.id === result.checkedContributorId);
        if (!lead) throw new Error("the pool's lead is one of its contributors");
        const leadAfter = withResources(
          lead,
          resourceBreakdown(lead.resources.rating),
          result.checkedAfter,
        );
        const changes = changesOf(lead, leadAfter);
        await tx.protagonists.write(lead, leadAfter);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("resource-pool", {
            protagonists: members.map((p) => p.name),
            roll: result.roll.value,
            target: result.target,
            outcome: result.outcome,
            quality: result.quality,
            checks: result.success ? lead.name : null,
          }),
          sessionNumber: campaign.sessionNumber,
          input: {
            contributors: input.contributors,
            difficulty: input.difficulty,
            ...(input.acceptedBy.length ? { acceptedBy: input.acceptedBy } : {}),
          },
          dice: result,
          changes,
          concerns: members.map((p) => p.id),
        });
        return { contributors: members.map(who), result, checked: statusOf(leadAfter), eventId };
      });
    },
  };
}

function uniqueIds(contributors: readonly { protagonistId: string }[]): string[] {
  const ids = contributors.map((c) => c.protagonistId);
  if (new Set(ids).size !== ids.length) throw invalid({ code: "listed-twice" });
  return ids;
}

/** The rules' view of each contributor, where they are. */
function contributorsOf(
  members: readonly ProtagonistSnapshot[],
  whereOf: ReadonlyMap<string, ResourceLocation>,
  options: Pick<RuleOptions, "exhaustionPenalty">,
) {
  return members.map((p) => ({
    id: p.id,
    name: p.name,
    rating: p.resources.rating,
    where: whereOf.get(p.id) ?? "at-hand",
    checkedBoxes: p.resources.checked,
    conditions: exhaustionConditions(p.exhausted, options),
  }));
}
