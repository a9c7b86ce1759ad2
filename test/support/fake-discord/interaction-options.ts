/**
 * Turns a test's `{ name: value }` options into Discord's typed option tree plus `resolved`, using
 * the command the bot registered (so option types, subcommands and choices match what a real
 * Discord client could send, and test typos fail loudly instead of producing odd payloads).
 */
import { ApplicationCommandOptionType } from "discord.js";
import type {
  APIApplicationCommand,
  APIApplicationCommandInteractionDataBasicOption,
  APIApplicationCommandInteractionDataOption,
  APIApplicationCommandOption,
  APIInteractionDataResolved,
} from "discord.js";
import type { GuildState, FakeWorld } from "./world.js";

export type SimpleOptionValue = string | number | boolean;

export interface CommandOptionsInit {
  subcommandGroup?: string;
  subcommand?: string;
  /** `{ name: value }` (types taken from the registered command), or raw Discord options. */
  options?: Record<string, SimpleOptionValue> | APIApplicationCommandInteractionDataOption[];
  /** Autocomplete only: the option being typed in. */
  focused?: string;
}

export interface BuiltOptions {
  options: APIApplicationCommandInteractionDataOption[] | undefined;
  resolved: APIInteractionDataResolved | undefined;
}

const ID_TYPES = new Set<ApplicationCommandOptionType>([
  ApplicationCommandOptionType.User,
  ApplicationCommandOptionType.Channel,
  ApplicationCommandOptionType.Role,
  ApplicationCommandOptionType.Mentionable,
]);

export function buildCommandOptions(
  world: FakeWorld,
  guild: GuildState | undefined,
  command: APIApplicationCommand | undefined,
  init: CommandOptionsInit,
  autocomplete: boolean,
): BuiltOptions {
  if (Array.isArray(init.options)) return { options: init.options, resolved: undefined };
  const label = `/${[command?.name, init.subcommandGroup, init.subcommand].filter(Boolean).join(" ")}`;

  let definitions: readonly APIApplicationCommandOption[] | undefined =
    command?.options ?? undefined;
  if (init.subcommandGroup !== undefined) {
    definitions = childOptions(
      definitions,
      init.subcommandGroup,
      ApplicationCommandOptionType.SubcommandGroup,
      label,
    );
  }
  if (init.subcommand !== undefined) {
    definitions = childOptions(
      definitions,
      init.subcommand,
      ApplicationCommandOptionType.Subcommand,
      label,
    );
  }
  if (command !== undefined && init.subcommand === undefined && hasSubcommands(definitions)) {
    throw new Error(
      `fake Discord: ${label} needs a subcommand (Discord clients cannot send it without one)`,
    );
  }

  const resolved: APIInteractionDataResolved = {};
  const leaf: APIApplicationCommandInteractionDataBasicOption[] = [];
  for (const [name, value] of Object.entries(init.options ?? {})) {
    const definition = definitions?.find((candidate) => candidate.name === name);
    if (definitions !== undefined && definition === undefined) {
      const known = definitions.map((candidate) => candidate.name).join(", ") || "(none)";
      throw new Error(
        `fake Discord: ${label} has no option "${name}"; registered options: ${known}`,
      );
    }
    const type = definition?.type ?? inferType(value);
    const focused = autocomplete && init.focused === name;
    if (definition !== undefined) checkLength(label, definition, value, focused);
    if (!autocomplete && definition !== undefined) checkChoice(label, definition, value);
    leaf.push(makeOption(name, type, value, focused, autocomplete));
    if (ID_TYPES.has(type)) addResolved(world, guild, resolved, type, String(value));
  }
  if (!autocomplete && definitions !== undefined) {
    for (const definition of definitions) {
      if (
        "required" in definition &&
        definition.required === true &&
        !leaf.some((o) => o.name === definition.name)
      ) {
        throw new Error(
          `fake Discord: ${label} requires option "${definition.name}" (Discord clients enforce this)`,
        );
      }
    }
  }
  if (autocomplete && init.focused !== undefined && !leaf.some((o) => o.name === init.focused)) {
    throw new Error(
      `fake Discord: autocomplete focused option "${init.focused}" is not among the options given`,
    );
  }

  let options: APIApplicationCommandInteractionDataOption[] = leaf;
  if (init.subcommand !== undefined) {
    options = [
      { type: ApplicationCommandOptionType.Subcommand, name: init.subcommand, options: leaf },
    ];
  }
  if (init.subcommandGroup !== undefined && init.subcommand !== undefined) {
    options = [
      {
        type: ApplicationCommandOptionType.SubcommandGroup,
        name: init.subcommandGroup,
        options: [
          { type: ApplicationCommandOptionType.Subcommand, name: init.subcommand, options: leaf },
        ],
      },
    ];
  }
  const hasResolved = Object.keys(resolved).length > 0;
  return {
    options: options.length > 0 ? options : undefined,
    resolved: hasResolved ? resolved : undefined,
  };
}

function childOptions(
  definitions: readonly APIApplicationCommandOption[] | undefined,
  name: string,
  type: ApplicationCommandOptionType.Subcommand | ApplicationCommandOptionType.SubcommandGroup,
  label: string,
): readonly APIApplicationCommandOption[] | undefined {
  if (definitions === undefined) return undefined;
  const child = definitions.find((candidate) => candidate.name === name && candidate.type === type);
  if (child === undefined) {
    const kind =
      type === ApplicationCommandOptionType.Subcommand ? "subcommand" : "subcommand group";
    throw new Error(`fake Discord: ${label} has no ${kind} "${name}"`);
  }
  return "options" in child ? (child.options ?? []) : [];
}

function hasSubcommands(definitions: readonly APIApplicationCommandOption[] | undefined): boolean {
  return (
    definitions?.some(
      (definition) =>
        definition.type === ApplicationCommandOptionType.Subcommand ||
        definition.type === ApplicationCommandOptionType.SubcommandGroup,
    ) ?? false
  );
}

function inferType(value: SimpleOptionValue): ApplicationCommandOptionType {
  if (typeof value === "boolean") return ApplicationCommandOptionType.Boolean;
  if (typeof value === "number") {
    return Number.isInteger(value)
      ? ApplicationCommandOptionType.Integer
      : ApplicationCommandOptionType.Number;
  }
  return ApplicationCommandOptionType.String;
}

/** A Discord client lets nobody send a string option outside its min/max length (while typing, more). */
function checkLength(
  label: string,
  definition: APIApplicationCommandOption,
  value: SimpleOptionValue,
  focused: boolean,
): void {
  if (definition.type !== ApplicationCommandOptionType.String || typeof value !== "string") return;
  const max = definition.max_length ?? 6000;
  const min = focused ? 0 : (definition.min_length ?? 0);
  if (value.length > max || value.length < min) {
    throw new Error(
      `fake Discord: ${label} option "${definition.name}" must be ${min}-${max} characters, got ${value.length}`,
    );
  }
}

function checkChoice(
  label: string,
  definition: APIApplicationCommandOption,
  value: SimpleOptionValue,
): void {
  if (
    !("choices" in definition) ||
    definition.choices === undefined ||
    definition.choices.length === 0
  )
    return;
  const choices: readonly { value: string | number }[] = definition.choices;
  if (!choices.some((choice) => choice.value === value)) {
    const allowed = choices.map((choice) => JSON.stringify(choice.value)).join(", ");
    throw new Error(
      `fake Discord: ${label} option "${definition.name}" must be one of ${allowed}, got ${JSON.stringify(value)}`,
    );
  }
}

function makeOption(
  name: string,
  type: ApplicationCommandOptionType,
  value: SimpleOptionValue,
  focused: boolean,
  autocomplete: boolean,
): APIApplicationCommandInteractionDataBasicOption {
  const focus = focused ? { focused: true } : {};
  switch (type) {
    case ApplicationCommandOptionType.String:
      return { name, type, value: String(value), ...focus };
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number:
      // While typing (autocomplete) Discord sends the raw text of numeric options.
      return {
        name,
        type,
        value: autocomplete && focused ? String(value) : Number(value),
        ...focus,
      };
    case ApplicationCommandOptionType.Boolean:
      return { name, type, value: value === true || value === "true" };
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Channel:
    case ApplicationCommandOptionType.Role:
    case ApplicationCommandOptionType.Mentionable:
    case ApplicationCommandOptionType.Attachment:
      return { name, type, value: String(value) };
    case ApplicationCommandOptionType.Subcommand:
    case ApplicationCommandOptionType.SubcommandGroup:
      throw new Error(
        `fake Discord: option "${name}" is a subcommand; use subcommand/subcommandGroup`,
      );
  }
}

/** Fills `resolved` for an id-valued option from what the fake knows about users, channels and roles. */
export function addResolved(
  world: FakeWorld,
  guild: GuildState | undefined,
  resolved: APIInteractionDataResolved,
  type: ApplicationCommandOptionType,
  id: string,
): void {
  const role = guild?.roles.find((candidate) => candidate.id === id);
  if (
    type === ApplicationCommandOptionType.Role ||
    (type === ApplicationCommandOptionType.Mentionable && role)
  ) {
    if (role === undefined)
      throw new Error(`fake Discord: no role ${id} in guild ${guild?.name ?? "(DM)"}`);
    resolved.roles = { ...resolved.roles, [id]: role };
    return;
  }
  if (type === ApplicationCommandOptionType.Channel) {
    const found = world.findChannel(id);
    if (found === undefined) throw new Error(`fake Discord: no channel ${id}`);
    const permissions = guild ? world.permissionsOf(guild, world.botUser.id).toString() : "0";
    resolved.channels = {
      ...resolved.channels,
      [id]: { id, name: found.channel.name ?? "", type: found.channel.type, permissions },
    };
    return;
  }
  const user = world.resolveUser(id);
  resolved.users = { ...resolved.users, [id]: user };
  const member = guild?.members.get(id);
  if (guild !== undefined && member !== undefined) {
    const { user: _user, ...rest } = member;
    resolved.members = {
      ...resolved.members,
      [id]: { ...rest, permissions: world.permissionsOf(guild, id).toString() },
    };
  }
}
