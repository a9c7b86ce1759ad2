/**
 * Where an interaction happens and the fields that follow from it: the channel and user, the
 * installations that authorize it, whether a client would offer the command there, and the
 * identity and permission fields every INTERACTION_CREATE payload shares.
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  Locale,
  PermissionFlagsBits,
} from "discord.js";
import type { APIApplicationCommand, APIDMChannel, APIUser } from "discord.js";
import type { FakeGuildChannel } from "./payloads.js";
import { DEFAULT_BOT_PERMISSIONS, toPermissionBits } from "./permissions.js";
import { nextSnowflake, randomToken } from "./snowflake.js";
import type { FakeUserInit } from "./types.js";
import type { FakePrivateChannel, FakeWorld, GuildState, StoredApiMessage } from "./world.js";

/** Where and by whom an interaction happens. */
export interface InteractionContextInit {
  /** Guild to act in (default: the first guild); `null` for a DM with the bot. */
  guildId?: string | null;
  /** Default: the guild's first text channel (or the component's message channel). */
  channelId?: string;
  /** A user init or id; default: the fake's "tester" user. */
  user?: FakeUserInit | string;
  /** Role ids or names the member has (default: their current roles, none for new members). */
  roles?: string[];
  /** Overrides `member.permissions` (default: computed from roles; the owner has all). */
  memberPermissions?: bigint | string;
  locale?: Locale;
  /**
   * With `guildId: null`: a DM with another user, or a group DM, instead of the bot's DM. Only
   * commands installed on the user's account (`installToUser`) reach these.
   */
  privateChannel?: "dm" | "group-dm";
}

export interface InteractionContext {
  guild: GuildState | undefined;
  channel: FakeGuildChannel | APIDMChannel | FakePrivateChannel;
  user: APIUser;
  /** Where it happens: a server, the bot's DM, or another DM or group DM. */
  where: InteractionContextType;
}

export function resolveContext(
  world: FakeWorld,
  init: InteractionContextInit,
  channelHint?: string,
): InteractionContext {
  const user = world.resolveUser(init.user);
  const channelId = init.channelId ?? channelHint;
  if (init.guildId === null) {
    const known = channelId === undefined ? undefined : world.privateChannels.get(channelId);
    if (known !== undefined || init.privateChannel !== undefined) {
      const channel = known ?? world.privateChannelFor(user, init.privateChannel ?? "dm");
      return { guild: undefined, channel, user, where: InteractionContextType.PrivateChannel };
    }
    const dm = channelId === undefined ? undefined : world.dmChannels.get(channelId);
    return {
      guild: undefined,
      channel: dm ?? world.dmChannelFor(user),
      user,
      where: InteractionContextType.BotDM,
    };
  }
  if (channelId !== undefined && init.guildId === undefined) {
    const found = world.findChannel(channelId);
    if (found === undefined) throw new Error(`fake Discord: unknown channel ${channelId}`);
    const where = found.guild ? InteractionContextType.Guild : InteractionContextType.BotDM;
    return { guild: found.guild, channel: found.channel, user, where };
  }
  const guild = world.guild(init.guildId);
  const channel =
    channelId === undefined
      ? world.defaultTextChannel(guild)
      : guild.channels.find((candidate) => candidate.id === channelId);
  if (channel === undefined) {
    throw new Error(`fake Discord: channel ${String(channelId)} is not in guild ${guild.name}`);
  }
  return { guild, channel, user, where: InteractionContextType.Guild };
}

/** What the app may do in a channel it reaches only through a user's install (Discord's note on app_permissions). */
const USER_INSTALL_PERMISSIONS =
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.MentionEveryone |
  PermissionFlagsBits.UseExternalApps;

export type IntegrationOwners = Partial<Record<ApplicationIntegrationType, string>>;

/** The installations a command has: a guild command its guild's; a global one as registered. */
function installTypesOf(world: FakeWorld, command: APIApplicationCommand): readonly number[] {
  if (command.guild_id !== undefined) return [ApplicationIntegrationType.GuildInstall];
  return command.integration_types ?? world.installTypes;
}

/**
 * `authorizing_integration_owners`: the server's install where the bot is in it (its bot DM:
 * "0"), and the user's own install where they made one, each only if the command (when there is
 * one) supports that installation.
 */
export function ownersOf(
  world: FakeWorld,
  context: InteractionContext,
  command?: APIApplicationCommand,
): IntegrationOwners {
  const types = command === undefined ? [0, 1] : installTypesOf(world, command);
  const owners: IntegrationOwners = {};
  if (types.includes(ApplicationIntegrationType.GuildInstall)) {
    if (context.where === InteractionContextType.BotDM)
      owners[ApplicationIntegrationType.GuildInstall] = "0";
    if (context.guild?.botInstalled === true) {
      owners[ApplicationIntegrationType.GuildInstall] = context.guild.id;
    }
  }
  if (
    types.includes(ApplicationIntegrationType.UserInstall) &&
    world.hasUserInstall(context.user.id)
  ) {
    owners[ApplicationIntegrationType.UserInstall] = context.user.id;
  }
  return owners;
}

const CONTEXT_NAMES = ["a server", "the bot's DM", "a DM or group DM"] as const;

/**
 * Throws where a Discord client would not offer the command: outside its `contexts`, where no
 * installation of it reaches (a server without the bot, a group DM without a user install), or
 * to a member lacking its `default_member_permissions` (Administrator passes).
 */
export function assertOffered(
  world: FakeWorld,
  context: InteractionContext,
  command: APIApplicationCommand | undefined,
  owners: IntegrationOwners,
  init: InteractionContextInit,
): void {
  if (command === undefined) return;
  const everywhere = [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ];
  const contexts =
    command.guild_id === undefined
      ? (command.contexts ?? everywhere)
      : [InteractionContextType.Guild];
  const where = CONTEXT_NAMES[context.where];
  if (!contexts.includes(context.where)) {
    throw new Error(
      `fake Discord: /${command.name} is not offered in ${where} (contexts ${contexts.join(",")})`,
    );
  }
  if (Object.keys(owners).length === 0) {
    throw new Error(`fake Discord: no installation of the app offers /${command.name} in ${where}`);
  }
  const guild = context.guild;
  const required = command.default_member_permissions;
  if (guild === undefined || owners[ApplicationIntegrationType.UserInstall] !== undefined) return;
  if (required === null) return;
  const has = toPermissionBits(init.memberPermissions, world.permissionsOf(guild, context.user.id));
  const administrator = (has & PermissionFlagsBits.Administrator) !== 0n;
  const needed = BigInt(required);
  if (!administrator && (needed === 0n || (has & needed) !== needed)) {
    throw new Error(
      `fake Discord: /${command.name} is hidden from this member (default_member_permissions ${required})`,
    );
  }
}

/** The fields every interaction shares: identity, where it happened, who did it, permissions. */
export function baseFields(
  world: FakeWorld,
  context: InteractionContext,
  init: InteractionContextInit,
  owners: IntegrationOwners,
) {
  const { guild, channel, user } = context;
  const common = {
    id: nextSnowflake(),
    application_id: world.applicationId,
    token: randomToken(),
    version: 1 as const,
    locale: init.locale ?? Locale.EnglishUS,
    channel_id: channel.id,
    entitlements: [],
    attachment_size_limit: 10 * 1024 * 1024,
  };
  if (guild === undefined) {
    const botDm = context.where === InteractionContextType.BotDM;
    return {
      ...common,
      user,
      channel: { ...channel },
      app_permissions: (botDm ? DEFAULT_BOT_PERMISSIONS : USER_INSTALL_PERMISSIONS).toString(),
      authorizing_integration_owners: owners,
      context: context.where,
    };
  }
  const member = world.ensureMember(guild, user, init.roles);
  const permissions = toPermissionBits(init.memberPermissions, world.permissionsOf(guild, user.id));
  return {
    ...common,
    guild_id: guild.id,
    guild: { id: guild.id, locale: guild.preferredLocale, features: [] },
    guild_locale: guild.preferredLocale,
    channel: { ...channel, permissions: permissions.toString() },
    member: { ...member, user, permissions: permissions.toString() },
    app_permissions: (guild.botInstalled
      ? world.permissionsOf(guild, world.botUser.id)
      : USER_INSTALL_PERMISSIONS | PermissionFlagsBits.UseExternalEmojis
    ).toString(),
    authorizing_integration_owners: owners,
    context: InteractionContextType.Guild,
  };
}

/** The guild whose commands the user sees: only a server the bot is in has them. */
export function commandGuildOf(context: InteractionContext): string | undefined {
  return context.guild?.botInstalled === true ? context.guild.id : undefined;
}

/** Components act where their message is: its guild, or the DM if it has none. */
export function guildOf(init: InteractionContextInit, message: StoredApiMessage): string | null {
  if (init.guildId !== undefined) return init.guildId;
  return message.guild_id ?? null;
}
