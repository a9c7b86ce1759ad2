import { z } from "zod";
import type { Sql } from "../db/sql.js";
import type { Campaign } from "../generated/prisma/client.js";
import { actorSchema, type Actor } from "./actor.js";
import { assertGm, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, invalid, notFound } from "./errors.js";
import type { BondSnapshot, ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./store.js";
import { parseInput, recordId } from "./validation.js";
import { displayText } from "./display-text.js";

/** The change that broke (or destroyed) a Bond, and the Bond: what a Helplessness test is for. */
export const brokenBondRef = z.object({
  eventId: z.number().int().positive(),
  bondId: recordId,
});
export type BrokenBondRef = z.infer<typeof brokenBondRef>;

const promptInput = z.object({ actor: actorSchema, brokenBond: brokenBondRef });

export interface BrokenBondPrompt {
  protagonist: { id: string; name: string };
  bond: { id: string; name: string };
  /** The campaign's setting `brokenBondSanLoss`: the loss the GM's form offers first. */
  loss: string;
}

const EVENT = `SELECT "id" FROM "Event" WHERE "id" = ? AND "guildId" = ?`;
const TARGETS = `SELECT "protagonistId" FROM "EventTarget" WHERE "eventId" = ?`;
/** A standing test for this Bond since it broke (a Bond breaks once, unless that is undone). */
const TESTED = `SELECT "id" FROM "Event"
  WHERE "guildId" = ? AND "kind" = 'san-test' AND "id" > ? AND "undoneById" IS NULL
    AND json_extract("input", '$.brokenBond.bondId') = ?
  LIMIT 1`;

export interface BrokenBond {
  campaign: Campaign;
  protagonist: ProtagonistSnapshot;
  bond: BondSnapshot;
}

/**
 * The broken Bond a GM calls a Helplessness SAN test for: the change named broke it (it is still
 * crossed off), only a GM may call the test, and only once per broken Bond.
 */
export function brokenBondToTest(sql: Sql, actor: Actor, ref: BrokenBondRef): BrokenBond {
  if (!sql.get(EVENT, ref.eventId, actor.guildId)) throw notFound("That broken Bond");
  const found = sql
    .all<{ protagonistId: string }>(TARGETS, ref.eventId)
    .map((t) => loadProtagonist(sql, actor.guildId, t.protagonistId))
    .flatMap((protagonist) =>
      protagonist.bonds.filter((b) => b.id === ref.bondId).map((bond) => ({ protagonist, bond })),
    )[0];
  if (!found) throw notFound("That broken Bond");
  const campaign = resolveCampaign(sql, actor, found.protagonist.campaignId);
  assertGm(sql, actor, campaign);
  if (!found.bond.crossedOff) {
    throw invalid(
      `**${displayText(found.bond.name)}** is no longer broken (the change was undone): there is no SAN test to call for.`,
    );
  }
  const tested = sql.get<{ id: number }>(TESTED, actor.guildId, ref.eventId, ref.bondId);
  if (tested) {
    throw conflict(
      `The Helplessness SAN test for **${displayText(found.bond.name)}** was already rolled (#${tested.id}).`,
    );
  }
  return { campaign, ...found };
}

export function createBrokenBondTests({ sql }: Pick<ServiceDeps, "sql">) {
  return {
    /** GM: what the form for a broken Bond's Helplessness SAN test shows. */
    async brokenBondPrompt(raw: {
      actor: Actor;
      brokenBond: BrokenBondRef;
    }): Promise<BrokenBondPrompt> {
      const { actor, brokenBond } = parseInput(promptInput, raw);
      return sql.read(() => {
        const { campaign, protagonist, bond } = brokenBondToTest(sql, actor, brokenBond);
        return {
          protagonist: { id: protagonist.id, name: protagonist.name },
          bond: { id: bond.id, name: bond.name },
          loss: ruleOptionsOf(campaign).brokenBondSanLoss,
        };
      });
    },
  };
}
