import type { StoreTx } from "../store/store.js";
import { fact } from "./event-facts.js";
import { createExhaustion } from "./exhaustion-service.js";
import { who, type Who } from "./harm-who.js";
export type { ExhaustionOutcome } from "./exhaustion-service.js";
import { z } from "zod";
import type { Campaign } from "../store/types.js";
import { parseDice, rollDice, type DiceExpression, type DiceRoll } from "../rules/dice/index.js";
import {
  applyHpChange,
  applyWpChange,
  lethalityTest,
  type HpChange,
  type LethalityResult,
  type WpChange,
} from "../rules/harm.js";
import { newConditions, type Condition } from "../rules/conditions.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import type { ServiceDeps } from "./deps.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { invalid, invalidInput } from "./errors.js";
import { changesOf, writeTarget } from "./protagonist-target.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { parseInput, pointsOrDice, recordId } from "./validation.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };

export type PointsAction = "damage" | "heal" | "set";

const pointsInput = z.object({
  ...target,
  action: z.enum(["damage", "heal", "set"]),
  amount: pointsOrDice(0, 999),
  /** A loss that lowers the maximum too (a module must take it: Corruption). */
  corrupting: z.boolean().default(false),
});

const lethalityInput = z.object({
  ...target,
  rating: z.number().int().min(0).max(100),
  critical: z.boolean().default(false),
});

export interface HpOutcome {
  protagonist: Who;
  action: PointsAction;
  /** The points asked for: the number given, or the dice total (never below 0). */
  amount: number;
  roll: DiceRoll | null;
  change: HpChange;
  /** The maximum before and after (a corrupting loss lowers it). */
  max: { before: number; after: number };
  /** HP reached 0: the Protagonist's status is now "dead". */
  died: boolean;
  /** Conditions the change newly caused (unconscious at 2 HP, dead at 0). */
  conditions: Condition[];
  eventId: number;
}

export interface WpOutcome {
  protagonist: Who;
  action: PointsAction;
  amount: number;
  roll: DiceRoll | null;
  change: WpChange;
  /** The maximum before and after (a corrupting loss lowers it). */
  max: { before: number; after: number };
  /** Conditions the change newly caused (emotional collapse at 2 WP, unconscious at 0). */
  conditions: Condition[];
  eventId: number;
}

export interface LethalityOutcome {
  protagonist: Who;
  result: LethalityResult;
  change: HpChange;
  died: boolean;
  conditions: Condition[];
  eventId: number;
}

/** A validated amount: points, or parsed dice to roll inside the transaction. */
type Amount = { points: number } | { dice: DiceExpression };

export function createHarmService({ store, rng, extensions = NO_EXTENSIONS }: ServiceDeps) {
  /** Dice are parsed before the transaction, so a typo costs nothing and changes nothing. */
  function amountOf(action: PointsAction, amount: number | string, corrupting: boolean): Amount {
    if (corrupting && action !== "damage") throw invalid({ code: "corrupting-is-a-loss" });
    if (typeof amount === "number") {
      if (action !== "set" && amount < 1) {
        throw invalidInput("amount", { kind: "points-or-dice", minimum: 1, maximum: 999 });
      }
      return { points: amount };
    }
    if (action === "set") throw invalidInput("amount", { kind: "not-a-number" });
    return { dice: parseDice(amount) };
  }

  function resolveAmount(amount: Amount): { points: number; roll: DiceRoll | null } {
    if ("points" in amount) return { points: amount.points, roll: null };
    const roll = rollDice(amount.dice, rng);
    // A "1D4−2" that totals below 0 neither heals on damage nor hurts on healing.
    return { points: Math.max(0, roll.total), roll };
  }

  function deltaOf(action: PointsAction, points: number, current: number): number {
    switch (action) {
      case "damage":
        return -points;
      case "heal":
        return points;
      case "set":
        return points - current;
    }
  }

  /** An HP or WP change as its event records it. */
  function pointsFact(
    before: ProtagonistSnapshot,
    change: { before: number; after: number },
    action: PointsAction,
    points: number,
    roll: DiceRoll | null,
  ) {
    const dice = roll ? { expression: roll.expression, total: roll.total } : null;
    return {
      protagonist: before.name,
      before: change.before,
      after: change.after,
      action,
      points,
      dice,
    };
  }

  /**
   * The common start of an HP or WP change: the target (owner or GM, active), the amount rolled
   * if it is dice, "set" checked against the maximum, and the change as a delta.
   */
  async function pointsChange(
    tx: StoreTx,
    input: z.infer<typeof pointsInput>,
    amount: Amount,
    pool: "HP" | "WP",
  ): Promise<{
    campaign: Campaign;
    before: ProtagonistSnapshot;
    points: number;
    roll: DiceRoll | null;
    delta: number;
  }> {
    const { campaign, protagonist: before } = await writeTarget(
      tx,
      input.actor,
      input.protagonistId,
    );
    const { points, roll } = resolveAmount(amount);
    const [current, max] = pool === "HP" ? [before.hp, before.hpMax] : [before.wp, before.wpMax];
    if (input.action === "set" && points > max) {
      throw invalid({ code: "above-maximum", protagonist: before.name, max, pool });
    }
    return { campaign, before, points, roll, delta: deltaOf(input.action, points, current) };
  }

  /** A damage goes past the modules (Corruption lowers the maximum of a corrupting one). */
  function afterLoss(
    campaign: Campaign,
    pool: "HP" | "WP",
    input: { action: PointsAction; corrupting: boolean },
    before: ProtagonistSnapshot,
    after: ProtagonistSnapshot,
  ): ProtagonistSnapshot {
    if (input.action !== "damage") return after;
    const [was, now] = pool === "HP" ? [before.hp, after.hp] : [before.wp, after.wp];
    return extensions.afterLoss({
      campaign,
      pool,
      lost: Math.max(0, was - now),
      corrupting: input.corrupting,
      before,
      after,
    });
  }

  return {
    ...createExhaustion({ store, rng }),

    /** Damage, heal or set HP. At 0 the Protagonist dies (status "dead"). */
    async hp(raw: {
      actor: Actor;
      protagonistId?: string | null;
      action: PointsAction;
      amount: number | string;
      corrupting?: boolean;
    }): Promise<HpOutcome> {
      const input = parseInput(pointsInput, raw);
      const { actor } = input;
      const amount = amountOf(input.action, input.amount, input.corrupting);
      return store.transaction(async (tx) => {
        const { campaign, before, points, roll, delta } = await pointsChange(
          tx,
          input,
          amount,
          "HP",
        );
        const change = applyHpChange(before.hp, before.hpMax, delta);
        const after = afterLoss(campaign, "HP", input, before, withHp(before, change));
        await tx.protagonists.write(before, after);
        const died = after.status === "dead" && before.status !== "dead";
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("hp", {
            ...pointsFact(before, change, input.action, points, roll),
            ...corruptedMax(before.hpMax, after.hpMax),
            died,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { action: input.action, amount: input.amount },
          dice: { roll, change },
          changes: changesOf(before, after),
          concerns: [before.id],
        });
        return {
          protagonist: who(after),
          action: input.action,
          amount: points,
          roll,
          change,
          max: { before: before.hpMax, after: after.hpMax },
          died,
          conditions: newConditions(before, after),
          eventId,
        };
      });
    },

    /** Damage, heal or set WP. At 2 or less an emotional collapse; at 0 unconscious. */
    async wp(raw: {
      actor: Actor;
      protagonistId?: string | null;
      action: PointsAction;
      amount: number | string;
      corrupting?: boolean;
    }): Promise<WpOutcome> {
      const input = parseInput(pointsInput, raw);
      const { actor } = input;
      const amount = amountOf(input.action, input.amount, input.corrupting);
      return store.transaction(async (tx) => {
        const { campaign, before, points, roll, delta } = await pointsChange(
          tx,
          input,
          amount,
          "WP",
        );
        const change = applyWpChange(before.wp, before.wpMax, delta);
        const changed = cloneSnapshot(before);
        changed.wp = change.after;
        const after = afterLoss(campaign, "WP", input, before, changed);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("wp", {
            ...pointsFact(before, change, input.action, points, roll),
            ...corruptedMax(before.wpMax, after.wpMax),
          }),
          sessionNumber: campaign.sessionNumber,
          input: { action: input.action, amount: input.amount },
          dice: { roll, change },
          changes: changesOf(before, after),
          concerns: [before.id],
        });
        return {
          protagonist: who(after),
          action: input.action,
          amount: points,
          roll,
          change,
          max: { before: before.wpMax, after: after.wpMax },
          conditions: newConditions(before, after),
          eventId,
        };
      });
    },

    /** A lethality roll: lethal takes HP to 0 (dead); otherwise its digits are the damage. */
    async lethality(raw: {
      actor: Actor;
      protagonistId?: string | null;
      rating: number;
      critical?: boolean;
    }): Promise<LethalityOutcome> {
      const input = parseInput(lethalityInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const result = lethalityTest({ rating: input.rating, critical: input.critical }, rng);
        const damage = result.lethal ? before.hp : result.damage;
        const change = applyHpChange(before.hp, before.hpMax, -damage);
        const after = withHp(before, change);
        await tx.protagonists.write(before, after);
        const died = after.status === "dead";
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("lethality", {
            protagonist: before.name,
            rating: result.effectiveRating,
            roll: result.roll.value,
            lethal: result.lethal,
            damage: result.lethal ? null : result.damage,
            before: change.before,
            after: change.after,
            died,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { rating: input.rating, critical: input.critical },
          dice: { result, change },
          changes: changesOf(before, after),
          concerns: [before.id],
        });
        return {
          protagonist: who(after),
          result,
          change,
          died,
          conditions: newConditions(before, after),
          eventId,
        };
      });
    },
  };
}

export type HarmService = ReturnType<typeof createHarmService>;

/** The new maximum of a change that lowered it (a corrupting loss), for the log. */
function corruptedMax(before: number, after: number) {
  return before === after ? {} : { corruptedMax: { before, after } };
}

/** HP 0 is death: the status follows so the Protagonist leaves play (undo brings them back). */
export function withHp(p: ProtagonistSnapshot, change: HpChange): ProtagonistSnapshot {
  const next = cloneSnapshot(p);
  next.hp = change.after;
  if (change.state === "dead") next.status = "dead";
  return next;
}
