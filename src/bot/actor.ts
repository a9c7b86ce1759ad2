import { PermissionFlagsBits, type BaseInteraction } from "discord.js";
import type { Actor } from "../services/actor.js";
import { UserError } from "./user-facing-error.js";

/**
 * Who is acting, from an interaction: guild, user, channel (and a thread's parent channel), the
 * member's roles, and whether they hold Manage Server (such members are GMs of every campaign).
 * Commands are guild-only.
 */
export function actorFrom(interaction: BaseInteraction): Actor {
  const { guildId, channelId } = interaction;
  if (!guildId || !channelId) throw new UserError("This command works in a server channel only.");
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
