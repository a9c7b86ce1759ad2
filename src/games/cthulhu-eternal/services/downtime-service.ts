import type { RulesRefusal } from "../rules/refusals.js";
import { z } from "zod";
import { fact } from "./event-facts.js";
import { mapInOrder } from "./in-order.js";
import { isRulesError } from "../rules/errors.js";
import {
  MAX_SHARED_ADVERSITY_FELLOWS,
  mustChooseFellows,
  planSharedAdversity,
  type Fellow,
  type SharedAdversityPlan,
} from "../rules/shared-adversity.js";
import {
  applySharedAdversity,
  type SharedAdversityResult,
} from "../rules/shared-adversity-apply.js";
import { percentileTest, type PercentileTestResult } from "../rules/percentile.js";
import { recoverSanity, type RecoveryResult } from "../rules/sanity/index.js";
import type { Bond } from "../rules/types.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertGm, campaignOfChannel, resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { invalid } from "./errors.js";
import { newId } from "./ids.js";
import { loadAdversityProgress, type StoredAdversityTest } from "./shared-adversity-progress.js";
import { sanityStateOf, withSanityState } from "./sanity-state.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { createSharedAdversityChoices, rules } from "./shared-adversity-choices.js";
import { loadChosenProtagonist } from "./lookups.js";
import { displayName, parseInput, recordId } from "./validation.js";

const recoverInput = z.object({
  actor: actorSchema,
  protagonistId: recordId,
  amount: z.number().int().min(0).max(99),
});

/**
 * Survivors of one adventure. More than six is fine (each bonds with five of the others, chosen by
 * the player); a survivor's fellows must fit one Discord select menu of 25 to be chosen among.
 */
export const MAX_ADVERSITY_SURVIVORS = 26;
/** NPCs and others the GM names as on the adventure. */
export const MAX_OTHERS_ON_ADVENTURE = 25;

const adversityTestInput = z.object({
  actor: actorSchema,
  survivorIds: z.array(recordId).min(2).max(MAX_ADVERSITY_SURVIVORS),
  othersOnAdventure: z.array(displayName).max(MAX_OTHERS_ON_ADVENTURE).default([]),
});

const adversityApplyInput = z.object({
  actor: actorSchema,
  testEventId: z.number().int().positive(),
  /** With more than five fellow survivors, the five to bond with. */
  fellowIds: z.array(recordId).max(25).optional(),
  /** For each fellow id that needs one, the id of the Bond to weaken. */
  choices: z.record(z.string(), recordId).default({}),
});

export interface SharedAdversityTestOutcome {
  protagonist: { id: string; name: string; ownerId: string };
  test: PercentileTestResult;
  /** Every other survivor: whom this one may bond with. */
  fellows: Fellow[];
  /** How many of `fellows` the player picks first (more than five made it back), else 0. */
  toChoose: number;
  /** Null while the fellows are to be chosen, or when the rules refuse (see `refusal`). */
  plan: SharedAdversityPlan | null;
  /** Why the failed test cannot form Bonds as the sheet stands (e.g. no room for more Bonds). */
  refusal: RulesRefusal | null;
  eventId: number;
}

function rulesBonds(p: ProtagonistSnapshot): Bond[] {
  return sanityStateOf(p).bonds;
}

export function createDowntimeService({ store, rng, extensions = NO_EXTENSIONS }: ServiceDeps) {
  return {
    ...createSharedAdversityChoices({ store }),

    /** GM: mundane SAN recovery, never above Recovery SAN. */
    async recoverSan(raw: { actor: Actor; protagonistId: string; amount: number }): Promise<{
      protagonist: { id: string; name: string };
      result: RecoveryResult;
      eventId: number;
    }> {
      const { actor, protagonistId, amount } = parseInput(recoverInput, raw);
      return store.transaction(async (tx) => {
        const before = await loadChosenProtagonist(tx, actor, protagonistId, () =>
          campaignOfChannel(tx, actor),
        );
        const campaign = await resolveCampaign(tx, actor, before.campaignId);
        await assertGm(tx, actor, campaign);
        const corrupted = extensions.maxSanReduction(before, campaign);
        const result = recoverSanity(sanityStateOf(before, corrupted), amount);
        const after = withSanityState(before, result.after, false);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("san-recovery", {
            protagonist: before.name,
            recovered: result.recovered,
            before: result.san.before,
            after: result.san.after,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { amount },
          dice: result,
          changes: [{ before, after }],
        });
        return { protagonist: { id: before.id, name: before.name }, result, eventId };
      });
    },

    /**
     * GM, after a harrowing adventure (seed 000, Bonds Forged Through Shared Adversity): every
     * survivor rolls a SAN test. Those who fail form or deepen Bonds with the other survivors; the
     * plan says which Bond each must weaken, chosen afterwards with `applySharedAdversity`.
     */
    async sharedAdversityTest(raw: {
      actor: Actor;
      survivorIds: string[];
      /** Names of others on the adventure (NPCs): Bonds to them cannot be weakened. */
      othersOnAdventure?: string[];
    }): Promise<SharedAdversityTestOutcome[]> {
      const { actor, survivorIds, othersOnAdventure } = parseInput(adversityTestInput, raw);
      const ids = [...new Set(survivorIds)];
      if (ids.length < 2) throw invalid({ code: "adversity-needs-two" });
      return store.transaction(async (tx) => {
        const here = () => campaignOfChannel(tx, actor);
        const survivors = await mapInOrder(ids, (id) => loadChosenProtagonist(tx, actor, id, here));
        const campaign = await resolveCampaign(tx, actor, survivors[0]?.campaignId);
        await assertGm(tx, actor, campaign);
        if (survivors.some((s) => s.campaignId !== campaign.id)) {
          throw invalid({ code: "adversity-across-campaigns" });
        }
        const outcomes: SharedAdversityTestOutcome[] = [];
        for (const survivor of survivors) {
          const fellows = survivors
            .filter((s) => s.id !== survivor.id)
            .map((s) => ({ id: s.id, name: s.name }));
          const test = percentileTest({ rating: survivor.san, label: "SAN" }, rng);
          const toChoose =
            !test.success && mustChooseFellows(fellows) ? MAX_SHARED_ADVERSITY_FELLOWS : 0;
          const planned =
            toChoose > 0
              ? { plan: null, refusal: null }
              : planOrRefusal(() =>
                  planSharedAdversity(
                    {
                      cha: survivor.stats.CHA,
                      bonds: rulesBonds(survivor),
                      sanTest: test,
                      othersOnAdventure: othersOnAdventure.map((name) => ({ name })),
                    },
                    fellows,
                  ),
                );
          const stored: StoredAdversityTest = { fellows, others: othersOnAdventure };
          const eventId = await tx.events.append({
            guildId: actor.guildId,
            campaignId: campaign.id,
            actorId: actor.userId,
            ...fact("shared-adversity-test", {
              protagonist: survivor.name,
              roll: test.roll.value,
              target: test.target,
              outcome: test.outcome,
            }),
            sessionNumber: campaign.sessionNumber,
            input: stored,
            dice: { test, plan: planned.plan },
            concerns: [survivor.id],
          });
          outcomes.push({
            protagonist: { id: survivor.id, name: survivor.name, ownerId: survivor.ownerId },
            test,
            fellows,
            toChoose,
            ...planned,
            eventId,
          });
        }
        return outcomes;
      });
    },

    /** The survivor's player (or a GM) applies a failed shared-adversity test with their choices. */
    async applySharedAdversity(raw: {
      actor: Actor;
      testEventId: number;
      fellowIds?: string[];
      choices?: Record<string, string>;
    }): Promise<{
      protagonist: { id: string; name: string };
      result: SharedAdversityResult;
      eventId: number;
    }> {
      const { actor, testEventId, fellowIds, choices } = parseInput(adversityApplyInput, raw);
      return store.transaction(async (tx) => {
        const progress = await rules(() =>
          loadAdversityProgress(tx, actor, testEventId, fellowIds),
        );
        if (progress.toChoose > 0) {
          throw invalid({
            code: "adversity-choose-fellows",
            candidates: progress.candidates.length,
            toChoose: progress.toChoose,
          });
        }
        const before = progress.survivor;
        const result = await rules(() =>
          applySharedAdversity(progress.state, progress.fellows, choices, rng),
        );
        const after = withBonds(before, result.bonds);
        const campaign = await resolveCampaign(tx, actor, before.campaignId);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("shared-adversity", {
            protagonist: before.name,
            bonds: bondChanges(before, after),
          }),
          sessionNumber: campaign.sessionNumber,
          input: { testEventId, fellowIds: progress.fellows.map((f) => f.id), choices },
          dice: result,
          changes: [{ before, after }],
        });
        return { protagonist: { id: before.id, name: before.name }, result, eventId };
      });
    },
  };
}

/** The plan, or the rules' reason for refusing it (so one full sheet does not stop the others). */
function planOrRefusal(plan: () => SharedAdversityPlan): {
  plan: SharedAdversityPlan | null;
  refusal: RulesRefusal | null;
} {
  try {
    return { plan: plan(), refusal: null };
  } catch (error) {
    if (isRulesError(error) && error.refusal) return { plan: null, refusal: error.refusal };
    throw error;
  }
}

/** Writes the rules' Bond list back: scores and crossings-off, plus new fellow Bonds as rows. */
function withBonds(before: ProtagonistSnapshot, bonds: readonly Bond[]): ProtagonistSnapshot {
  const after = cloneSnapshot(before);
  for (const bond of bonds) {
    const existing = after.bonds.find((b) => b.id === bond.id);
    if (existing) {
      existing.score = bond.score;
      existing.crossedOff = bond.crossedOff;
    } else {
      after.bonds.push({
        id: newId(),
        name: bond.name,
        kind: bond.kind,
        score: bond.score,
        crossedOff: bond.crossedOff,
        fellowId: bond.fellowId ?? null,
      });
    }
  }
  return after;
}

export type DowntimeService = ReturnType<typeof createDowntimeService>;

/** The Bonds shared adversity changed or forged, for its event: `before` null for a new one. */
function bondChanges(before: ProtagonistSnapshot, after: ProtagonistSnapshot) {
  const scores = new Map(before.bonds.map((bond) => [bond.id, bond.score]));
  return after.bonds
    .filter((bond) => scores.get(bond.id) !== bond.score)
    .map((bond) => ({ bond: bond.name, before: scores.get(bond.id) ?? null, after: bond.score }));
}
