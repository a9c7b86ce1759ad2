/** Builders for complete Discord API objects (typed against discord-api-types so nothing required is missing). */
import {
  ApplicationFlags,
  ApplicationWebhookEventStatus,
  ChannelFlags,
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  MessageFlags,
  RoleFlags,
  ThreadAutoArchiveDuration,
  UserFlags,
} from "discord.js";
import type {
  APIApplication,
  APIAttachment,
  APIEmbed,
  APIGuildCategoryChannel,
  APIGuildMember,
  APIGuildVoiceChannel,
  APIMessage,
  APIMessageInteractionMetadata,
  APIPublicThreadChannel,
  APIRole,
  APITextChannel,
  APIUser,
  GatewayGuildCreateDispatchData,
  Locale,
  MessageType,
} from "discord.js";
import { bitfield } from "./guards.js";
import { nextSnowflake } from "./snowflake.js";
import type { FakeUserInit } from "./types.js";

export type FakeGuildChannel =
  APITextChannel | APIGuildCategoryChannel | APIGuildVoiceChannel | APIPublicThreadChannel;

export function isThread(channel: FakeGuildChannel): channel is APIPublicThreadChannel {
  return channel.type === ChannelType.PublicThread;
}

export function buildUser(
  init: FakeUserInit | undefined,
  fallbackName: string,
  bot = false,
): APIUser {
  const username = init?.username ?? fallbackName;
  return {
    id: init?.id ?? nextSnowflake(),
    username,
    discriminator: bot ? "0001" : "0",
    global_name: init?.globalName === undefined ? (bot ? null : username) : init.globalName,
    avatar: init?.avatar ?? null,
    bot: init?.bot ?? bot,
    system: false,
    banner: null,
    accent_color: null,
    flags: bitfield(UserFlags, 0),
    public_flags: bitfield(UserFlags, 0),
    avatar_decoration_data: null,
  };
}

export function buildRole(init: {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  color?: number;
  botId?: string;
}): APIRole {
  const color = init.color ?? 0;
  return {
    id: init.id,
    name: init.name,
    // Deprecated for requests, but Discord still returns it and the type requires it.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    color,
    colors: { primary_color: color, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: init.position,
    permissions: init.permissions.toString(),
    managed: init.botId !== undefined,
    mentionable: false,
    flags: bitfield(RoleFlags, 0),
    ...(init.botId === undefined ? {} : { tags: { bot_id: init.botId } }),
  };
}

export function buildChannel(init: {
  id: string;
  guildId: string;
  name: string;
  type: FakeGuildChannel["type"];
  position: number;
  parentId: string | null;
  topic: string | null;
  archived?: boolean;
}): FakeGuildChannel {
  const base = {
    id: init.id,
    guild_id: init.guildId,
    name: init.name,
    position: init.position,
    permission_overwrites: [],
    flags: bitfield(ChannelFlags, 0),
  };
  switch (init.type) {
    case ChannelType.GuildCategory:
      return { ...base, type: ChannelType.GuildCategory, parent_id: null, nsfw: false };
    case ChannelType.GuildVoice:
      return {
        ...base,
        type: ChannelType.GuildVoice,
        parent_id: init.parentId,
        nsfw: false,
        bitrate: 64000,
        user_limit: 0,
        rtc_region: null,
        rate_limit_per_user: 0,
        last_message_id: null,
      };
    case ChannelType.PublicThread:
      if (init.parentId === null)
        throw new Error(`fake Discord: thread ${init.name} needs a parentId`);
      return {
        ...base,
        type: ChannelType.PublicThread,
        parent_id: init.parentId,
        nsfw: false,
        last_message_id: null,
        last_pin_timestamp: null,
        rate_limit_per_user: 0,
        message_count: 0,
        member_count: 1,
        total_message_sent: 0,
        thread_metadata: {
          archived: init.archived ?? false,
          auto_archive_duration: ThreadAutoArchiveDuration.OneDay,
          archive_timestamp: new Date().toISOString(),
          locked: false,
          create_timestamp: new Date().toISOString(),
        },
      };
    case ChannelType.GuildText:
      return {
        ...base,
        type: ChannelType.GuildText,
        parent_id: init.parentId,
        nsfw: false,
        topic: init.topic,
        last_message_id: null,
        last_pin_timestamp: null,
        rate_limit_per_user: 0,
        default_auto_archive_duration: ThreadAutoArchiveDuration.OneDay,
        default_thread_rate_limit_per_user: 0,
      };
  }
}

export function buildMember(
  user: APIUser,
  roles: readonly string[],
  joinedAt: string,
  nick: string | null = null,
): APIGuildMember {
  return {
    user,
    nick,
    avatar: null,
    banner: null,
    roles: [...roles],
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: bitfield(GuildMemberFlags, 0),
    pending: false,
    communication_disabled_until: null,
  };
}

export interface GuildSnapshot {
  id: string;
  name: string;
  ownerId: string;
  applicationId: string;
  preferredLocale: Locale;
  joinedAt: string;
  roles: readonly APIRole[];
  channels: readonly FakeGuildChannel[];
  members: readonly APIGuildMember[];
}

/** GUILD_CREATE: the full guild, as Discord sends it once per guild after READY. */
export function buildGuildCreate(guild: GuildSnapshot): GatewayGuildCreateDispatchData {
  const firstText = guild.channels.find((channel) => channel.type === ChannelType.GuildText);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: [...guild.roles],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: firstText?.id ?? null,
    system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotificationReplies,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500000,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: guild.preferredLocale,
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    joined_at: guild.joinedAt,
    large: false,
    unavailable: false,
    member_count: guild.members.length,
    voice_states: [],
    members: [...guild.members],
    // Discord streams threads apart from channels, and only the active ones.
    channels: guild.channels.filter((channel) => !isThread(channel)),
    threads: guild.channels.filter(
      (channel): channel is APIPublicThreadChannel =>
        isThread(channel) && channel.thread_metadata?.archived !== true,
    ),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function buildApplication(
  id: string,
  bot: APIUser,
  installTypes: readonly number[],
): APIApplication {
  return {
    id,
    name: bot.username,
    icon: null,
    description: "Fake application for end-to-end tests",
    bot_public: false,
    bot_require_code_grant: false,
    verify_key: "0".repeat(64),
    team: null,
    owner: bot,
    // Required by the type (and still sent by Discord) though deprecated.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    summary: "",
    flags: ApplicationFlags.GatewayMessageContentLimited,
    flags_new: String(ApplicationFlags.GatewayMessageContentLimited),
    bot,
    approximate_guild_count: 1,
    approximate_user_install_count: 0,
    redirect_uris: [],
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
    event_webhooks_url: null,
    event_webhooks_status: ApplicationWebhookEventStatus.Disabled,
    // Its keys are the installation contexts the app supports.
    integration_types_config: Object.fromEntries(
      installTypes.map((type) => [type, { oauth2_install_params: undefined }]),
    ),
  };
}

export interface MessageInit {
  channelId: string;
  guildId: string | undefined;
  author: APIUser;
  type: MessageType;
  flags: number;
  content: string;
  embeds: APIEmbed[];
  components: APIMessage["components"];
  attachments: APIAttachment[];
  /** Set for messages sent through an interaction webhook. */
  applicationId?: string;
  interactionMetadata?: APIMessageInteractionMetadata;
}

export function buildMessage(init: MessageInit): APIMessage & { guild_id?: string } {
  const message: APIMessage & { guild_id?: string } = {
    id: nextSnowflake(),
    channel_id: init.channelId,
    author: init.author,
    content: init.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: init.attachments,
    embeds: init.embeds,
    pinned: false,
    type: init.type,
    flags: bitfield(MessageFlags, init.flags),
    components: init.components ?? [],
  };
  if (init.guildId !== undefined) message.guild_id = init.guildId;
  if (init.applicationId !== undefined) {
    message.webhook_id = init.applicationId;
    message.application_id = init.applicationId;
  }
  if (init.interactionMetadata !== undefined)
    message.interaction_metadata = init.interactionMetadata;
  return message;
}
