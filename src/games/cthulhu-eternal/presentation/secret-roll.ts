import { isRefusal } from "./refusals.js";
import {
  DiscordAPIError,
  PermissionFlagsBits,
  type APIEmbed,
  type BaseInteraction,
  type ChatInputCommandInteraction,
  type GuildBasedChannel,
  type JSONEncodable,
} from "discord.js";
import type { Actor } from "../../../core/access/actor.js";
import { UserError } from "../../../core/discord/user-facing-error.js";
import type { BotServices } from "../game.js";

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
    if (isRefusal(error)) return { gmChannelId: null };
    throw error;
  }
  if (campaign.secretRollMode === "off") {
    throw new UserError(`Secret rolls are off in **${campaign.name}**: roll without \`secret\`.`);
  }
  return { gmChannelId: campaign.secretRollMode === "gm-channel" ? campaign.gmChannelId : null };
}

/** What the bot needs in the GM channel to post a copy there. */
const GM_CHANNEL_PERMISSIONS = [
  ["View Channel", PermissionFlagsBits.ViewChannel],
  ["Send Messages", PermissionFlagsBits.SendMessages],
  ["Embed Links", PermissionFlagsBits.EmbedLinks],
] as const;

/** Discord's "Missing Access" (the channel cannot be seen) and "Missing Permissions". */
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;

/**
 * The channel picked as GM channel, if it is a text channel of this server: an id of another
 * server's channel is refused, so copies of secret rolls never leave the campaign's server.
 * Asked of Discord, not of discord.js's caches: discord.js files a channel an interaction's
 * options resolve under that interaction's server, wherever it really is.
 */
export async function gmChannelOfThisServer(
  interaction: ChatInputCommandInteraction,
  channelId: string,
): Promise<string> {
  const channel = await interaction.client.channels
    .fetch(channelId, { force: true, cache: false })
    .catch(() => null);
  if (
    channel === null ||
    channel.isDMBased() ||
    channel.guildId !== interaction.guildId ||
    !channel.isSendable()
  ) {
    throw new UserError(
      "Pick a text channel of this server for `gm-channel`: nothing was changed.",
    );
  }
  return channel.id;
}

/**
 * Posts a copy of a secret roll to the GM channel; pings nobody. Checked again before posting:
 * only a channel of the roller's server. Returns a warning for the roller when the copy could not
 * be posted (the roll itself stands), else undefined.
 */
export async function postToGmChannel(
  interaction: BaseInteraction,
  channelId: string,
  actor: Actor,
  embed: JSONEncodable<APIEmbed>,
): Promise<string | undefined> {
  const channel = await interaction.client.channels.fetch(channelId).catch(() => null);
  if (channel === null || channel.isDMBased() || channel.guildId !== actor.guildId) {
    return "⚠️ No copy went to the GM: the campaign's GM channel is not a channel of this server any more. Tell your GM to set `gm-channel` again.";
  }
  const missing = missingPermissions(channel, interaction.client.user.id);
  if (missing.length === 0 && channel.isSendable()) {
    try {
      await channel.send({
        content: `Secret roll by <@${actor.userId}>:`,
        embeds: [embed],
        allowedMentions: { parse: [] },
      });
      return undefined;
    } catch (error) {
      const code = error instanceof DiscordAPIError ? error.code : undefined;
      if (code === MISSING_ACCESS) missing.push("View Channel");
      else if (code === MISSING_PERMISSIONS) missing.push("Send Messages", "Embed Links");
      else throw error;
    }
  }
  const needed = missing.length > 0 ? missing : GM_CHANNEL_PERMISSIONS.map(([name]) => name);
  return `⚠️ No copy went to the GM: the bot lacks **${needed.join("**, **")}** in <#${channel.id}>. Tell your GM to grant it there (channel settings → Permissions).`;
}

/** For the roller when Discord did not take the GM's copy for another reason (an outage). */
export const gmCopyFailed =
  "⚠️ No copy went to the GM: Discord did not take it just now. Tell your GM the result yourself.";

/** The GM-channel permissions the bot lacks there, as far as its cache knows. */
function missingPermissions(channel: GuildBasedChannel, botUserId: string): string[] {
  const granted = channel.permissionsFor(botUserId);
  if (granted === null) return [];
  return GM_CHANNEL_PERMISSIONS.filter(([, bit]) => !granted.has(bit)).map(([name]) => name);
}
