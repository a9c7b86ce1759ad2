/** Application command registration: bulk overwrite, list, create, edit, delete (global and guild). */
import { ApplicationCommandType } from "discord.js";
import type { APIApplicationCommand } from "discord.js";
import { errors, invalidFormBody } from "../errors.js";
import { asArray, asRecord, asString, enumMember, type JsonRecord } from "../guards.js";
import { nextSnowflake } from "../snowflake.js";
import { json, noContent, type Route, type RouteContext } from "../route-types.js";
import { validateCommands } from "../validate.js";
import type { CommandScope } from "../world.js";
import type { RouteDeps } from "./deps.js";

export function commandRoutes(deps: RouteDeps): Route[] {
  const { world } = deps;

  const scopeOf = ({ params }: RouteContext): CommandScope => {
    if (params.appId !== world.applicationId) throw errors.unknownApplication();
    if (params.guildId === undefined) return "global";
    if (!world.guilds.has(params.guildId)) throw errors.unknownGuild();
    return { guildId: params.guildId };
  };

  /** Stores a command as Discord returns it; a name already registered keeps its id, like Discord. */
  const toCommand = (
    raw: JsonRecord,
    scope: CommandScope,
    existing: readonly APIApplicationCommand[],
  ): APIApplicationCommand => {
    const type = enumMember(ApplicationCommandType, raw.type) ?? ApplicationCommandType.ChatInput;
    const name = asString(raw.name) ?? "";
    const previous = existing.find((command) => command.name === name && command.type === type);
    const defaultPermissions = raw.default_member_permissions;
    return {
      // The bot's option/localization JSON is kept as sent; Discord echoes it back normalised.
      ...raw,
      id: previous?.id ?? nextSnowflake(),
      application_id: world.applicationId,
      version: nextSnowflake(),
      type,
      name,
      description: asString(raw.description) ?? "",
      default_member_permissions:
        typeof defaultPermissions === "string" ? defaultPermissions : null,
      nsfw: raw.nsfw === true,
      ...(scope === "global" ? {} : { guild_id: scope.guildId }),
    };
  };

  const routesFor = (prefix: string, scopeName: string): Route[] => [
    {
      method: "PUT",
      pattern: `${prefix}/commands`,
      name: `commands.${scopeName}.bulkOverwrite`,
      auth: true,
      handle: (context) => {
        const scope = scopeOf(context);
        const list = asArray(context.body);
        const fieldErrors = validateCommands(list, world.installTypes);
        if (fieldErrors.length > 0) throw invalidFormBody(fieldErrors);
        const existing = world.commandsIn(scope);
        const commands = list.map((raw) => toCommand(asRecord(raw), scope, existing));
        world.setCommands(scope, commands);
        deps.notifier.notify();
        return json(commands);
      },
    },
    {
      method: "GET",
      pattern: `${prefix}/commands`,
      name: `commands.${scopeName}.list`,
      auth: true,
      handle: (context) => json(world.commandsIn(scopeOf(context))),
    },
    {
      method: "POST",
      pattern: `${prefix}/commands`,
      name: `commands.${scopeName}.create`,
      auth: true,
      handle: (context) => {
        const scope = scopeOf(context);
        const fieldErrors = validateCommands([context.body], world.installTypes);
        if (fieldErrors.length > 0) throw invalidFormBody(fieldErrors);
        const existing = world.commandsIn(scope);
        const command = toCommand(asRecord(context.body), scope, existing);
        const replaced = existing.some((candidate) => candidate.id === command.id);
        world.setCommands(scope, [
          ...existing.filter((candidate) => candidate.id !== command.id),
          command,
        ]);
        deps.notifier.notify();
        return json(command, replaced ? 200 : 201);
      },
    },
    {
      method: "GET",
      pattern: `${prefix}/commands/:commandId`,
      name: `commands.${scopeName}.get`,
      auth: true,
      handle: (context) => {
        const command = world
          .commandsIn(scopeOf(context))
          .find((c) => c.id === context.params.commandId);
        if (command === undefined) throw errors.unknownCommand();
        return json(command);
      },
    },
    {
      method: "PATCH",
      pattern: `${prefix}/commands/:commandId`,
      name: `commands.${scopeName}.edit`,
      auth: true,
      handle: (context) => {
        const scope = scopeOf(context);
        const existing = world.commandsIn(scope);
        const current = existing.find((c) => c.id === context.params.commandId);
        if (current === undefined) throw errors.unknownCommand();
        const updated = toCommand(
          { ...(current as unknown as JsonRecord), ...asRecord(context.body) },
          scope,
          [current],
        );
        world.setCommands(
          scope,
          existing.map((c) => (c.id === updated.id ? updated : c)),
        );
        deps.notifier.notify();
        return json(updated);
      },
    },
    {
      method: "DELETE",
      pattern: `${prefix}/commands/:commandId`,
      name: `commands.${scopeName}.delete`,
      auth: true,
      handle: (context) => {
        const scope = scopeOf(context);
        const existing = world.commandsIn(scope);
        if (!existing.some((c) => c.id === context.params.commandId)) throw errors.unknownCommand();
        world.setCommands(
          scope,
          existing.filter((c) => c.id !== context.params.commandId),
        );
        deps.notifier.notify();
        return noContent();
      },
    },
  ];

  return [
    // Before the `/commands/:commandId` routes, which would otherwise match it.
    {
      method: "GET",
      pattern: "/applications/:appId/guilds/:guildId/commands/permissions",
      name: "commands.guild.permissions",
      auth: true,
      handle: () => json([]),
    },
    ...routesFor("/applications/:appId", "global"),
    ...routesFor("/applications/:appId/guilds/:guildId", "guild"),
  ];
}
