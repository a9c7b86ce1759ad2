import { createHash } from "node:crypto";
import { Routes } from "discord.js";
import type { Logger } from "../logger.js";
import type { BotStateStore } from "../services/bot-state-service.js";
import type { SlashCommandDefinition } from "./command.js";
import { stableJson } from "./stable-json.js";

/** BotState key of the hash of what was last registered. */
export const REGISTERED_COMMANDS_KEY = "registered-commands-hash";

export interface RegistrationTarget {
  readonly applicationId: string;
  /** Register on this guild only (instant, for development); globally when undefined. */
  readonly guildId: string | undefined;
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
  const { rest, state, definitions, target, log } = options;
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
