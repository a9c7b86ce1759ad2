import { z } from "zod";
import {
  addBond,
  bondStatus,
  damageBond,
  destroyBond,
  improveBond,
  maxBondScore,
  type BondChange,
  type BondHarm,
  type BondStatus,
} from "../rules/bonds.js";
import type { Bond } from "../rules/types.js";
import { actorSchema, type Actor } from "./actor.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import { recordEvent } from "./event-log.js";
import { newId } from "./ids.js";
import { findBond } from "./lookups.js";
import { readTarget, writeTarget } from "./protagonist-target.js";
import { cloneSnapshot, type BondSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { writeProtagonist } from "./store.js";
import { displayName, parseInput, pointsOrDice, recordId } from "./validation.js";
import { displayText } from "./display-text.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };

const addInput = z.object({
  ...target,
  name: displayName,
  kind: z.enum(["individual", "community"]),
  score: z.number().int().min(1).max(99).optional(),
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
const listInput = z.object(target);

/** A Bond as the bot shows it: broken and destroyed ones stay listed, flagged. */
export interface BondView {
  id: string;
  name: string;
  kind: "individual" | "community";
  score: number;
  /** CHA for an individual Bond, 20 for a community Bond. */
  max: number;
  status: BondStatus;
  crossedOff: boolean;
  fellowId: string | null;
}

interface Who {
  id: string;
  name: string;
}

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
  message: string;
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

export interface BondDestroyOutcome {
  protagonist: Who;
  bond: BondView;
  reason: string;
  eventId: number;
}

export interface BondList {
  protagonist: Who;
  cha: number;
  bonds: BondView[];
}

export function createBondService({ sql, rng }: ServiceDeps) {
  return {
    /** A new Bond: an individual one starts at CHA unless a lower score is given. */
    async add(raw: {
      actor: Actor;
      protagonistId?: string | null;
      name: string;
      kind: "individual" | "community";
      score?: number;
    }): Promise<BondAddResult> {
      const input = parseInput(addInput, raw);
      const { actor } = input;
      return sql.transaction(() => {
        const { campaign, protagonist: before } = writeTarget(sql, actor, input.protagonistId);
        const { bond } = addBond(
          before.bonds.map(toRulesBond),
          {
            id: newId(),
            name: input.name,
            kind: input.kind,
            ...(input.score === undefined ? {} : { score: input.score }),
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
          fellowId: null,
        };
        after.bonds.push(added);
        writeProtagonist(sql, before, after);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "bond-add",
          sessionNumber: campaign.sessionNumber,
          input: { name: input.name, kind: input.kind, score: input.score ?? null },
          dice: { bond },
          summary: `${before.name}: new ${bond.kind} Bond “${bond.name}” at ${bond.score}`,
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
      return sql.transaction(() => {
        const { campaign, protagonist: before } = writeTarget(sql, actor, input.protagonistId);
        const current = findBond(before, input.bondId);
        const result = damageBond(toRulesBond(current), input.amount, rng);
        const after = withBond(before, result.bond);
        writeProtagonist(sql, before, after);
        const how =
          result.rolled === undefined ? `−${result.amount}` : `1D4: ${String(result.rolled)}`;
        const broke = result.change.broke;
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "bond-damage",
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id, amount: input.amount },
          dice: result,
          summary: `${before.name}: Bond “${current.name}” ${result.change.before} → ${result.change.after} (${how})${broke ? ", broken" : ""}`,
          changes: [{ before, after }],
        });
        const message = broke
          ? `${result.change.reason}. The Bond “${current.name}” is broken and crossed off (kept on the sheet); **${displayText(before.name)}** likely faces a SAN test for Helplessness.`
          : `${result.change.reason}.`;
        return {
          protagonist: who(before),
          bond: view(findBond(after, current.id), after.stats.CHA),
          change: result.change,
          rolled: result.rolled ?? null,
          amount: result.amount,
          broke,
          helplessnessTestLikely: broke,
          message,
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
      return sql.transaction(() => {
        const { campaign, protagonist: before } = writeTarget(sql, actor, input.protagonistId);
        const current = findBond(before, input.bondId);
        const result = improveBond(toRulesBond(current), input.amount, before.stats.CHA);
        if (result.gained === 0) {
          // Nothing would change; say so rather than log an empty event.
          throw invalid(
            `The Bond “${displayText(current.name)}” is already at its maximum (${maxBondScore(current.kind, before.stats.CHA)}); it can't go higher.`,
          );
        }
        const after = withBond(before, result.bond);
        writeProtagonist(sql, before, after);
        const cap = result.capped ? `, capped at ${result.change.after}` : "";
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "bond-improve",
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id, amount: input.amount },
          dice: result,
          summary: `${before.name}: Bond “${current.name}” ${result.change.before} → ${result.change.after} (+${input.amount}${cap})`,
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
      return sql.transaction(() => {
        const { campaign, protagonist: before } = writeTarget(sql, actor, input.protagonistId);
        const current = findBond(before, input.bondId);
        const result = input.why
          ? destroyBond(toRulesBond(current), input.why)
          : destroyBond(toRulesBond(current));
        const after = withBond(before, result.bond);
        writeProtagonist(sql, before, after);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "bond-destroy",
          sessionNumber: campaign.sessionNumber,
          input: { bondId: current.id, why: input.why ?? null },
          dice: result,
          summary: `${before.name}: Bond “${current.name}” destroyed at ${current.score}${input.why ? ` (${input.why})` : ""}`,
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

    /** Every Bond of the Protagonist, broken and destroyed ones included. Any member may look. */
    async list(raw: { actor: Actor; protagonistId?: string | null }): Promise<BondList> {
      const input = parseInput(listInput, raw);
      return sql.read(() => {
        const { protagonist } = readTarget(sql, input.actor, input.protagonistId);
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

function who(p: ProtagonistSnapshot): Who {
  return { id: p.id, name: p.name };
}

function toRulesBond(b: BondSnapshot): Bond {
  return {
    id: b.id,
    name: b.name,
    kind: b.kind,
    score: b.score,
    crossedOff: b.crossedOff,
    ...(b.fellowId === null ? {} : { fellowId: b.fellowId }),
  };
}

function withBond(p: ProtagonistSnapshot, bond: Bond): ProtagonistSnapshot {
  const next = cloneSnapshot(p);
  const target = next.bonds.find((b) => b.id === bond.id);
  if (target) {
    target.score = bond.score;
    target.crossedOff = bond.crossedOff;
  }
  return next;
}

function view(b: BondSnapshot, cha: number): BondView {
  return {
    id: b.id,
    name: b.name,
    kind: b.kind,
    score: b.score,
    max: maxBondScore(b.kind, cha),
    status: bondStatus(toRulesBond(b)),
    crossedOff: b.crossedOff,
    fellowId: b.fellowId,
  };
}
