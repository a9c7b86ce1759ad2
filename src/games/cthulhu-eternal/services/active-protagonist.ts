import type { Campaign } from "../store/types.js";
import type { StoreTx } from "../store/store.js";
import type { Actor } from "../../../core/access/actor.js";
import { invalid } from "./errors.js";
import { loadChosenProtagonist, loadProtagonist } from "./lookups.js";
import type { ProtagonistSnapshot } from "./snapshot.js";

/** The campaign-wide selection is stored with this channel id. */
export const CAMPAIGN_WIDE = "";

/**
 * The Protagonist a command acts on: the one named (by id, or by its name in `campaign`), else the user's choice for this channel
 * (in a thread: the thread's, else its parent channel's), else their choice for the campaign,
 * else their only active Protagonist in the campaign.
 */
export async function resolveProtagonist(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  protagonistId?: string | null,
): Promise<ProtagonistSnapshot> {
  if (protagonistId) return loadChosenProtagonist(tx, actor, protagonistId, campaign);
  const chosen = await tx.selections.chosen({
    guildId: actor.guildId,
    userId: actor.userId,
    campaignId: campaign.id,
    channelIds: [actor.channelId, actor.threadParentId ?? actor.channelId, CAMPAIGN_WIDE],
  });
  if (chosen) return chosen;
  const own = await tx.protagonists.activeOwnedBy(actor.guildId, campaign.id, actor.userId, 2);
  const only = own.length === 1 ? own[0] : undefined;
  if (only) return loadProtagonist(tx, actor.guildId, only);
  throw invalid(
    own.length === 0
      ? { code: "no-active-protagonist", campaign: campaign.name }
      : { code: "several-protagonists" },
  );
}
