import type { Campaign } from "../store/types.js";
import type { StoreTx } from "../store/store.js";
import type { Actor } from "../../../core/access/actor.js";
import { resolveProtagonist } from "./active-protagonist.js";
import { assertCanActOn, campaignOfChannel, resolveCampaign } from "./campaign-access.js";
import { invalid } from "./errors.js";
import type { StateChange } from "./event-log.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { loadChosenProtagonist } from "./lookups.js";

export interface Target {
  campaign: Campaign;
  protagonist: ProtagonistSnapshot;
}

/**
 * The Protagonist a command reads, and the campaign it belongs to: the one named by id (whose
 * events belong in its own campaign, whatever the channel), else the actor's active one here.
 */
export async function readTarget(
  tx: StoreTx,
  actor: Actor,
  protagonistId?: string | null,
): Promise<Target> {
  if (protagonistId) {
    // By id: the Protagonist's own campaign, and "not found" for another guild's id. By a name
    // typed in full: one of the channel's campaign.
    const protagonist = await loadChosenProtagonist(tx, actor, protagonistId, () =>
      campaignOfChannel(tx, actor),
    );
    return { campaign: await resolveCampaign(tx, actor, protagonist.campaignId), protagonist };
  }
  const campaign = await resolveCampaign(tx, actor);
  return { campaign, protagonist: await resolveProtagonist(tx, actor, campaign) };
}

/** As `readTarget`, for a change: only the owner or a GM, and only while the Protagonist is active. */
export async function writeTarget(
  tx: StoreTx,
  actor: Actor,
  protagonistId?: string | null,
): Promise<Target> {
  const target = await readTarget(tx, actor, protagonistId);
  await assertCanActOn(tx, actor, target.protagonist);
  assertActive(target.protagonist);
  return target;
}

/** Dead, insane or retired Protagonists are out of play; a mistaken change is reverted by undo. */
export function assertActive(p: ProtagonistSnapshot): void {
  if (p.status === "active") return;
  throw invalid({ code: "out-of-play", protagonist: p.name, status: p.status });
}

/** The change to log: empty when nothing moved, so the event is not offered for undo. */
export function changesOf(before: ProtagonistSnapshot, after: ProtagonistSnapshot): StateChange[] {
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ before, after }];
}
