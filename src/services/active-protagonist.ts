import type { Campaign } from "../generated/prisma/client.js";
import type { Actor } from "./actor.js";
import { invalid } from "./errors.js";
import { loadProtagonist, type Tx } from "./store.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { displayText } from "./display-text.js";

/** The campaign-wide selection is stored with this channel id. */
export const CAMPAIGN_WIDE = "";

/**
 * The Protagonist a command acts on: the one named, else the user's choice for this channel,
 * else their choice for the campaign, else their only active Protagonist in the campaign.
 */
export async function resolveProtagonist(
  tx: Tx,
  actor: Actor,
  campaign: Campaign,
  protagonistId?: string | null,
): Promise<ProtagonistSnapshot> {
  if (protagonistId) return loadProtagonist(tx, actor.guildId, protagonistId);
  const selections = await tx.activeProtagonist.findMany({
    where: {
      guildId: actor.guildId,
      userId: actor.userId,
      campaignId: campaign.id,
      channelId: { in: [actor.channelId, CAMPAIGN_WIDE] },
    },
  });
  const chosen =
    selections.find((s) => s.channelId === actor.channelId) ??
    selections.find((s) => s.channelId === CAMPAIGN_WIDE);
  if (chosen) return loadProtagonist(tx, actor.guildId, chosen.protagonistId);
  const own = await tx.protagonist.findMany({
    where: {
      guildId: actor.guildId,
      campaignId: campaign.id,
      ownerId: actor.userId,
      status: "active",
    },
    select: { id: true },
    take: 2,
  });
  const only = own.length === 1 ? own[0] : undefined;
  if (only) return loadProtagonist(tx, actor.guildId, only.id);
  throw invalid(
    own.length === 0
      ? `You have no active Protagonist in **${displayText(campaign.name)}**. Create one with \`/protagonist create\`.`
      : "You play several Protagonists here: choose one with `/protagonist select` (or name it in the command).",
  );
}
