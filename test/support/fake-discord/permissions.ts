/** Permission arithmetic the fake needs to fill `member.permissions` and `app_permissions` like Discord. */
import { PermissionFlagsBits } from "discord.js";
import type { APIRole } from "discord.js";

const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export const DEFAULT_EVERYONE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.CreateInstantInvite |
  PermissionFlagsBits.ChangeNickname |
  PermissionFlagsBits.Connect |
  PermissionFlagsBits.Speak |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads;

export const DEFAULT_BOT_PERMISSIONS =
  DEFAULT_EVERYONE_PERMISSIONS |
  PermissionFlagsBits.ManageMessages |
  PermissionFlagsBits.ManageThreads;

export function toPermissionBits(value: bigint | string | undefined, fallback: bigint): bigint {
  if (value === undefined) return fallback;
  return typeof value === "bigint" ? value : BigInt(value);
}

/** Guild-level permissions of a member (channel overwrites are not modelled: channels have none). */
export function memberPermissions(
  guild: { id: string; ownerId: string; roles: readonly APIRole[] },
  userId: string,
  roleIds: readonly string[],
): bigint {
  if (userId === guild.ownerId) return ALL_PERMISSIONS;
  let bits = 0n;
  for (const role of guild.roles) {
    if (role.id === guild.id || roleIds.includes(role.id)) bits |= BigInt(role.permissions);
  }
  return (bits & PermissionFlagsBits.Administrator) !== 0n ? ALL_PERMISSIONS : bits;
}
