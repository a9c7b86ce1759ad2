import { z } from "zod";
import { mapInOrder } from "./in-order.js";
import type { StoreTx } from "../store/store.js";
import type { Campaign } from "../store/types.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertGm, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, invalid, notFound } from "./errors.js";
import type { BondSnapshot, ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";
import { parseInput, recordId } from "./validation.js";

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

export interface BrokenBond {
  campaign: Campaign;
  protagonist: ProtagonistSnapshot;
  bond: BondSnapshot;
}

/**
 * The broken Bond a GM calls a Helplessness SAN test for: the change named broke it (it is still
 * crossed off), only a GM may call the test, and only once per broken Bond.
 */
export async function brokenBondToTest(
  tx: StoreTx,
  actor: Actor,
  ref: BrokenBondRef,
): Promise<BrokenBond> {
  if (!(await tx.events.find(actor.guildId, ref.eventId))) throw notFound("broken-bond");
  const targets = await tx.events.targets(ref.eventId);
  const found = (await mapInOrder(targets, (id) => loadProtagonist(tx, actor.guildId, id))).flatMap(
    (protagonist) =>
      protagonist.bonds.filter((b) => b.id === ref.bondId).map((bond) => ({ protagonist, bond })),
  )[0];
  if (!found) throw notFound("broken-bond");
  const campaign = await resolveCampaign(tx, actor, found.protagonist.campaignId);
  await assertGm(tx, actor, campaign);
  if (!found.bond.crossedOff) {
    throw invalid({ code: "bond-not-broken", bond: found.bond.name });
  }
  // A standing test for this Bond since it broke (a Bond breaks once, unless that is undone).
  const tested = await tx.events.latestReferring({
    guildId: actor.guildId,
    kind: "san-test",
    after: ref.eventId,
    refersTo: ref.bondId,
  });
  if (tested) {
    throw conflict({ code: "broken-bond-tested", bond: found.bond.name, eventId: tested.id });
  }
  return { campaign, ...found };
}

export function createBrokenBondTests({ store }: Pick<ServiceDeps, "store">) {
  return {
    /** GM: what the form for a broken Bond's Helplessness SAN test shows. */
    async brokenBondPrompt(raw: {
      actor: Actor;
      brokenBond: BrokenBondRef;
    }): Promise<BrokenBondPrompt> {
      const { actor, brokenBond } = parseInput(promptInput, raw);
      return store.read(async (tx) => {
        const { campaign, protagonist, bond } = await brokenBondToTest(tx, actor, brokenBond);
        return {
          protagonist: { id: protagonist.id, name: protagonist.name },
          bond: { id: bond.id, name: bond.name },
          loss: ruleOptionsOf(campaign).brokenBondSanLoss,
        };
      });
    },
  };
}
