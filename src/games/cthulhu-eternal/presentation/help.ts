import {
  ApplicationCommandOptionType,
  EmbedBuilder,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandGroupOption,
  type APIApplicationCommandSubcommandOption,
} from "discord.js";
import type { CampaignView } from "../services/campaign-service.js";
import type { SlashCommandDefinition } from "../../../core/discord/command.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { compactSettingLines, settingLines, valueWithDefault } from "./campaign-settings.js";
import { COMMAND_HELP, type CommandHelp } from "./help-examples.js";
import { orList, typed } from "./words.js";
import { closestNames } from "../rules/closest-names.js";
import { pageFields, pageLabel, type EmbedField } from "./embed-pages.js";

export const HELP_COLOUR = 0x2f6f4f;

/** One runnable command path: "/campaign gm add" and what it does. */
export interface CommandPath {
  readonly path: string;
  readonly description: string;
  /** Its own options (not subcommands); required ones first. */
  readonly options: readonly { name: string; required: boolean }[];
}

const isSubcommand = (
  option: APIApplicationCommandOption,
): option is APIApplicationCommandSubcommandOption =>
  option.type === ApplicationCommandOptionType.Subcommand;
const isGroup = (
  option: APIApplicationCommandOption,
): option is APIApplicationCommandSubcommandGroupOption =>
  option.type === ApplicationCommandOptionType.SubcommandGroup;

function subcommandPath(root: string, sub: APIApplicationCommandSubcommandOption): CommandPath {
  return {
    path: `${root} ${sub.name}`,
    description: sub.description,
    options: leafOptions(sub.options),
  };
}

function leafOptions(options: readonly APIApplicationCommandOption[] | undefined) {
  return (options ?? [])
    .filter((option) => !isSubcommand(option) && !isGroup(option))
    .map((option) => ({
      name: option.name,
      required: "required" in option && option.required === true,
    }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/** Every path a user can type, in the order the command defines them. */
export function commandPaths(definition: SlashCommandDefinition): CommandPath[] {
  const root = `/${definition.name}`;
  const options = definition.options ?? [];
  if (!options.some((option) => isSubcommand(option) || isGroup(option))) {
    return [{ path: root, description: definition.description, options: leafOptions(options) }];
  }
  return options.flatMap((option): CommandPath[] => {
    if (isSubcommand(option)) return [subcommandPath(root, option)];
    if (isGroup(option)) {
      return (option.options ?? []).map((sub) => subcommandPath(`${root} ${option.name}`, sub));
    }
    return [];
  });
}

/** Whether Discord hides the command from members without a permission (GM commands here). */
export function isRestricted(definition: SlashCommandDefinition): boolean {
  // Any permission string (even "0", admins only) hides it from ordinary members.
  return typeof definition.default_member_permissions === "string";
}

/** " (GM)" after a path only a GM may run. */
const gmMark = (path: string, gmOnly: ReadonlySet<string>): string =>
  gmOnly.has(path) ? " (GM)" : "";

/** The overview: each command, what it does, and its subcommands by name (GM ones marked). */
export function commandOverviewField(
  definition: SlashCommandDefinition,
  gmOnly: ReadonlySet<string> = new Set(),
): EmbedField {
  const paths = commandPaths(definition);
  const root = `/${definition.name}`;
  const subs =
    paths.length === 1 && paths[0]?.path === root
      ? ""
      : `\n${paths.map((path) => `\`${path.path.slice(root.length + 1)}\`${gmMark(path.path, gmOnly)}`).join(" · ")}`;
  return {
    name: `${root}${isRestricted(definition) ? " (GM)" : ""}`,
    value: `${definition.description}${subs}`,
  };
}

function optionsText(path: CommandPath): string {
  if (path.options.length === 0) return "";
  const names = path.options.map((option) =>
    option.required ? `\`${option.name}\`` : `\`[${option.name}]\``,
  );
  return `\n${names.join(" ")}`;
}

/** One command in detail: each path with its options (`[optional]`). */
export function commandDetailFields(
  definition: SlashCommandDefinition,
  gmOnly: ReadonlySet<string> = new Set(),
): EmbedField[] {
  const paths = commandPaths(definition);
  // A command without subcommands: its description heads the page already.
  if (paths.length === 1 && paths[0]?.path === `/${definition.name}`) {
    return paths.map((path) => ({
      name: path.path,
      value: optionsText(path).trim() || "No options.",
    }));
  }
  return paths.map((path) => ({
    name: `${path.path}${gmMark(path.path, gmOnly)}`,
    value: `${path.description}${optionsText(path)}`,
  }));
}

function helpEmbed(title: string, page: readonly EmbedField[], index: number, count: number) {
  const embed = new EmbedBuilder()
    .setColor(HELP_COLOUR)
    .setTitle(truncate(title, EMBED_LIMITS.title))
    .setFields(page.map((field) => ({ ...field })));
  const label = pageLabel(index, count);
  if (label !== null) embed.setFooter({ text: label });
  return embed;
}

export function overviewEmbeds(
  definitions: readonly SlashCommandDefinition[],
  gmOnly: ReadonlySet<string> = new Set(),
): EmbedBuilder[] {
  const pages = pageFields(
    definitions.map((definition) => commandOverviewField(definition, gmOnly)),
  );
  return pages.map((page, index) => {
    const embed = helpEmbed("📖 Commands", page, index, pages.length);
    if (index === 0) {
      embed.setDescription(
        "Getting started: a GM runs `/campaign create`, each player makes a Protagonist, and everyone rolls with `/roll`.\nType `/` and a command's name: Discord suggests its options. `/help command:<name>` shows one command in detail, with examples and the rules in force for it. Commands and subcommands marked (GM) are for the campaign's GMs (or members with Manage Server).",
      );
    }
    return embed;
  });
}

/** "`/roll expression:4d6kh3` — four d6, keep the highest three", one per line. */
function exampleLines(help: CommandHelp): string[] {
  return help.examples.map((example) => `\`${example.command}\` — ${example.does}`);
}

/** The settings that change what the command does, as this channel's campaign has them. */
function rulesLines(help: CommandHelp, campaign: CampaignView | null): string[] {
  const keys = new Set(help.settings ?? []);
  return settingLines(campaign)
    .filter((setting) => keys.has(setting.key))
    .map((setting) => `${setting.label}: ${valueWithDefault(setting)} — ${setting.meaning}`);
}

function rulesHeading(campaign: CampaignView | null): string {
  return campaign
    ? `**Rules in force in ${userText(campaign.name)}** (a GM changes them with \`/campaign settings\`)`
    : "**Rules** (this server has no campaign yet; a new one starts with these)";
}

/** The detail page's text: what the command does, examples, how to write it, its rules. */
export function detailDescription(
  definition: SlashCommandDefinition,
  campaign: CampaignView | null,
  help: CommandHelp | undefined = COMMAND_HELP[definition.name],
): string {
  const parts = [`${definition.description}${isRestricted(definition) ? "\nFor GMs." : ""}`];
  if (help !== undefined) {
    parts.push(["**Examples**", ...exampleLines(help)].join("\n"));
    if (help.notes !== undefined) parts.push(help.notes.join("\n"));
    const rules = rulesLines(help, campaign);
    if (rules.length > 0) parts.push([rulesHeading(campaign), ...rules].join("\n"));
  }
  parts.push("**Options** (`[option]` is optional)");
  return truncate(parts.join("\n\n"), EMBED_LIMITS.description);
}

/** One command in detail: examples and rules in force, then each path with its options. */
export function detailEmbeds(
  definition: SlashCommandDefinition,
  campaign: CampaignView | null,
  help?: CommandHelp,
  gmOnly: ReadonlySet<string> = new Set(),
): EmbedBuilder[] {
  const description = detailDescription(definition, campaign, help);
  const title = `📖 /${definition.name}`;
  // Every page keeps room for the first page's description, so each stays within 6,000.
  const pages = pageFields(commandDetailFields(definition, gmOnly), {
    reserved: description.length + title.length + 100,
  });
  return pages.map((page, index) => {
    const embed = helpEmbed(title, page, index, pages.length);
    if (index === 0) embed.setDescription(description);
    return embed;
  });
}

/** `/help command:` naming no command: the closest ones, and all of them. */
export function unknownCommandText(wanted: string, names: readonly string[]): string {
  const closest = closestNames(wanted, names);
  const hint =
    closest.length > 0 ? ` Did you mean ${orList(closest.map((name) => `\`/${name}\``))}?` : "";
  const all = names.map((name) => `\`/${name}\``).join(", ");
  return `There is no command ${typed(`/${wanted}`, 40)}.${hint} The commands are ${all}.`;
}

/** The rules in force for this channel's campaign, or the defaults when there is none. */
export function rulesInForceEmbed(campaign: CampaignView | null): EmbedBuilder {
  const lines = compactSettingLines(settingLines(campaign));
  const intro = campaign
    ? `This channel plays **${userText(campaign.name)}** (session ${campaign.sessionNumber}). A GM changes these with \`/campaign settings\`.`
    : "This server has no campaign yet: a GM starts one with `/campaign create name:<name>`. A new campaign starts with these defaults.";
  return new EmbedBuilder()
    .setColor(HELP_COLOUR)
    .setTitle(campaign ? "⚙️ Rules in force" : "⚙️ Rules (defaults)")
    .setDescription(truncate([intro, "", ...lines].join("\n"), EMBED_LIMITS.description));
}
