/** The fake's model of Discord: users, guilds, channels, messages and registered commands. */
import { ChannelType, Locale } from "discord.js";
import type {
  APIApplicationCommand,
  APIDMChannel,
  APIGroupDMChannel,
  APIGuildMember,
  APIMessage,
  APIRole,
  APIUser,
} from "discord.js";
import {
  DEFAULT_BOT_PERMISSIONS,
  DEFAULT_EVERYONE_PERMISSIONS,
  memberPermissions,
  toPermissionBits,
} from "./permissions.js";
import {
  buildChannel,
  buildMember,
  buildRole,
  buildUser,
  type FakeGuildChannel,
  type GuildSnapshot,
} from "./payloads.js";
import { nextSnowflake } from "./snowflake.js";
import type { FakeGuildInit, FakeUserInit, StartFakeDiscordOptions } from "./types.js";

export interface GuildState {
  id: string;
  name: string;
  ownerId: string;
  preferredLocale: Locale;
  joinedAt: string;
  roles: APIRole[];
  channels: FakeGuildChannel[];
  members: Map<string, APIGuildMember>;
  botRoleId: string;
  /** False for a server the bot is not in (see `externalGuilds`). */
  botInstalled: boolean;
}

/** A DM between users (not the bot's), or a group DM: where only user installs reach. */
export type FakePrivateChannel = APIDMChannel | APIGroupDMChannel;

export type StoredApiMessage = APIMessage & { guild_id?: string };

export interface StoredMessage {
  message: StoredApiMessage;
  /** Ephemeral messages exist only for the interaction's webhook, not in the channel. */
  ephemeral: boolean;
  deleted: boolean;
}

export type CommandScope = "global" | { guildId: string };

export class FakeWorld {
  readonly applicationId: string;
  readonly botUser: APIUser;
  /** The user interactions come from when a test names none. */
  readonly defaultUser: APIUser;
  readonly users = new Map<string, APIUser>();
  readonly guilds = new Map<string, GuildState>();
  readonly dmChannels = new Map<string, APIDMChannel>();
  /** Users whose direct messages are closed to the bot (privacy settings, or it is blocked). */
  readonly closedDms = new Set<string>();
  readonly privateChannels = new Map<string, FakePrivateChannel>();
  /** Servers the bot is not in; never streamed to the bot. */
  readonly externalGuilds = new Map<string, GuildState>();
  readonly messages = new Map<string, StoredMessage>();
  /** StartFakeDiscordOptions.historyLimit. */
  readonly historyLimit: number | undefined;
  /** Whether the app may be installed on user accounts. */
  readonly userInstallable: boolean;
  /** Users who installed the app on their account. */
  private readonly userInstalls = new Set<string>();
  private readonly commands = new Map<string, APIApplicationCommand[]>();

  constructor(options: StartFakeDiscordOptions) {
    this.botUser = this.addUser(buildUser({ ...options.botUser, bot: true }, "Fake Bot", true));
    this.applicationId = options.applicationId ?? this.botUser.id;
    this.defaultUser = this.addUser(buildUser(undefined, "tester"));
    this.userInstallable = options.userInstall === true;
    this.historyLimit = options.historyLimit;
    const inits = options.guilds ?? [{}];
    for (const init of inits) this.addGuild(init, true);
    for (const init of options.externalGuilds ?? []) this.addGuild(init, false);
  }

  /** Where the app may be installed: servers, and user accounts when `userInstall` is on. */
  get installTypes(): readonly number[] {
    return this.userInstallable ? [0, 1] : [0];
  }

  /** The user installs the app on their account (Discord's "Add to My Apps"). */
  installToUser(userId: string): void {
    if (!this.userInstallable) {
      throw new Error("fake Discord: this app can't be installed on user accounts (userInstall)");
    }
    this.userInstalls.add(userId);
  }

  hasUserInstall(userId: string): boolean {
    return this.userInstalls.has(userId);
  }

  /** A DM of `user` with another (made-up) user, or a group DM of three. */
  privateChannelFor(user: APIUser, kind: "dm" | "group-dm"): FakePrivateChannel {
    const others = kind === "dm" ? 1 : 2;
    const recipients = Array.from({ length: others }, (_, index) =>
      this.resolveUser({ username: `friend${index + 1}` }),
    );
    const channel: FakePrivateChannel =
      kind === "dm"
        ? {
            id: nextSnowflake(),
            type: ChannelType.DM,
            name: null,
            recipients,
            last_message_id: null,
          }
        : {
            id: nextSnowflake(),
            type: ChannelType.GroupDM,
            name: null,
            icon: null,
            owner_id: user.id,
            recipients,
            last_message_id: null,
          };
    this.privateChannels.set(channel.id, channel);
    return channel;
  }

  addUser(user: APIUser): APIUser {
    this.users.set(user.id, user);
    return user;
  }

  /** A user by id (created with that id if unknown) or from an init; the default tester otherwise. */
  resolveUser(user: FakeUserInit | string | undefined): APIUser {
    if (user === undefined) return this.defaultUser;
    if (typeof user === "string") {
      return this.users.get(user) ?? this.addUser(buildUser({ id: user }, `user${user.slice(-4)}`));
    }
    if (user.id !== undefined) {
      const known = this.users.get(user.id);
      if (known !== undefined) return known;
    }
    return this.addUser(buildUser(user, user.username ?? "user"));
  }

  private addGuild(init: FakeGuildInit, botInstalled: boolean): GuildState {
    const id = init.id ?? nextSnowflake();
    const joinedAt = new Date().toISOString();
    const owner = this.resolveUser(init.owner ?? { username: "owner" });
    const botRoleId = nextSnowflake();
    const roles: APIRole[] = [
      buildRole({
        id,
        name: "@everyone",
        permissions: toPermissionBits(init.everyonePermissions, DEFAULT_EVERYONE_PERMISSIONS),
        position: 0,
      }),
      // The bot's managed role exists only where the bot was added.
      ...(botInstalled
        ? [
            buildRole({
              id: botRoleId,
              name: this.botUser.username,
              permissions: toPermissionBits(init.botPermissions, DEFAULT_BOT_PERMISSIONS),
              position: 1,
              botId: this.botUser.id,
            }),
          ]
        : []),
    ];
    (init.roles ?? []).forEach((role, index) => {
      roles.push(
        buildRole({
          id: role.id ?? nextSnowflake(),
          name: role.name,
          permissions: toPermissionBits(role.permissions, 0n),
          position: index + 2,
          ...(role.color === undefined ? {} : { color: role.color }),
        }),
      );
    });
    const channelInits = init.channels ?? [{ name: "general" }];
    const channels = channelInits.map((channel, index) =>
      buildChannel({
        id: channel.id ?? nextSnowflake(),
        guildId: id,
        name: channel.name ?? `channel-${index}`,
        type: channel.type ?? ChannelType.GuildText,
        position: index,
        parentId: channel.parentId ?? null,
        topic: channel.topic ?? null,
        ...(channel.archived === undefined ? {} : { archived: channel.archived }),
      }),
    );
    const guild: GuildState = {
      id,
      name: init.name ?? "Fake Guild",
      ownerId: owner.id,
      preferredLocale: init.preferredLocale ?? Locale.EnglishUS,
      joinedAt,
      roles,
      channels,
      members: new Map(),
      botRoleId,
      botInstalled,
    };
    guild.members.set(owner.id, buildMember(owner, [], joinedAt));
    if (botInstalled) {
      guild.members.set(this.botUser.id, buildMember(this.botUser, [botRoleId], joinedAt));
    }
    for (const member of init.members ?? []) {
      const user = this.resolveUser(member.user);
      const roleIds = (member.roles ?? []).map((ref) => this.roleId(guild, ref));
      guild.members.set(user.id, buildMember(user, roleIds, joinedAt, member.nick ?? null));
    }
    (botInstalled ? this.guilds : this.externalGuilds).set(id, guild);
    return guild;
  }

  /** Role id from an id or a name, failing loudly on typos in test setup. */
  roleId(guild: GuildState, ref: string): string {
    const role = guild.roles.find((candidate) => candidate.id === ref || candidate.name === ref);
    if (role === undefined) {
      throw new Error(`fake Discord: guild ${guild.name} has no role "${ref}"`);
    }
    return role.id;
  }

  /** A guild the bot is in, or (by id) a server it is not in. */
  guild(id?: string): GuildState {
    const guild =
      id === undefined
        ? this.guilds.values().next().value
        : (this.guilds.get(id) ?? this.externalGuilds.get(id));
    if (guild === undefined) {
      throw new Error(
        `fake Discord: no guild ${id ?? "(default)"}; configured: ${[...this.guilds.keys()].join(", ")}`,
      );
    }
    return guild;
  }

  defaultTextChannel(guild: GuildState): FakeGuildChannel {
    const channel = guild.channels.find((candidate) => candidate.type === ChannelType.GuildText);
    if (channel === undefined)
      throw new Error(`fake Discord: guild ${guild.name} has no text channel`);
    return channel;
  }

  snapshot(guild: GuildState): GuildSnapshot {
    return {
      id: guild.id,
      name: guild.name,
      ownerId: guild.ownerId,
      applicationId: this.applicationId,
      preferredLocale: guild.preferredLocale,
      joinedAt: guild.joinedAt,
      roles: guild.roles,
      channels: guild.channels,
      members: [...guild.members.values()],
    };
  }

  findChannel(
    id: string,
  ):
    | { guild: GuildState; channel: FakeGuildChannel }
    | { guild: undefined; channel: APIDMChannel }
    | undefined {
    for (const guild of [...this.guilds.values(), ...this.externalGuilds.values()]) {
      const channel = guild.channels.find((candidate) => candidate.id === id);
      if (channel !== undefined) return { guild, channel };
    }
    const dm = this.dmChannels.get(id);
    return dm === undefined ? undefined : { guild: undefined, channel: dm };
  }

  /** The member for `user`, joining them to the guild with `roles` if needed. */
  ensureMember(guild: GuildState, user: APIUser, roles?: readonly string[]): APIGuildMember {
    const existing = guild.members.get(user.id);
    if (existing !== undefined && roles === undefined) return existing;
    const roleIds = (roles ?? []).map((ref) => this.roleId(guild, ref));
    const member = existing
      ? { ...existing, roles: roleIds }
      : buildMember(user, roleIds, new Date().toISOString());
    guild.members.set(user.id, member);
    return member;
  }

  permissionsOf(guild: GuildState, userId: string): bigint {
    const member = guild.members.get(userId);
    return memberPermissions(guild, userId, member?.roles ?? []);
  }

  /** Whether the bot may post in this DM channel: not when its recipient closed their DMs. */
  dmClosed(channel: APIDMChannel): boolean {
    return channel.recipients?.some((recipient) => this.closedDms.has(recipient.id)) === true;
  }

  dmChannelFor(user: APIUser): APIDMChannel {
    for (const channel of this.dmChannels.values()) {
      if (channel.recipients?.some((recipient) => recipient.id === user.id) === true)
        return channel;
    }
    const channel: APIDMChannel = {
      id: nextSnowflake(),
      type: ChannelType.DM,
      name: null,
      recipients: [user],
      last_message_id: null,
    };
    this.dmChannels.set(channel.id, channel);
    return channel;
  }

  storeMessage(message: StoredApiMessage, ephemeral: boolean): StoredMessage {
    const stored: StoredMessage = { message, ephemeral, deleted: false };
    this.messages.set(message.id, stored);
    forgetOldest(this.messages, this.historyLimit);
    return stored;
  }

  /** Visible (non-ephemeral, not deleted) messages of a channel, oldest first. */
  channelMessages(channelId: string): StoredApiMessage[] {
    return [...this.messages.values()]
      .filter(
        (stored) => !stored.ephemeral && !stored.deleted && stored.message.channel_id === channelId,
      )
      .map((stored) => stored.message);
  }

  commandsIn(scope: CommandScope): APIApplicationCommand[] {
    return this.commands.get(scopeKey(scope)) ?? [];
  }

  setCommands(scope: CommandScope, commands: APIApplicationCommand[]): void {
    this.commands.set(scopeKey(scope), commands);
  }

  /** The command an interaction names: guild commands shadow global ones, like in the Discord client. */
  findCommand(name: string, guildId: string | undefined): APIApplicationCommand | undefined {
    const inGuild =
      guildId === undefined
        ? undefined
        : this.commandsIn({ guildId }).find((command) => command.name === name);
    return inGuild ?? this.commandsIn("global").find((command) => command.name === name);
  }
}

function scopeKey(scope: CommandScope): string {
  return scope === "global" ? "global" : `guild:${scope.guildId}`;
}

/** Drops a map's oldest entries (insertion order) beyond `limit`, telling `forget` of each. */
export function forgetOldest<K, V>(
  map: Map<K, V>,
  limit: number | undefined,
  forget?: (value: V) => void,
): void {
  if (limit === undefined) return;
  for (const [key, value] of map) {
    if (map.size <= limit) return;
    map.delete(key);
    forget?.(value);
  }
}
