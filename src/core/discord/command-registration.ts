import { createHash } from "node:crypto";
import { ApplicationIntegrationType, InteractionContextType, Routes } from "discord.js";
import type { Logger } from "../logger.js";
import type { BotStateStore } from "../bot-state-service.js";
import type { SlashCommandDefinition } from "./command.js";
import { stableJson } from "./stable-json.js";

/** BotState key of the hash of what was last registered. */
export const REGISTERED_COMMANDS_KEY = "registered-commands-hash";

export interface RegistrationTarget {
  readonly applicationId: string;
  /** Register on this guild only (instant, for development); globally when undefined. */
  readonly guildId: string | undefined;
  /**
   * Where the application may be installed (its Installation settings in the developer
   * portal); servers only when absent, as for a new application.
   */
  readonly installTypes?: readonly ApplicationIntegrationType[];
}

/**
 * The definitions as Discord takes them for this target. Discord refuses a command supporting an
 * installation the application does not allow, so user installation is offered only where the
 * application allows it (and group DMs, which only user installs reach, with it). A guild
 * command lives in its guild alone: installation types and contexts are for global commands.
 */
export function definitionsFor(
  definitions: readonly SlashCommandDefinition[],
  target: RegistrationTarget,
): SlashCommandDefinition[] {
  const allowed = target.installTypes ?? [ApplicationIntegrationType.GuildInstall];
  const userInstall = allowed.includes(ApplicationIntegrationType.UserInstall);
  return definitions.map((definition) => {
    const { integration_types: types, contexts, ...rest } = definition;
    if (target.guildId !== undefined) return rest;
    // Unsaid, Discord would offer a command wherever the app may be installed: only what a
    // command claims reaches members' accounts; everything else, with state, stays in servers.
    const claimed = types ?? [ApplicationIntegrationType.GuildInstall];
    return {
      ...rest,
      integration_types: claimed.filter((t) => allowed.includes(t)),
      ...(contexts === undefined
        ? {}
        : {
            contexts: contexts.filter(
              (c) => userInstall || c !== InteractionContextType.PrivateChannel,
            ),
          }),
    };
  });
}

/** The slice of @discordjs/rest used here; a seam for tests. */
export interface CommandRegistrar {
  put(route: `/${string}`, options: { body: unknown }): Promise<unknown>;
}

export interface RegistrationOutcome {
  readonly status: "registered" | "unchanged";
  readonly hash: string;
  readonly scope: string;
  readonly count: number;
}

/** The installation types an application's `integration_types_config` lists (its keys). */
export function installTypesIn(config: object | null | undefined): ApplicationIntegrationType[] {
  const known = [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall];
  const keys = Object.keys(config ?? {});
  return known.filter((type) => keys.includes(String(type)));
}

/** Where the application may be installed, asked of Discord; servers only when it can't say. */
export async function installTypesOf(
  application: { fetch(): Promise<{ integrationTypesConfig: object | null }> },
  log: Logger,
): Promise<ApplicationIntegrationType[]> {
  try {
    const types = installTypesIn((await application.fetch()).integrationTypesConfig);
    return types.length > 0 ? types : [ApplicationIntegrationType.GuildInstall];
  } catch (error) {
    log.warn({ err: error }, "could not read the application's installation settings");
    return [ApplicationIntegrationType.GuildInstall];
  }
}

export function registrationScope(target: RegistrationTarget): string {
  return target.guildId === undefined ? "global" : `guild ${target.guildId}`;
}

/** Identifies a command set and where it went: a change to either means registering again. */
export function commandSetHash(
  definitions: readonly SlashCommandDefinition[],
  target: RegistrationTarget,
): string {
  const subject = stableJson({
    applicationId: target.applicationId,
    guildId: target.guildId ?? null,
    commands: definitions,
  });
  return createHash("sha256").update(subject, "utf8").digest("hex");
}

/**
 * Makes Discord's command list equal to `definitions` with one bulk overwrite, skipped when the
 * same set was already registered at the same place (registration is rate limited, and a global
 * one takes a while to reach every client). `force` registers anyway.
 */
export async function registerCommands(options: {
  readonly rest: CommandRegistrar;
  readonly state: BotStateStore;
  readonly definitions: readonly SlashCommandDefinition[];
  readonly target: RegistrationTarget;
  readonly log: Logger;
  readonly force?: boolean;
}): Promise<RegistrationOutcome> {
  const { rest, state, target, log } = options;
  const definitions = definitionsFor(options.definitions, target);
  const hash = commandSetHash(definitions, target);
  const scope = registrationScope(target);
  const outcome = { hash, scope, count: definitions.length };
  if (options.force !== true && (await state.get(REGISTERED_COMMANDS_KEY)) === hash) {
    log.info({ ...outcome }, "commands unchanged since the last registration; not registering");
    return { status: "unchanged", ...outcome };
  }
  const route =
    target.guildId === undefined
      ? Routes.applicationCommands(target.applicationId)
      : Routes.applicationGuildCommands(target.applicationId, target.guildId);
  await rest.put(route, { body: definitions });
  // Stored only after Discord accepted it, so a failed attempt is retried at the next start.
  await state.set(REGISTERED_COMMANDS_KEY, hash);
  log.info({ ...outcome }, "commands registered");
  return { status: "registered", ...outcome };
}
