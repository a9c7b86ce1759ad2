import { PermissionFlagsBits, type BaseInteraction } from "discord.js";
import type { Actor } from "../access/actor.js";
import { UserError } from "./user-facing-error.js";

const OUTSIDE_SERVERS =
  "This command works in a channel of a server the bot has been added to, where your table plays.";

/**
 * Whether the interaction comes from a server the bot is installed in. `/roll` is also installed
 * on members' accounts, so it comes from DMs, group DMs and servers that have the bot only on a
 * member's account too: the bot keeps no table there (no campaign, nothing logged).
 */
export function inInstalledServer(interaction: BaseInteraction): boolean {
  const { guildId } = interaction;
  return guildId !== null && interaction.authorizingIntegrationOwners.guildId === guildId;
}

/** The actor in a server the bot is installed in; null anywhere else (see inInstalledServer). */
export function serverActorOf(interaction: BaseInteraction): Actor | null {
  return inInstalledServer(interaction) ? actorFrom(interaction) : null;
}

/**
 * Who is acting, from an interaction: guild, user, channel (and a thread's parent channel), the
 * member's roles, and whether they hold Manage Server (such members are GMs of every campaign).
 * Only in a server the bot is installed in; elsewhere it refuses, saying where the command works.
 */
export function actorFrom(interaction: BaseInteraction): Actor {
  const { guildId, channelId } = interaction;
  if (!guildId || !channelId || !inInstalledServer(interaction)) {
    throw new UserError(OUTSIDE_SERVERS);
  }
  // Discord sends the channel with every interaction; a thread's carries its parent's id.
  const channel = interaction.channel;
  const threadParentId = channel?.isThread() ? channel.parentId : null;
  const member = interaction.member;
  const roles = member?.roles;
  const roleIds = Array.isArray(roles) ? roles : roles ? [...roles.cache.keys()] : [];
  return {
    guildId,
    userId: interaction.user.id,
    channelId,
    threadParentId,
    roleIds: roleIds.filter((id) => id !== guildId),
    canManageGuild: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
  };
}
