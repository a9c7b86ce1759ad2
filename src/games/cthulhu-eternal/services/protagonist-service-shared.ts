/** What the Protagonist services share: the campaign reference, unique names, the first selection. */
import { UniqueConflict } from "../../../store/store.js";
import type { StoreTx } from "../store/store.js";
import { z } from "zod";
import type { Campaign } from "../store/types.js";
import { actorSchema } from "../../../core/access/actor.js";
import { CAMPAIGN_WIDE } from "./active-protagonist.js";
import { conflict } from "./errors.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { recordId } from "./validation.js";

export const campaignRef = z.object({ actor: actorSchema, campaignId: recordId.nullish() });

/**
 * Names are unique per campaign. The database index is exact; this check also catches names that
 * differ only in letter case, which would be confusing in lists and autocomplete.
 */
export async function assertNameFree(
  tx: StoreTx,
  campaign: Campaign,
  name: string,
  exceptId?: string,
): Promise<void> {
  const clash = await tx.protagonists.nameClash(campaign.id, name, exceptId);
  if (clash !== undefined) throw nameTaken(campaign, clash);
}

function nameTaken(campaign: Campaign, name: string) {
  return conflict({ code: "protagonist-name-taken", campaign: campaign.name, name });
}

/** Maps the unique-index error of a concurrent write with the same name to the same conflict. */
export async function uniqueName<T>(
  campaign: Campaign,
  name: string,
  write: () => T | Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConflict) throw nameTaken(campaign, name);
    throw error;
  }
}

/** Makes a new Protagonist its player's campaign-wide choice unless an active one is chosen. */
export async function selectIfNone(
  tx: StoreTx,
  protagonist: ProtagonistSnapshot,
): Promise<boolean> {
  if (protagonist.status !== "active") return false;
  const key = {
    guildId: protagonist.guildId,
    userId: protagonist.ownerId,
    campaignId: protagonist.campaignId,
    channelId: CAMPAIGN_WIDE,
  };
  const current = await tx.selections.chosen({
    ...key,
    channelIds: [CAMPAIGN_WIDE, CAMPAIGN_WIDE, CAMPAIGN_WIDE],
  });
  if (current && current.status === "active") return false;
  await tx.selections.choose(key, protagonist.id);
  return true;
}
