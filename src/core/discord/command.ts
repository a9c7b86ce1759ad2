import type {
  AnySelectMenuInteraction,
  ApplicationCommandOptionChoiceData,
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import type { Logger } from "../logger.js";
import type { Reply } from "./reply.js";

/** The JSON Discord receives for one slash command. */
export type SlashCommandDefinition = RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Raw JSON, or a discord.js builder (anything with `toJSON`). */
export type SlashCommandDefinitionSource =
  SlashCommandDefinition | { toJSON(): SlashCommandDefinition };

/**
 * What a handler is given. `S` is its game's services; the dispatcher itself routes commands
 * whose services are already bound in (`S` = void, see `routeGame`).
 */
export interface HandlerContext<S = void> {
  readonly reply: Reply;
  /** Carries the interaction id, guild, user and command. */
  readonly log: Logger;
  readonly services: S;
  /** Every command the bot registers, as Discord was given them (for /help). */
  readonly registered: readonly SlashCommandDefinition[];
  /** The GM-only paths of those commands ("/campaign session-end"), as their modules declare. */
  readonly gmOnly: ReadonlySet<string>;
}

export interface ComponentContext<S = void> extends HandlerContext<S> {
  /** The `<action>` of the custom id `<command>:<action>:<args…>`. */
  readonly action: string;
  readonly args: readonly string[];
}

export interface AutocompleteContext<S = void> {
  readonly log: Logger;
  readonly services: S;
  readonly registered: readonly SlashCommandDefinition[];
}

export type ComponentHandler<I, S = void> = (
  interaction: I,
  context: ComponentContext<S>,
) => Promise<void>;

/**
 * One slash command: its definition and every handler for interactions it owns. Components it
 * creates must use custom ids made with `customId(<command name>, <action>, …args)`, which
 * route them back to `buttons[action]`, `selectMenus[action]` or `modals[action]`.
 */
export interface CommandModule<S = void> {
  readonly definition: SlashCommandDefinitionSource;
  /**
   * Whether answers are private unless a message says otherwise; decides whether the automatic
   * "thinking…" is private too. Defaults to public.
   */
  readonly ephemeral?: boolean | ((interaction: ChatInputCommandInteraction) => boolean);
  /**
   * What changes the table (saved state or the event log), so the per-user rate limit applies;
   * reads, autocomplete and paging are never limited. `true`: every invocation and component;
   * or, precisely: `command` (a command without subcommands writes), the `subcommands` that
   * write (`"sub"`, `"group sub"`) and the component actions (`<action>` of the custom id) that
   * write. Absent: nothing writes.
   */
  readonly writes?: WriteDeclaration;
  /**
   * Every invocation rolls dice and logs them, and changes nothing later commands depend on (a
   * failure mark at most): limited by the generous roll bucket instead of the write bucket.
   */
  readonly rolls?: boolean;
  /** Component actions that roll as `rolls` does (a roll from a sheet): the roll bucket. */
  readonly rollComponents?: readonly string[];
  /** The subcommands ("sub", "group sub") only a GM may run; /help marks them. */
  readonly gmOnly?: readonly string[];
  readonly execute: (
    interaction: ChatInputCommandInteraction,
    context: HandlerContext<S>,
  ) => Promise<void>;
  /** Returns the choices to offer (the first 25 are sent). */
  readonly autocomplete?: (
    interaction: AutocompleteInteraction,
    context: AutocompleteContext<S>,
  ) => Promise<readonly ApplicationCommandOptionChoiceData[]>;
  readonly buttons?: Readonly<Record<string, ComponentHandler<ButtonInteraction, S>>>;
  readonly selectMenus?: Readonly<Record<string, ComponentHandler<AnySelectMenuInteraction, S>>>;
  readonly modals?: Readonly<Record<string, ComponentHandler<ModalSubmitInteraction, S>>>;
}

export type WriteDeclaration =
  | boolean
  | {
      readonly command?: boolean;
      readonly subcommands?: readonly string[];
      readonly components?: readonly string[];
    };

export function definitionJson(source: SlashCommandDefinitionSource): SlashCommandDefinition {
  return "toJSON" in source ? source.toJSON() : source;
}
