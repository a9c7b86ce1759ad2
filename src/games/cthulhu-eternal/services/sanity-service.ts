import { z } from "zod";
import { loggedSanTest } from "./logged-san-test.js";
import { writeSanTest, type SanTestOutcome } from "./logged-tests.js";
import { fact } from "./event-facts.js";
import { mapInOrder } from "./in-order.js";
import { projectSanityTest, repressInsanity } from "../rules/sanity/index.js";
import type { RepressionResult } from "../rules/sanity/index.js";
import { newConditions, type Condition } from "../rules/conditions.js";
import { THREAT_TYPES } from "../rules/types.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertCanActOn, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { conflict, notFound } from "./errors.js";
import { assertNoLaterChange } from "./event-dependencies.js";
import { memberViewer, THE_BOT } from "./event-visibility.js";
import { readTarget } from "./protagonist-target.js";
import {
  brokenBondRef,
  brokenBondToTest,
  createBrokenBondTests,
  type BrokenBondRef,
} from "./broken-bond-test.js";
import { createSanityEpisodes } from "./sanity-episodes.js";
import { createSanityQueries } from "./sanity-queries.js";
import { sanityStateOf, withSanityState } from "./sanity-state.js";
import { storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { findBond } from "./lookups.js";
import { loadProtagonist } from "./lookups.js";
import { parseInput, recordId } from "./validation.js";

const sanTestInput = z.object({
  actor: actorSchema,
  /** Empty or absent: the caller's active Protagonist. Several: a GM's group test. */
  protagonistIds: z.array(recordId).max(25).default([]),
  loss: z.string().trim().min(1).max(60),
  threat: z.enum(THREAT_TYPES),
  source: z.string().trim().max(200).nullish(),
  /** A GM's test of the whole party: one summary, whose tests are logged one after another. */
  group: z.boolean().default(false),
  /** A GM's Helplessness test for a broken Bond: once per broken Bond. */
  brokenBond: brokenBondRef.nullish(),
  /** The loss lowers Max SAN too (a module must take it: Corruption). */
  corrupting: z.boolean().default(false),
});

/** What a projection reads back of the test it reduces. */
const storedCorrupting = z.object({ corrupting: z.boolean().default(false) });

const projectInput = z.object({
  actor: actorSchema,
  eventId: z.number().int().positive(),
  bondId: recordId,
});

const repressInput = z.object({
  actor: actorSchema,
  protagonistId: recordId.nullish(),
  bondId: recordId,
  episode: z.string().trim().max(200).nullish(),
});

export type { SanTestOutcome } from "./logged-tests.js";

export function createSanityService({ store, rng, extensions = NO_EXTENSIONS }: ServiceDeps) {
  return {
    ...createSanityQueries({ store }),
    ...createSanityEpisodes({ store }),
    ...createBrokenBondTests({ store }),

    /** SAN test for one Protagonist, or for several at once (a GM's group test). */
    async sanTest(raw: {
      actor: Actor;
      protagonistIds?: string[];
      loss: string;
      threat: (typeof THREAT_TYPES)[number];
      source?: string | null;
      group?: boolean;
      brokenBond?: BrokenBondRef | null;
      corrupting?: boolean;
    }): Promise<SanTestOutcome[]> {
      const input = parseInput(sanTestInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const ids = [...new Set(input.protagonistIds)];
        // Each test belongs to its Protagonist's campaign (rules, session, GMs), whatever the channel.
        const broken = input.brokenBond
          ? await brokenBondToTest(tx, actor, input.brokenBond)
          : undefined;
        const targets = broken
          ? [broken]
          : ids.length
            ? await mapInOrder(ids, (id) => readTarget(tx, actor, id))
            : [await readTarget(tx, actor)];
        const outcomes: SanTestOutcome[] = [];
        const writer = { tx, actor, rng, extensions };
        for (const target of targets) {
          const { outcome } = await writeSanTest(writer, target, {
            loss: input.loss,
            threat: input.threat,
            source: input.source ?? null,
            ...(input.group
              ? { group: { size: targets.length, first: outcomes[0]?.eventId } }
              : {}),
            ...(input.brokenBond ? { brokenBond: input.brokenBond } : {}),
            corrupting: input.corrupting,
          });
          outcomes.push(outcome);
        }
        return outcomes;
      });
    },

    /**
     * Projects the loss of an earlier SAN test onto a Bond: the test is resolved again from the
     * state before it, with the loss reduced. Only right after the test (nothing changed since)
     * and only once — a second press of the button is refused.
     */
    async project(raw: { actor: Actor; eventId: number; bondId: string }): Promise<SanTestOutcome> {
      const { actor, eventId, bondId } = parseInput(projectInput, raw);
      return store.transaction(async (tx) => {
        // SAN tests are logged for the whole campaign.
        const found = await tx.events.readable(actor.guildId, THE_BOT, eventId);
        const event = found?.kind === "san-test" ? found : undefined;
        if (!event?.before || !event.dice) throw notFound("san-test");
        if (event.undoneById !== null) throw conflict({ code: "san-test-undone" });
        const previous = loggedSanTest(event.dice);
        const beforeTest = Object.values(storedSnapshots(event.before))[0];
        if (!beforeTest) throw notFound("san-test");
        const current = await loadProtagonist(tx, actor.guildId, beforeTest.id);
        await assertCanActOn(tx, actor, current);
        const [already] = await tx.events.listChanges({
          guildId: actor.guildId,
          viewer: THE_BOT,
          kind: "san-projection",
          notUndone: true,
          protagonistId: current.id,
          above: eventId,
          order: "oldest",
          limit: 1,
        });
        if (already && (already.input as { sanEventId?: number } | null)?.sanEventId === eventId) {
          throw conflict({ code: "san-loss-projected" });
        }
        await assertNoLaterChange(
          tx,
          await memberViewer(tx, actor, current.campaignId),
          actor.guildId,
          current.id,
          eventId,
          "project-san-loss",
        );
        const campaign = await resolveCampaign(tx, actor, current.campaignId);
        const result = projectSanityTest(
          sanityStateOf(beforeTest),
          previous,
          bondId,
          ruleOptionsOf(campaign),
          rng,
        );
        const projected = withSanityState(
          beforeTest,
          result.after,
          result.permanentInsanity,
          previous.threat,
        );
        projected.temporarilyInsane = beforeTest.temporarilyInsane || result.temporaryInsanity;
        const after = extensions.afterLoss({
          campaign,
          pool: "SAN",
          lost: result.lost,
          corrupting: storedCorrupting.catch({ corrupting: false }).parse(event.input).corrupting,
          before: beforeTest,
          after: projected,
        });
        const restored = reconcileDisorders(beforeTest, current, after);
        await tx.protagonists.write(current, restored);
        const projectionEventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("san-projection", {
            protagonist: current.name,
            bond: result.projection?.bondName ?? null,
            rolledLoss: result.rolledLoss,
            loss: result.loss,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { sanEventId: eventId, bondId },
          refersTo: String(eventId),
          dice: result,
          changes: [{ before: current, after: restored }],
        });
        return {
          protagonist: { id: current.id, name: current.name, ownerId: current.ownerId },
          result,
          eventId: projectionEventId,
          conditions: newConditions(beforeTest, restored),
        };
      });
    },

    /** Repress insanity by drawing on a Bond: 1D4 WP and Bond, then a SAN test. */
    async repress(raw: {
      actor: Actor;
      protagonistId?: string | null;
      bondId: string;
      episode?: string | null;
    }): Promise<{
      protagonist: { id: string; name: string };
      result: RepressionResult;
      eventId: number;
      conditions: Condition[];
    }> {
      const input = parseInput(repressInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await readTarget(tx, actor, input.protagonistId);
        await assertCanActOn(tx, actor, before);
        const bond = findBond(before, input.bondId);
        const result = repressInsanity(
          sanityStateOf(before),
          { bondId: bond.id, episode: input.episode ?? null },
          ruleOptionsOf(campaign),
          rng,
        );
        const after = withSanityState(before, result.after, false);
        // A repressed episode is over.
        after.temporarilyInsane = before.temporarilyInsane && !result.repressed;
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("repress", { protagonist: before.name, repressed: result.repressed }),
          sessionNumber: campaign.sessionNumber,
          input: { bondId: bond.id, episode: input.episode ?? null },
          dice: result,
          changes: [{ before, after }],
        });
        return {
          protagonist: { id: before.id, name: before.name },
          result,
          eventId,
          conditions: newConditions(before, after),
        };
      });
    },
  };
}

/**
 * The projection re-resolves from the state before the test, so new disorder rows get new ids;
 * keep the ids the first resolution created where the same disorder still results.
 */
function reconcileDisorders(
  beforeTest: ProtagonistSnapshot,
  current: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): ProtagonistSnapshot {
  const created = current.disorders.filter((d) => !beforeTest.disorders.some((b) => b.id === d.id));
  const fresh = after.disorders.filter((d) => !beforeTest.disorders.some((b) => b.id === d.id));
  const kept = fresh.map((d, i) => created[i] ?? d);
  return {
    ...after,
    disorders: [
      ...after.disorders.filter((d) => beforeTest.disorders.some((b) => b.id === d.id)),
      ...kept,
    ],
  };
}

export type SanityService = ReturnType<typeof createSanityService>;
