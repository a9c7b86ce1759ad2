import type { APIEmbed, BaseInteraction, JSONEncodable } from "discord.js";
import type { Actor } from "../../services/actor.js";
import { isUserFacingError, UserError } from "../user-facing-error.js";
import type { BotServices } from "../services.js";

/**
 * Where a secret roll goes, checked BEFORE rolling, by the campaign the roll is logged in (the
 * tested Protagonist's, else the channel's): its mode "off" refuses it, "ephemeral" shows it to
 * the roller only (and the campaign's GMs in /history), "gm-channel" also posts it to its GM
 * channel (whose id this returns). Without a campaign a secret roll is simply private.
 */
export async function secretRollDestination(
  services: BotServices,
  actor: Actor,
  protagonistId: string | null,
): Promise<{ gmChannelId: string | null }> {
  let campaign;
  try {
    const campaignId = protagonistId
      ? (await services.protagonists.get({ actor, protagonistId })).campaign.id
      : null;
    campaign = await services.campaigns.current({ actor, campaignId });
  } catch (error) {
    if (isUserFacingError(error)) return { gmChannelId: null };
    throw error;
  }
  if (campaign.secretRollMode === "off") {
    throw new UserError(`Secret rolls are off in **${campaign.name}**: roll without \`secret\`.`);
  }
  return { gmChannelId: campaign.secretRollMode === "gm-channel" ? campaign.gmChannelId : null };
}

/** Posts a copy of a secret roll to the GM channel; pings nobody. */
export async function postToGmChannel(
  interaction: BaseInteraction,
  channelId: string,
  actor: Actor,
  embed: JSONEncodable<APIEmbed>,
): Promise<void> {
  const channel = await interaction.client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  await channel.send({
    content: `Secret roll by <@${actor.userId}>:`,
    embeds: [embed],
    allowedMentions: { parse: [] },
  });
}
