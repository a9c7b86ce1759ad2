import { z } from "zod";
import {
  applySharedAdversity,
  planSharedAdversity,
  MAX_SHARED_ADVERSITY_FELLOWS,
  type Fellow,
  type SharedAdversityPlan,
  type SharedAdversityResult,
} from "../rules/bonds.js";
import { percentileTest, type PercentileTestResult } from "../rules/percentile.js";
import { recoverSanity, type RecoveryResult } from "../rules/sanity/index.js";
import type { Bond } from "../rules/types.js";
import { actorSchema, type Actor } from "./actor.js";
import { assertGm, campaignOfChannel, resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import { recordEvent } from "./event-log.js";
import { newId } from "./ids.js";
import { loadAdversityProgress } from "./shared-adversity-progress.js";
import { sanityStateOf, withSanityState } from "./sanity-state.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { createSharedAdversityChoices } from "./shared-adversity-choices.js";
import { loadChosenProtagonist } from "./lookups.js";
import { writeProtagonist } from "./store.js";
import { parseInput, recordId } from "./validation.js";

const recoverInput = z.object({
  actor: actorSchema,
  protagonistId: recordId,
  amount: z.number().int().min(0).max(99),
});

const adversityTestInput = z.object({
  actor: actorSchema,
  survivorIds: z
    .array(recordId)
    .min(2)
    .max(MAX_SHARED_ADVERSITY_FELLOWS + 1),
});

const adversityApplyInput = z.object({
  actor: actorSchema,
  testEventId: z.number().int().positive(),
  /** For each fellow id that needs one, the id of the Bond to weaken. */
  choices: z.record(z.string(), recordId).default({}),
});

export interface SharedAdversityTestOutcome {
  protagonist: { id: string; name: string; ownerId: string };
  test: PercentileTestResult;
  plan: SharedAdversityPlan;
  eventId: number;
}

interface StoredAdversityTest {
  fellows: Fellow[];
}

function rulesBonds(p: ProtagonistSnapshot): Bond[] {
  return sanityStateOf(p).bonds;
}

export function createDowntimeService({ db, sql, rng }: ServiceDeps) {
  return {
    ...createSharedAdversityChoices({ db, sql }),

    /** GM: mundane SAN recovery, never above Recovery SAN. */
    async recoverSan(raw: { actor: Actor; protagonistId: string; amount: number }): Promise<{
      protagonist: { id: string; name: string };
      result: RecoveryResult;
      eventId: number;
    }> {
      const { actor, protagonistId, amount } = parseInput(recoverInput, raw);
      return sql.transaction(() => {
        const before = loadChosenProtagonist(sql, actor, protagonistId, () =>
          campaignOfChannel(sql, actor),
        );
        const campaign = resolveCampaign(sql, actor, before.campaignId);
        assertGm(sql, actor, campaign);
        const result = recoverSanity(sanityStateOf(before), amount);
        const after = withSanityState(before, result.after, false);
        writeProtagonist(sql, before, after);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "san-recovery",
          sessionNumber: campaign.sessionNumber,
          input: { amount },
          dice: result,
          summary: `${before.name}: recovered ${result.recovered} SAN (${result.san.before} → ${result.san.after})`,
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
    }): Promise<SharedAdversityTestOutcome[]> {
      const { actor, survivorIds } = parseInput(adversityTestInput, raw);
      const ids = [...new Set(survivorIds)];
      if (ids.length < 2) throw invalid("Shared adversity needs at least two different survivors.");
      return sql.transaction(() => {
        const here = () => campaignOfChannel(sql, actor);
        const survivors = ids.map((id) => loadChosenProtagonist(sql, actor, id, here));
        const campaign = resolveCampaign(sql, actor, survivors[0]?.campaignId);
        assertGm(sql, actor, campaign);
        if (survivors.some((s) => s.campaignId !== campaign.id)) {
          throw invalid("All survivors must belong to the same campaign.");
        }
        const outcomes: SharedAdversityTestOutcome[] = [];
        for (const survivor of survivors) {
          const fellows = survivors
            .filter((s) => s.id !== survivor.id)
            .map((s) => ({ id: s.id, name: s.name }));
          const test = percentileTest(
            { rating: survivor.san, label: "SAN (shared adversity)" },
            rng,
          );
          const plan = planSharedAdversity(
            { cha: survivor.stats.CHA, bonds: rulesBonds(survivor), sanTest: test },
            fellows,
          );
          const stored: StoredAdversityTest = { fellows };
          const eventId = recordEvent(sql, {
            guildId: actor.guildId,
            campaignId: campaign.id,
            actorId: actor.userId,
            kind: "shared-adversity-test",
            sessionNumber: campaign.sessionNumber,
            input: stored,
            dice: { test, plan },
            summary: `${survivor.name}: shared-adversity SAN test ${test.roll.value} vs ${test.target}: ${test.outcome}`,
            concerns: [survivor.id],
          });
          outcomes.push({
            protagonist: { id: survivor.id, name: survivor.name, ownerId: survivor.ownerId },
            test,
            plan,
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
      choices?: Record<string, string>;
    }): Promise<{
      protagonist: { id: string; name: string };
      result: SharedAdversityResult;
      eventId: number;
    }> {
      const { actor, testEventId, choices } = parseInput(adversityApplyInput, raw);
      return db.$transaction(async (tx) => {
        const progress = await loadAdversityProgress(tx, sql, actor, testEventId);
        const before = progress.survivor;
        const result = applySharedAdversity(progress.state, progress.fellows, choices, rng);
        const after = withBonds(before, result.bonds);
        const campaign = resolveCampaign(sql, actor, before.campaignId);
        writeProtagonist(sql, before, after);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "shared-adversity",
          sessionNumber: campaign.sessionNumber,
          input: { testEventId, choices },
          dice: result,
          summary: `${before.name}: shared adversity — ${result.reason}`,
          changes: [{ before, after }],
        });
        return { protagonist: { id: before.id, name: before.name }, result, eventId };
      });
    },
  };
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
