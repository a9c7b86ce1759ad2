/** Complete INTERACTION_CREATE payloads, shaped like the ones Discord sends (guild or DM). */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonStyle,
  ComponentType,
  InteractionType,
  MessageType,
} from "discord.js";
import type {
  APIApplicationCommandAutocompleteInteraction,
  APIChatInputApplicationCommandInteraction,
  APIInteractionDataResolved,
  APIMessageComponentInteraction,
  APIModalSubmitInteraction,
  APIComponentInMessageActionRow,
} from "discord.js";
import {
  assertOffered,
  baseFields,
  commandGuildOf,
  guildOf,
  ownersOf,
  resolveContext,
  type InteractionContextInit,
} from "./interaction-context.js";
import {
  buildCommandOptions,
  addResolved,
  type CommandOptionsInit,
} from "./interaction-options.js";
import { buildModalSubmission, type ModalFieldValue } from "./modal-submission.js";
import { buildMessage } from "./payloads.js";
import { nextSnowflake } from "./snowflake.js";
import type { FakeWorld, StoredApiMessage } from "./world.js";
import type { JsonRecord } from "./guards.js";

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
