import { z } from "zod";
import { fact } from "./event-facts.js";
import {
  addBond,
  damageBond,
  destroyBond,
  type BondDestroyReason,
  eraseBond,
  improveBond,
  maxBondScore,
  type BondChange,
  type BondHarm,
} from "../rules/bonds.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertGm } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import { newId } from "./ids.js";
import { fellowOf, view, who, withBond, type BondView, type Who } from "./bond-views.js";
import { findBond } from "./lookups.js";
import { readTarget, writeTarget } from "./protagonist-target.js";
import { cloneSnapshot, rulesBond, type BondSnapshot } from "./snapshot.js";
import { displayName, parseInput, pointsOrDice, recordId } from "./validation.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };

const addInput = z.object({
  ...target,
  /** Defaults to the fellow Protagonist's name. */
  name: displayName.nullish(),
  kind: z.enum(["individual", "community"]).default("individual"),
  score: z.number().int().min(1).max(99).optional(),
  /** A fellow Protagonist of the campaign the Bond is to. */
  fellowId: recordId.nullish(),
});

/** "1D4" in any case: the rules' rolled harm; anything else must be a number of points. */
const bondHarm = pointsOrDice(1, 99, "1D4").transform((amount): BondHarm =>
  typeof amount === "number" ? amount : "1D4",
);

const damageInput = z.object({ ...target, bondId: recordId, amount: bondHarm });
const improveInput = z.object({
  ...target,
  bondId: recordId,
  amount: z.number().int().min(1).max(99),
});
const destroyInput = z.object({
  ...target,
  bondId: recordId,
  why: z.string().trim().min(1).max(200).nullish(),
});
const eraseInput = z.object({ ...target, bondId: recordId });
const listInput = z.object(target);

export interface BondAddResult {
  protagonist: Who;
  bond: BondView;
  eventId: number;
}

export interface BondDamageOutcome {
  protagonist: Who;
  bond: BondView;
  change: BondChange;
  /** The 1D4 face, when the damage was rolled. */
  rolled: number | null;
  amount: number;
  broke: boolean;
  /** A Bond reduced to 0 usually calls for a SAN test for Helplessness (the GM decides). */
  helplessnessTestLikely: boolean;
  eventId: number;
}

export interface BondImproveOutcome {
  protagonist: Who;
  bond: BondView;
  change: BondChange;
  requested: number;
  gained: number;
  capped: boolean;
  eventId: number;
}

export interface BondEraseOutcome {
  protagonist: Who;
  /** The Bond as it was before it was erased. */
  bond: BondView;
  eventId: number;
}

export interface BondDestroyOutcome {
  protagonist: Who;
  bond: BondView;
  reason: BondDestroyReason;
  eventId: number;
}

export interface BondList {
  protagonist: Who;
  cha: number;
  bonds: BondView[];
}

export function createBondService({ store, rng }: ServiceDeps) {
  return {
    /**
     * A new Bond: an individual one starts at CHA unless a lower score is given. A Bond to a
     * fellow Protagonist of the campaign is linked to it (and named after it unless named).
     */
    async add(raw: {
      actor: Actor;
      protagonistId?: string | null;
      name?: string | null;
      kind?: "individual" | "community";
      score?: number;
      fellowId?: string | null;
    }): Promise<BondAddResult> {
      const input = parseInput(addInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const fellow = input.fellowId ? await fellowOf(tx, before, input.fellowId) : null;
        const name = input.name ?? fellow?.name;
        if (name === undefined) {
          throw invalid({ code: "bond-unnamed" });
        }
        const { bond } = addBond(
          before.bonds.map(rulesBond),
          {
            id: newId(),
            name,
            kind: input.kind,
            ...(input.score === undefined ? {} : { score: input.score }),
            ...(fellow ? { fellowId: fellow.id } : {}),
          },
          before.stats.CHA,
        );
        const after = cloneSnapshot(before);
        const added: BondSnapshot = {
          id: bond.id,
          name: bond.name,
          kind: bond.kind,
          score: bond.score,
          crossedOff: bond.crossedOff,
          fellowId: fellow?.id ?? null,
        };
        after.bonds.push(added);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("bond-add", {
            protagonist: before.name,
            bond: bond.name,
            bondKind: bond.kind,
            score: bond.score,
            fellow: fellow !== null,
          }),
          sessionNumber: campaign.sessionNumber,
          input: {
            name: input.name ?? null,
            kind: input.kind,
            score: input.score ?? null,
            fellowId: fellow?.id ?? null,
          },
          dice: { bond },
          changes: [{ before, after }],
        });
        return { protagonist: who(before), bond: view(added, after.stats.CHA), eventId };
      });
    },

    /** Harm to a Bond's subject: a number of points or 1D4. At 0 it breaks and is crossed off. */
    async damage(raw: {
      actor: Actor;
      protagonistId?: string | null;
      bondId: string;
      amount: number | string;
    }): Promise<BondDamageOutcome> {
      const input = parseInput(damageInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const current = findBond(before, input.bondId);
        const result = damageBond(rulesBond(current), input.amount, rng);
        const after = withBond(before, result.bond);
        await tx.protagonists.write(before, after);
        const broke = result.change.broke;
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("bond-damage", {
            protagonist: before.name,
            bond: current.name,
            before: result.change.before,
            after: result.change.after,
            amount: result.amount,
            rolled: result.rolled ?? null,
            broke,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id, amount: input.amount },
          dice: result,
          changes: [{ before, after }],
        });
        return {
          protagonist: who(before),
          bond: view(findBond(after, current.id), after.stats.CHA),
          change: result.change,
          rolled: result.rolled ?? null,
          amount: result.amount,
          broke,
          helplessnessTestLikely: broke,
          eventId,
        };
      });
    },

    /** Cultivating a Bond: never above CHA (individual) or 20 (community). */
    async improve(raw: {
      actor: Actor;
      protagonistId?: string | null;
      bondId: string;
      amount: number;
    }): Promise<BondImproveOutcome> {
      const input = parseInput(improveInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const current = findBond(before, input.bondId);
        const result = improveBond(rulesBond(current), input.amount, before.stats.CHA);
        if (result.gained === 0) {
          // Nothing would change; say so rather than log an empty event.
          throw invalid({
            code: "bond-at-maximum",
            bond: current.name,
            maximum: maxBondScore(current.kind, before.stats.CHA),
          });
        }
        const after = withBond(before, result.bond);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("bond-improve", {
            protagonist: before.name,
            bond: current.name,
            before: result.change.before,
            after: result.change.after,
            amount: input.amount,
            capped: result.capped,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id, amount: input.amount },
          dice: result,
          changes: [{ before, after }],
        });
        return {
          protagonist: who(before),
          bond: view(findBond(after, current.id), after.stats.CHA),
          change: result.change,
          requested: result.requested,
          gained: result.gained,
          capped: result.capped,
          eventId,
        };
      });
    },

    /** The subject is gone (dead, insane, left): crossed off, kept with its last score. */
    async destroy(raw: {
      actor: Actor;
      protagonistId?: string | null;
      bondId: string;
      why?: string | null;
    }): Promise<BondDestroyOutcome> {
      const input = parseInput(destroyInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        const current = findBond(before, input.bondId);
        const result = input.why
          ? destroyBond(rulesBond(current), input.why)
          : destroyBond(rulesBond(current));
        const after = withBond(before, result.bond);
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("bond-destroy", {
            protagonist: before.name,
            bond: current.name,
            score: current.score,
            why: input.why ?? null,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id, why: input.why ?? null },
          dice: result,
          changes: [{ before, after }],
        });
        return {
          protagonist: who(before),
          bond: view(findBond(after, current.id), after.stats.CHA),
          reason: result.reason,
          eventId,
        };
      });
    },

    /**
     * GM only: strikes a broken or destroyed Bond from the sheet, to make room on a full one (the
     * rules keep crossed-off Bonds, so this is the GM's call). Logged and undoable.
     */
    async erase(raw: {
      actor: Actor;
      protagonistId?: string | null;
      bondId: string;
    }): Promise<BondEraseOutcome> {
      const input = parseInput(eraseInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, input.protagonistId);
        await assertGm(tx, actor, campaign);
        const current = findBond(before, input.bondId);
        const kept = new Set(eraseBond(before.bonds.map(rulesBond), current.id).map((b) => b.id));
        const after = cloneSnapshot(before);
        after.bonds = after.bonds.filter((b) => kept.has(b.id));
        await tx.protagonists.write(before, after);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("bond-erase", { protagonist: before.name, bond: current.name }),
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id },
          changes: [{ before, after }],
        });
        return { protagonist: who(before), bond: view(current, before.stats.CHA), eventId };
      });
    },

    /** Every Bond of the Protagonist, broken and destroyed ones included. Any member may look. */
    async list(raw: { actor: Actor; protagonistId?: string | null }): Promise<BondList> {
      const input = parseInput(listInput, raw);
      return store.read(async (tx) => {
        const { protagonist } = await readTarget(tx, input.actor, input.protagonistId);
        return {
          protagonist: who(protagonist),
          cha: protagonist.stats.CHA,
          bonds: protagonist.bonds.map((b) => view(b, protagonist.stats.CHA)),
        };
      });
    },
  };
}

export type BondService = ReturnType<typeof createBondService>;

export type { BondView } from "./bond-views.js";
