import { SKILL_NAME_MAX } from "../rules/creation/index.js";
import { fact } from "./event-facts.js";
import { z } from "zod";
import type { StoreTx } from "../store/store.js";
import type { Campaign } from "../store/types.js";
import { rollDice, type DiceRoll } from "../rules/dice/index.js";
import {
  LUCK_RATING,
  opposedTest,
  percentileTest,
  statTestRating,
  type OpposedResult,
  type PercentileTestResult,
} from "../rules/percentile.js";
import { STAT_NAMES, type StatName } from "../rules/types.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertCanActOn, campaignOfChannel, isGm, resolveCampaign } from "./campaign-access.js";
import { rollAudience } from "./hidden-marks.js";
import { afterSkillTest, testerConditions } from "./skill-test.js";
import { NO_EXTENSIONS, type TestKind, type TestOn } from "./extension-points.js";
import type { ServiceDeps } from "./deps.js";
import type { Rng } from "../../../core/rng.js";
import { invalid, isServiceError } from "./errors.js";
import type { Visibility } from "./event-visibility.js";
import { findSkill } from "./lookups.js";
import { readTarget } from "./protagonist-target.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { parseInput, recordId } from "./validation.js";

const modifier = z.number().int().min(-200).max(200).default(0);

/** A secret roll is logged for the roller and the campaign's GMs only. */
const secret = z.boolean().default(false);

const expressionInput = z.object({
  actor: actorSchema,
  expression: z.string().max(500),
  secret,
});

/** The other side of an opposed test: its target (an NPC's skill, another Protagonist's rating). */
const versusInput = z.object({
  target: z.number().int().min(0).max(200),
  label: z.string().trim().min(1).max(SKILL_NAME_MAX).optional(),
});

export type VersusInput = z.infer<typeof versusInput>;

const testInput = z.object({
  actor: actorSchema,
  protagonistId: recordId.nullish(),
  modifier,
  secret,
  versus: versusInput.nullish(),
  /** An entity of the campaign's bestiary the test is made against (its strengths, its tags). */
  opponent: z.string().trim().min(1).max(100).nullish(),
  subject: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("skill"), name: z.string().trim().min(1).max(SKILL_NAME_MAX) }),
    z.object({ kind: z.literal("stat"), stat: z.enum(STAT_NAMES) }),
    z.object({ kind: z.literal("luck") }),
    z.object({ kind: z.literal("target"), target: z.number().int().min(0).max(200) }),
  ]),
});

export type TestSubject = z.infer<typeof testInput>["subject"];

export interface ExpressionRollResult {
  roll: DiceRoll;
  eventId: number;
}

/** An opposed test's other side and who won, by the rule's tie-breaking. */
export interface OpposedRoll {
  /** The other side's roll against its target; `label` is the one given, if any. */
  test: PercentileTestResult;
  /** Side "a" is the roller's test, side "b" the other side. */
  result: OpposedResult;
}

export interface TestRollResult {
  test: PercentileTestResult;
  /** The other side, when the test was opposed. */
  opposed: OpposedRoll | null;
  /** The Protagonist tested (skill and stat tests). */
  protagonist: { id: string; name: string } | null;
  /** True when this failure ticked the skill's failure mark. */
  marked: boolean;
  eventId: number;
}

export function createRollService({ store, rng, extensions = NO_EXTENSIONS }: ServiceDeps) {
  return {
    /**
     * The opponents (a module's, the bestiary's) the actor may name in this channel's campaign,
     * by name: every one for a GM, the shown ones for a player; none without the module.
     */
    async opponents(raw: { actor: Actor }): Promise<string[]> {
      const { actor } = parseInput(z.object({ actor: actorSchema }), raw);
      return store.read(async (tx) => {
        const campaign = await resolveCampaign(tx, actor);
        return extensions.opponentNames({ campaign, gm: await isGm(tx, actor, campaign.id) });
      });
    },

    /** A dice expression, logged in the campaign of the channel when there is one. */
    async rollExpression(raw: {
      actor: Actor;
      expression: string;
      secret?: boolean;
    }): Promise<ExpressionRollResult> {
      const { actor, expression, secret } = parseInput(expressionInput, raw);
      const roll = rollDice(expression, rng);
      const eventId = await store.transaction(async (tx) => {
        const campaign = await campaignOfChannel(tx, actor);
        return await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign?.id ?? null,
          actorId: actor.userId,
          ...fact("roll", { expression: roll.expression, total: roll.total }),
          sessionNumber: campaign?.sessionNumber ?? null,
          input: { expression },
          dice: roll,
          visibility: visibilityOf(secret),
        });
      });
      return { roll, eventId };
    },

    /** A percentile test: a skill or stat of a Protagonist, Luck, or a plain target. */
    async rollTest(raw: {
      actor: Actor;
      protagonistId?: string | null;
      modifier?: number;
      subject: TestSubject;
      secret?: boolean;
      /** Makes it an opposed test against this target. */
      versus?: VersusInput | null;
      opponent?: string | null;
    }): Promise<TestRollResult> {
      const input = parseInput(testInput, raw);
      const { actor, subject } = input;
      return store.transaction(async (tx) => {
        // A test of a Protagonist belongs to its campaign (rules, session, GMs), whatever the channel.
        const { campaign, protagonist } = await testerOf(tx, actor, subject, input.protagonistId);
        // A test can tick the sheet's failure marks: the player's own, or a GM's call.
        if (protagonist) await assertCanActOn(tx, actor, protagonist);
        const { rating, label, rawStat } = ratingFor(subject, protagonist);
        const testKind: TestKind =
          subject.kind === "skill" || subject.kind === "stat" ? subject.kind : "luck";
        const testOn: TestOn = {
          kind: testKind,
          ...(subject.kind === "skill" ? { skill: subject.name } : {}),
          ...(subject.kind === "stat" ? { stat: subject.stat } : {}),
        };
        const conditions =
          protagonist && campaign
            ? testerConditions(protagonist, campaign, testOn, extensions)
            : [];
        if (input.opponent) {
          if (!protagonist || !campaign || testKind === "luck") {
            throw invalid({ code: "opponent-needs-a-test" });
          }
          conditions.push(
            ...extensions.opponentConditions({
              campaign,
              name: input.opponent,
              test: testOn,
              gm: await isGm(tx, actor, campaign.id),
            }),
          );
        }
        const test = percentileTest(
          { rating, modifier: input.modifier, conditions, label, ...(rawStat ? { rawStat } : {}) },
          rng,
        );
        const opposed = input.versus ? opposeWith(test, input.versus, rng) : null;

        // An opposed test is still the Protagonist's test: its own failure ticks the mark.
        let marked = false;
        const changes = [];
        if (protagonist && campaign && subject.kind === "skill") {
          const skill = findSkill(protagonist, subject.name);
          // A secret failure's mark is the roller's and the GMs' to see; an open failure of a
          // skill so marked ticks it for the table (hidden-marks.ts).
          const audience = rollAudience(input.secret, actor.userId);
          // Whether a GM rolls matters only for a secret roll on a mark hidden from the table.
          const gm =
            audience !== null && skill.failureMarkVisibleTo !== null
              ? await isGm(tx, actor, campaign.id)
              : false;
          const after = afterSkillTest(protagonist, skill, test, campaign, audience, {
            userId: actor.userId,
            gm,
          });
          if (after) {
            await tx.protagonists.write(protagonist, after);
            changes.push({ before: protagonist, after });
            marked = true;
          }
        }
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign?.id ?? null,
          actorId: actor.userId,
          ...fact("test", {
            protagonist: protagonist?.name ?? null,
            label,
            roll: test.roll.value,
            target: test.target,
            outcome: test.outcome,
            versus: opposed && {
              label: opposed.test.label ?? null,
              roll: opposed.test.roll.value,
              target: opposed.test.target,
              outcome: opposed.test.outcome,
              winner: opposed.result.winner,
              basis: opposed.result.basis,
            },
            marked,
          }),
          sessionNumber: campaign?.sessionNumber ?? null,
          input: {
            subject,
            modifier: input.modifier,
            ...(opposed ? { versus: input.versus } : {}),
          },
          dice: opposed ? { test, versus: opposed.test, opposed: opposed.result } : test,
          changes,
          concerns: protagonist ? [protagonist.id] : [],
          visibility: visibilityOf(input.secret),
        });
        return {
          test,
          opposed,
          protagonist: protagonist ? { id: protagonist.id, name: protagonist.name } : null,
          marked,
          eventId,
        };
      });
    },
  };
}

export type RollService = ReturnType<typeof createRollService>;

const plainTestInput = z.object({
  modifier,
  versus: versusInput.nullish(),
  subject: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("luck") }),
    z.object({ kind: z.literal("target"), target: z.number().int().min(0).max(200) }),
  ]),
});

/** What can be rolled where the bot keeps no table: dice, Luck and a plain target. */
export type PlainTestSubject = z.infer<typeof plainTestInput>["subject"];

/**
 * Rolls outside the servers the bot is in (a DM, a group DM, a server that has the bot only on a
 * member's account): answered, never logged, since no table there could read or undo them.
 */
export function createUnloggedRolls({ rng }: Pick<ServiceDeps, "rng">) {
  return {
    rollExpression(raw: { expression: string }): DiceRoll {
      const { expression } = parseInput(expressionInput.pick({ expression: true }), raw);
      return rollDice(expression, rng);
    },
    rollTest(raw: { subject: PlainTestSubject; modifier?: number; versus?: VersusInput | null }): {
      test: PercentileTestResult;
      opposed: OpposedRoll | null;
    } {
      const { subject, modifier: bonus, versus } = parseInput(plainTestInput, raw);
      const { rating, label } = ratingFor(subject, null);
      const test = percentileTest({ rating, modifier: bonus, label }, rng);
      return { test, opposed: versus ? opposeWith(test, versus, rng) : null };
    },
  };
}

/** Rolls the other side against its own target, after the roller's test, and judges the pair. */
function opposeWith(test: PercentileTestResult, versus: VersusInput, rng: Rng): OpposedRoll {
  const other = percentileTest(
    { rating: versus.target, ...(versus.label === undefined ? {} : { label: versus.label }) },
    rng,
  );
  return { test: other, result: opposedTest(test, other) };
}

function visibilityOf(secret: boolean): Visibility {
  return secret ? "actor-and-gms" : "campaign";
}

/**
 * Who takes the test: the Protagonist of a skill or stat test; for Luck, the one named or the
 * actor's own if they play one here (their exhaustion counts); nobody for a plain target.
 */
async function testerOf(
  tx: StoreTx,
  actor: Actor,
  subject: TestSubject,
  protagonistId: string | null | undefined,
): Promise<{ campaign: Campaign | null; protagonist: ProtagonistSnapshot | null }> {
  if (subject.kind === "skill" || subject.kind === "stat") {
    return readTarget(tx, actor, protagonistId);
  }
  if (subject.kind === "luck") {
    try {
      return await readTarget(tx, actor, protagonistId);
    } catch (error) {
      // A GM's or a bystander's Luck, or no campaign at all: no Protagonist's condition applies.
      if (protagonistId || !isServiceError(error) || error.kind !== "invalid") throw error;
    }
  }
  // Luck and a plain target need no campaign: in a server without one, logged without one.
  return { campaign: (await campaignOfChannel(tx, actor)) ?? null, protagonist: null };
}

function ratingFor(
  subject: TestSubject,
  protagonist: ProtagonistSnapshot | null,
): { rating: number; label: string; rawStat?: number } {
  switch (subject.kind) {
    case "skill": {
      if (!protagonist) throw invalid({ code: "test-needs-protagonist", test: "skill" });
      const skill = findSkill(protagonist, subject.name);
      return { rating: skill.rating, label: skill.name };
    }
    case "stat": {
      if (!protagonist) throw invalid({ code: "test-needs-protagonist", test: "stat" });
      const stat: StatName = subject.stat;
      const value = protagonist.stats[stat];
      return { rating: statTestRating(value), label: `${stat} ×5`, rawStat: value };
    }
    case "luck":
      return { rating: LUCK_RATING, label: "Luck" };
    case "target":
      return { rating: subject.target, label: "Test" };
  }
}
