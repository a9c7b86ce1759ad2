/** Complete INTERACTION_CREATE payloads, shaped like the ones Discord sends (guild or DM). */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ButtonStyle,
  ComponentType,
  InteractionContextType,
  InteractionType,
  Locale,
  MessageType,
  PermissionFlagsBits,
} from "discord.js";
import type {
  APIApplicationCommand,
  APIApplicationCommandAutocompleteInteraction,
  APIChatInputApplicationCommandInteraction,
  APIDMChannel,
  APIInteractionDataResolved,
  APIMessageComponentInteraction,
  APIModalSubmitInteraction,
  APIUser,
  APIComponentInMessageActionRow,
} from "discord.js";
import {
  buildCommandOptions,
  addResolved,
  type CommandOptionsInit,
} from "./interaction-options.js";
import { buildModalSubmission, type ModalFieldValue } from "./modal-submission.js";
import { buildMessage, type FakeGuildChannel } from "./payloads.js";
import { DEFAULT_BOT_PERMISSIONS, toPermissionBits } from "./permissions.js";
import { nextSnowflake, randomToken } from "./snowflake.js";
import type { FakeUserInit } from "./types.js";
import type { FakePrivateChannel, FakeWorld, GuildState, StoredApiMessage } from "./world.js";
import type { JsonRecord } from "./guards.js";

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

export interface SlashCommandInit
  extends InteractionContextInit, Omit<CommandOptionsInit, "focused"> {
  name: string;
}

export interface AutocompleteInit extends InteractionContextInit, CommandOptionsInit {
  name: string;
  /** The option the user is typing in. */
  focused: string;
}

export interface ComponentInitBase extends InteractionContextInit {
  customId: string;
  /** A message the fake knows (e.g. a handle's `original()` id). */
  messageId?: string;
  /** The message carrying the component; merged over a default bot message. */
  message?: Partial<StoredApiMessage>;
}

export type ButtonInit = ComponentInitBase;

export interface SelectInit extends ComponentInitBase {
  values: string[];
  /** Default: string select. */
  componentType?:
    | ComponentType.StringSelect
    | ComponentType.UserSelect
    | ComponentType.RoleSelect
    | ComponentType.MentionableSelect
    | ComponentType.ChannelSelect;
}

export interface ModalSubmitInit extends InteractionContextInit {
  customId: string;
  /** Field custom ids to values (text: string; selects: string[]). */
  fields?: Record<string, ModalFieldValue>;
  /** For modals opened from a component: the message it was on. */
  messageId?: string;
}

export interface BuiltInteraction<P> {
  payload: P;
  description: string;
  sourceMessageId: string | undefined;
}

interface Context {
  guild: GuildState | undefined;
  channel: FakeGuildChannel | APIDMChannel | FakePrivateChannel;
  user: APIUser;
  /** Where it happens: a server, the bot's DM, or another DM or group DM. */
  where: InteractionContextType;
}

function resolveContext(
  world: FakeWorld,
  init: InteractionContextInit,
  channelHint?: string,
): Context {
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

type Owners = Partial<Record<ApplicationIntegrationType, string>>;

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
function ownersOf(world: FakeWorld, context: Context, command?: APIApplicationCommand): Owners {
  const types = command === undefined ? [0, 1] : installTypesOf(world, command);
  const owners: Owners = {};
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
function assertOffered(
  world: FakeWorld,
  context: Context,
  command: APIApplicationCommand | undefined,
  owners: Owners,
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
function baseFields(
  world: FakeWorld,
  context: Context,
  init: InteractionContextInit,
  owners: Owners,
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

export function buildSlashCommand(
  world: FakeWorld,
  init: SlashCommandInit,
): BuiltInteraction<APIChatInputApplicationCommandInteraction> {
  const context = resolveContext(world, init);
  const command = world.findCommand(init.name, commandGuildOf(context));
  const owners = ownersOf(world, context, command);
  assertOffered(world, context, command, owners, init);
  const { options, resolved } = buildCommandOptions(world, context.guild, command, init, false);
  const payload: APIChatInputApplicationCommandInteraction = {
    ...baseFields(world, context, init, owners),
    type: InteractionType.ApplicationCommand,
    data: {
      id: command?.id ?? nextSnowflake(),
      name: init.name,
      type: ApplicationCommandType.ChatInput,
      ...(command?.guild_id === undefined ? {} : { guild_id: command.guild_id }),
      ...(options === undefined ? {} : { options }),
      ...(resolved === undefined ? {} : { resolved }),
    },
  };
  const path = [init.name, init.subcommandGroup, init.subcommand].filter(Boolean).join(" ");
  return { payload, description: `/${path}`, sourceMessageId: undefined };
}

export function buildAutocomplete(
  world: FakeWorld,
  init: AutocompleteInit,
): BuiltInteraction<APIApplicationCommandAutocompleteInteraction> {
  const context = resolveContext(world, init);
  const command = world.findCommand(init.name, commandGuildOf(context));
  const owners = ownersOf(world, context, command);
  assertOffered(world, context, command, owners, init);
  const { options } = buildCommandOptions(world, context.guild, command, init, true);
  const payload: APIApplicationCommandAutocompleteInteraction = {
    ...baseFields(world, context, init, owners),
    type: InteractionType.ApplicationCommandAutocomplete,
    data: {
      id: command?.id ?? nextSnowflake(),
      name: init.name,
      type: ApplicationCommandType.ChatInput,
      ...(command?.guild_id === undefined ? {} : { guild_id: command.guild_id }),
      options: options ?? [],
    },
  };
  return {
    payload,
    description: `autocomplete of /${init.name} (${init.focused})`,
    sourceMessageId: undefined,
  };
}

/** The message a component sits on: a known one, or a bot message carrying that component. */
function componentMessage(
  world: FakeWorld,
  init: ComponentInitBase,
  component: APIComponentInMessageActionRow,
): StoredApiMessage {
  if (init.messageId !== undefined) {
    const stored = world.messages.get(init.messageId);
    if (stored === undefined) throw new Error(`fake Discord: unknown message ${init.messageId}`);
    return stored.message;
  }
  const context = resolveContext(world, init, init.message?.channel_id);
  const base = buildMessage({
    channelId: context.channel.id,
    guildId: context.guild?.id,
    author: world.botUser,
    type: MessageType.Default,
    flags: 0,
    content: "",
    embeds: [],
    components: [{ type: ComponentType.ActionRow, components: [component] }],
    attachments: [],
  });
  const message: StoredApiMessage = { ...base, ...init.message };
  world.storeMessage(message, ((message.flags ?? 0) & 64) !== 0);
  return message;
}

export function buildButton(
  world: FakeWorld,
  init: ButtonInit,
): BuiltInteraction<APIMessageComponentInteraction> {
  const message = componentMessage(world, init, {
    type: ComponentType.Button,
    style: ButtonStyle.Primary,
    custom_id: init.customId,
    label: init.customId,
  });
  const context = resolveContext(
    world,
    { ...init, guildId: guildOf(init, message) },
    message.channel_id,
  );
  const payload: APIMessageComponentInteraction = {
    ...baseFields(world, context, init, ownersOf(world, context)),
    type: InteractionType.MessageComponent,
    message,
    data: { custom_id: init.customId, component_type: ComponentType.Button },
  };
  return { payload, description: `button "${init.customId}"`, sourceMessageId: message.id };
}

export function buildSelect(
  world: FakeWorld,
  init: SelectInit,
): BuiltInteraction<APIMessageComponentInteraction> {
  const componentType = init.componentType ?? ComponentType.StringSelect;
  const message = componentMessage(
    world,
    init,
    componentType === ComponentType.StringSelect
      ? {
          type: componentType,
          custom_id: init.customId,
          options: init.values.map((value) => ({ label: value, value })),
        }
      : { type: componentType, custom_id: init.customId },
  );
  const context = resolveContext(
    world,
    { ...init, guildId: guildOf(init, message) },
    message.channel_id,
  );
  const resolved: APIInteractionDataResolved = {};
  const optionType: Partial<Record<ComponentType, ApplicationCommandOptionType>> = {
    [ComponentType.UserSelect]: ApplicationCommandOptionType.User,
    [ComponentType.RoleSelect]: ApplicationCommandOptionType.Role,
    [ComponentType.MentionableSelect]: ApplicationCommandOptionType.Mentionable,
    [ComponentType.ChannelSelect]: ApplicationCommandOptionType.Channel,
  };
  const resolveAs = optionType[componentType];
  if (resolveAs !== undefined) {
    for (const value of init.values) addResolved(world, context.guild, resolved, resolveAs, value);
  }
  const data = {
    custom_id: init.customId,
    component_type: componentType,
    values: init.values,
    ...(resolveAs === undefined ? {} : { resolved }),
  } as APIMessageComponentInteraction["data"]; // the component_type/resolved pairing is guaranteed above
  const payload: APIMessageComponentInteraction = {
    ...baseFields(world, context, init, ownersOf(world, context)),
    type: InteractionType.MessageComponent,
    message,
    data,
  };
  return {
    payload,
    description: `select "${init.customId}" [${init.values.join(", ")}]`,
    sourceMessageId: message.id,
  };
}

export function buildModalSubmit(
  world: FakeWorld,
  init: ModalSubmitInit,
  template: JsonRecord | undefined,
): BuiltInteraction<APIModalSubmitInteraction> {
  const source =
    init.messageId === undefined ? undefined : world.messages.get(init.messageId)?.message;
  if (init.messageId !== undefined && source === undefined) {
    throw new Error(`fake Discord: unknown message ${init.messageId}`);
  }
  const context = resolveContext(
    world,
    source === undefined ? init : { ...init, guildId: guildOf(init, source) },
    source?.channel_id,
  );
  const payload: APIModalSubmitInteraction = {
    ...baseFields(world, context, init, ownersOf(world, context)),
    type: InteractionType.ModalSubmit,
    ...(source === undefined ? {} : { message: source }),
    data: {
      custom_id: init.customId,
      components: buildModalSubmission(init.customId, init.fields ?? {}, template),
    },
  };
  return { payload, description: `modal submit "${init.customId}"`, sourceMessageId: source?.id };
}

/** The guild whose commands the user sees: only a server the bot is in has them. */
function commandGuildOf(context: Context): string | undefined {
  return context.guild?.botInstalled === true ? context.guild.id : undefined;
}

/** Components act where their message is: its guild, or the DM if it has none. */
function guildOf(init: InteractionContextInit, message: StoredApiMessage): string | null {
  if (init.guildId !== undefined) return init.guildId;
  return message.guild_id ?? null;
}
