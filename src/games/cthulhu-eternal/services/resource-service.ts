import { z } from "zod";
import { fact } from "./event-facts.js";
import type { Campaign } from "../store/types.js";
import {
  loseResources,
  replenishResources,
  resourceGain,
  type ResourceGainResult,
  type ResourceLossResult,
  type ResourceReplenishResult,
} from "../rules/resource-changes.js";
import { resourceTest, type ResourceTestResult } from "../rules/resource-test.js";
import {
  resourceBreakdown,
  type ResourceDifficulty,
  type ResourceLocation,
} from "../rules/resources.js";
import { exhaustionConditions } from "../rules/harm.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertGm, isGm, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { forbidden, invalid } from "./errors.js";
import { type StateChange } from "./event-log.js";
import { assertActive, changesOf, readTarget, writeTarget } from "./protagonist-target.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { parseInput, pointsOrDice, recordId } from "./validation.js";
import { createResourcePoolService } from "./resource-pool.js";
import {
  loadAll,
  sameCampaign,
  statusOf,
  who,
  withResources,
  type ResourceStatus,
  type Who,
} from "./resource-state.js";

export type { ResourceStatus } from "./resource-state.js";
export type { ResourcePoolOutcome } from "./resource-pool.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };
// Spelled out (the rules export them as plain arrays); the rules re-check them anyway.
const where = z.enum(["at-hand", "with-vehicle", "home"]);
const difficulty = z.enum(["normal", "hard", "very-hard"]).default("normal");

const testInput = z.object({
  ...target,
  where,
  difficulty,
  specialisedCost: z.number().int().min(1).max(100).nullish(),
});

/** Points, or dice such as "1D6" (the rules parse them before any roll). */
const award = pointsOrDice(1, 100);
const gainInput = z.object({ ...target, amount: award });
const loseInput = z.object({
  ...target,
  amount: z.number().int().min(1).max(1000),
  why: z.string().trim().min(1).max(200).nullish(),
});
const boxesInput = z.object({ ...target, boxes: z.number().int().min(1).max(3).default(1) });
const replenishInput = z.object({
  actor: actorSchema,
  protagonistIds: z.array(recordId).max(25).default([]),
});
const statusInput = z.object(target);

export interface ResourceTestOutcome {
  protagonist: Who;
  result: ResourceTestResult;
  status: ResourceStatus;
  eventId: number;
}

export interface ResourceGainOutcome {
  protagonist: Who;
  result: ResourceGainResult;
  status: ResourceStatus;
  eventId: number;
}

export interface ResourceLossOutcome {
  protagonist: Who;
  result: ResourceLossResult;
  status: ResourceStatus;
  eventId: number;
}

export interface ResourceBoxesOutcome {
  protagonist: Who;
  checkedBefore: number;
  status: ResourceStatus;
  eventId: number;
}

export interface ResourceReplenishOutcome {
  replenished: { protagonist: Who; result: ResourceReplenishResult; status: ResourceStatus }[];
  /** Null when no box was checked: nothing changed, nothing logged. */
  eventId: number | null;
}

export function createResourceService({ store, rng }: ServiceDeps) {
  return {
    ...createResourcePoolService({ store, rng }),
    /** A Resources test; a success checks one box. Refused (by the rules) with every box checked. */
    async test(raw: {
      actor: Actor;
      protagonistId?: string | null;
      where: ResourceLocation;
      difficulty?: ResourceDifficulty;
      specialisedCost?: number | null;
    }): Promise<ResourceTestOutcome> {
      const input = parseInput(testInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const options = ruleOptionsOf(campaign);
        const result = resourceTest(
          {
            rating: before.resources.rating,
            where: input.where,
            difficulty: input.difficulty,
            checkedBoxes: before.resources.checked,
            conditions: exhaustionConditions(before.exhausted, options),
            ...(input.specialisedCost ? { specialisedCost: input.specialisedCost } : {}),
          },
          options,
          rng,
        );
        const after = withResources(before, result.breakdownAfter, result.checkedAfter);
        const changes = changesOf(before, after);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("resource-test", {
            protagonist: before.name,
            where: input.where,
            difficulty: input.difficulty,
            roll: result.roll.value,
            target: result.target,
            outcome: result.outcome,
            quality: result.quality,
            checked: result.checkedAfter,
            of: result.breakdownAfter.checkBoxes,
          }),
          sessionNumber: campaign.sessionNumber,
          input: {
            where: input.where,
            difficulty: input.difficulty,
            specialisedCost: input.specialisedCost ?? null,
          },
          dice: result,
          changes,
          concerns: [before.id],
        });
        return { protagonist: who(before), result, status: statusOf(after), eventId };
      });
    },

    /**
     * GM only, as "the Game Moderator will decide the number of Resources rating points each
     * Protagonist might potentially plunder" (seed 000): 1D100 ABOVE rating × 5, then the award
     * (points or dice) is added.
     */
    async gain(raw: {
      actor: Actor;
      protagonistId?: string | null;
      amount: number | string;
    }): Promise<ResourceGainOutcome> {
      const input = parseInput(gainInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        if (!(await isGm(tx, actor, campaign.id))) {
          throw forbidden({ code: "gain-needs-gm" });
        }
        const result = resourceGain({ rating: before.resources.rating, award: input.amount }, rng);
        const after = withResources(before, result.breakdownAfter, before.resources.checked);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("resource-gain", {
            protagonist: before.name,
            success: result.success,
            before: result.ratingBefore,
            after: result.ratingAfter,
            award: result.awardRoll
              ? { expression: result.awardRoll.expression, total: result.awardRoll.total }
              : null,
            roll: result.roll.value,
            threshold: result.threshold,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { amount: input.amount },
          dice: result,
          changes: changesOf(before, after),
          concerns: [before.id],
        });
        return { protagonist: who(before), result, status: statusOf(after), eventId };
      });
    },

    /** GM only: robbery, a lost vehicle, a destroyed home. Boxes shrink with the rating. */
    async lose(raw: {
      actor: Actor;
      protagonistId?: string | null;
      amount: number;
      why?: string | null;
    }): Promise<ResourceLossOutcome> {
      const input = parseInput(loseInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        await assertGm(tx, actor, campaign);
        if (before.resources.rating === 0) {
          throw invalid({ code: "no-resources-left", protagonist: before.name });
        }
        const result = loseResources(
          { rating: before.resources.rating, checkedBoxes: before.resources.checked },
          input.amount,
          input.why ?? undefined,
        );
        const after = withResources(before, result.breakdownAfter, result.checkedAfter);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("resource-loss", {
            protagonist: before.name,
            before: result.ratingBefore,
            after: result.ratingAfter,
            amount: input.amount,
            why: input.why ?? null,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { amount: input.amount, why: input.why ?? null },
          dice: result,
          changes: [{ before, after }],
        });
        return { protagonist: who(before), result, status: statusOf(after), eventId };
      });
    },

    /** Manual fix: check boxes (owner or GM), e.g. for a test rolled outside the bot. */
    async check(raw: {
      actor: Actor;
      protagonistId?: string | null;
      boxes?: number;
    }): Promise<ResourceBoxesOutcome> {
      return setBoxes(raw, 1);
    },

    /** Manual fix: uncheck boxes. GM only, since it gives Resources back like downtime does. */
    async uncheck(raw: {
      actor: Actor;
      protagonistId?: string | null;
      boxes?: number;
    }): Promise<ResourceBoxesOutcome> {
      return setBoxes(raw, -1);
    },

    /**
     * GM only: downtime clears every check. Without ids, every active Protagonist of the
     * campaign with a checked box. One event, so the whole downtime undoes at once.
     */
    async replenish(raw: {
      actor: Actor;
      protagonistIds?: string[];
    }): Promise<ResourceReplenishOutcome> {
      const input = parseInput(replenishInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        let campaign: Campaign;
        let members: ProtagonistSnapshot[];
        if (input.protagonistIds.length) {
          members = await loadAll(tx, actor.guildId, [...new Set(input.protagonistIds)]);
          campaign = await sameCampaign(tx, actor, members);
          await assertGm(tx, actor, campaign);
          members.forEach(assertActive);
        } else {
          campaign = await resolveCampaign(tx, actor);
          await assertGm(tx, actor, campaign);
          const ids = await tx.protagonists.activeIn(actor.guildId, campaign.id, {
            checkedResources: true,
          });
          members = await loadAll(tx, actor.guildId, ids);
        }
        const changes: StateChange[] = [];
        const replenished = members.map((before) => {
          const result = replenishResources(before.resources.checked);
          const after = withResources(
            before,
            resourceBreakdown(before.resources.rating),
            result.checkedAfter,
          );
          changes.push(...changesOf(before, after));
          return { protagonist: who(before), result, status: statusOf(after), before, after };
        });
        if (changes.length === 0) {
          return {
            replenished: replenished.map(({ protagonist, result, status }) => ({
              protagonist,
              result,
              status,
            })),
            eventId: null,
          };
        }
        for (const change of changes) await tx.protagonists.write(change.before, change.after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("resource-replenish", { protagonists: changes.map((c) => c.before.name) }),
          sessionNumber: campaign.sessionNumber,
          input: { protagonistIds: members.map((p) => p.id) },
          dice: replenished.map((r) => ({ protagonistId: r.protagonist.id, ...r.result })),
          changes,
        });
        return {
          replenished: replenished.map(({ protagonist, result, status }) => ({
            protagonist,
            result,
            status,
          })),
          eventId,
        };
      });
    },

    /** Rating, breakdown, boxes and effective ratings. Any member may look. */
    async status(raw: { actor: Actor; protagonistId?: string | null }): Promise<ResourceStatus> {
      const input = parseInput(statusInput, raw);
      return store.read(async (tx) => {
        const { protagonist } = await readTarget(tx, input.actor, input.protagonistId);
        return statusOf(protagonist);
      });
    },
  };

  async function setBoxes(
    raw: { actor: Actor; protagonistId?: string | null; boxes?: number },
    direction: 1 | -1,
  ): Promise<ResourceBoxesOutcome> {
    const input = parseInput(boxesInput, raw);
    const { actor } = input;
    return store.transaction(async (tx) => {
      const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
      if (direction < 0) await assertGm(tx, actor, campaign);
      const breakdown = resourceBreakdown(before.resources.rating);
      const checked = before.resources.checked;
      const next = checked + direction * input.boxes;
      if (next > breakdown.checkBoxes) {
        throw invalid({
          code: "too-few-unchecked",
          protagonist: before.name,
          checked,
          boxes: breakdown.checkBoxes,
          asked: input.boxes,
        });
      }
      if (next < 0) {
        throw invalid({
          code: "too-few-checked",
          protagonist: before.name,
          checked,
          asked: input.boxes,
        });
      }
      const after = withResources(before, breakdown, next);
      await tx.protagonists.write(before, after);
      const eventId = await tx.events.append({
        guildId: actor.guildId,
        campaignId: campaign.id,
        actorId: actor.userId,
        ...fact(direction > 0 ? "resource-check" : "resource-uncheck", {
          protagonist: before.name,
          boxes: input.boxes,
          before: checked,
          after: next,
          of: breakdown.checkBoxes,
        }),
        sessionNumber: campaign.sessionNumber,
        input: { boxes: input.boxes },
        changes: [{ before, after }],
      });
      return { protagonist: who(before), checkedBefore: checked, status: statusOf(after), eventId };
    });
  }
}

export type ResourceService = ReturnType<typeof createResourceService>;
