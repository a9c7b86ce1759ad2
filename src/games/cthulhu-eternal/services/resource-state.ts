import type { StoreTx } from "../store/store.js";
import { mapInOrder } from "./in-order.js";
import type { Campaign } from "../store/types.js";
import {
  effectiveRating,
  resourceBreakdown,
  type ResourceBreakdown,
  type ResourceLocation,
} from "../rules/resources.js";
import type { Actor } from "../../../core/access/actor.js";
import { resolveCampaign } from "./campaign-access.js";
import { invalid } from "./errors.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";

/** Reading and writing a Protagonist's Resources, for the Resources and pooling services. */

export interface Who {
  id: string;
  name: string;
}

export interface ResourceStatus {
  protagonist: Who;
  rating: number;
  atHand: number;
  stowed: number;
  inStorage: number;
  checkBoxes: number;
  checked: number;
  unchecked: number;
  /** No box left: no Resources test until the GM replenishes in downtime. */
  exhausted: boolean;
  /** The rating a test uses in each location. */
  effective: Record<ResourceLocation, number>;
}

export function who(p: ProtagonistSnapshot): Who {
  return { id: p.id, name: p.name };
}

export function loadAll(
  tx: StoreTx,
  guildId: string,
  ids: readonly string[],
): Promise<ProtagonistSnapshot[]> {
  return mapInOrder(ids, (id) => loadProtagonist(tx, guildId, id));
}

/** A pool or a downtime spans one campaign: its GM decides, and its log records it. */
export function sameCampaign(
  tx: StoreTx,
  actor: Actor,
  members: readonly ProtagonistSnapshot[],
): Promise<Campaign> {
  const first = members[0];
  if (!first) throw invalid({ code: "name-a-protagonist" });
  const stranger = members.find((p) => p.campaignId !== first.campaignId);
  if (stranger) {
    throw invalid({
      code: "members-in-other-campaign",
      stranger: stranger.name,
      first: first.name,
    });
  }
  return resolveCampaign(tx, actor, first.campaignId);
}

/**
 * The stored split always follows the rules' table for the rating (recomputed on every write),
 * and checks never exceed the boxes the rating gives.
 */
export function withResources(
  p: ProtagonistSnapshot,
  breakdown: ResourceBreakdown,
  checked: number,
): ProtagonistSnapshot {
  const next = cloneSnapshot(p);
  next.resources = {
    rating: breakdown.rating,
    atHand: breakdown.atHand,
    stowed: breakdown.stowed,
    storage: breakdown.inStorage,
    checked: Math.min(checked, breakdown.checkBoxes),
  };
  return next;
}

export function statusOf(p: ProtagonistSnapshot): ResourceStatus {
  const breakdown = resourceBreakdown(p.resources.rating);
  const checked = Math.min(p.resources.checked, breakdown.checkBoxes);
  return {
    protagonist: who(p),
    rating: breakdown.rating,
    atHand: breakdown.atHand,
    stowed: breakdown.stowed,
    inStorage: breakdown.inStorage,
    checkBoxes: breakdown.checkBoxes,
    checked,
    unchecked: breakdown.checkBoxes - checked,
    exhausted: checked >= breakdown.checkBoxes,
    effective: {
      "at-hand": effectiveRating(breakdown, "at-hand"),
      "with-vehicle": effectiveRating(breakdown, "with-vehicle"),
      home: effectiveRating(breakdown, "home"),
    },
  };
}
