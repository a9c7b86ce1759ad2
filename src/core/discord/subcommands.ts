import type { ChatInputCommandInteraction } from "discord.js";
import type { HandlerContext } from "./command.js";
import { subcommandPath } from "./writes.js";

type Handler<S> = (
  interaction: ChatInputCommandInteraction,
  context: HandlerContext<S>,
) => Promise<void>;

/** One subcommand of a slash command: what runs it, whether it changes the table, who sees it. */
export interface SubcommandRow<S> {
  readonly run: Handler<S>;
  /** Changes saved state or the event log, so the per-user write limit applies. */
  readonly writes?: boolean;
  /** Answered so that only the user sees it. */
  readonly private?: boolean;
  /**
   * Only those the game gives authority over the table (a campaign's GMs, say) may run it, on
   * anything: the service refuses anyone else. Help marks it; an e2e test checks the mark against
   * the refusals.
   */
  readonly gmOnly?: boolean;
}

/**
 * A command's subcommands as one row each, keyed by "sub" or "group sub": the module's
 * `execute`, `ephemeral` and written subcommands all read the same row.
 */
export function subcommandTable<S>(rows: Readonly<Record<string, SubcommandRow<S>>>) {
  const rowOf = (interaction: ChatInputCommandInteraction): SubcommandRow<S> | undefined => {
    const path = subcommandPath(interaction);
    return Object.hasOwn(rows, path) ? rows[path] : undefined;
  };
  return {
    paths: Object.keys(rows),
    writing: Object.keys(rows).filter((path) => rows[path]?.writes === true),
    gmOnly: Object.keys(rows).filter((path) => rows[path]?.gmOnly === true),
    isPrivate: (interaction: ChatInputCommandInteraction): boolean =>
      rowOf(interaction)?.private === true,
    execute: async (
      interaction: ChatInputCommandInteraction,
      context: HandlerContext<S>,
    ): Promise<void> => {
      const row = rowOf(interaction);
      if (row === undefined) {
        throw new Error(
          `no handler for /${interaction.commandName} ${subcommandPath(interaction)}`,
        );
      }
      await row.run(interaction, context);
    },
  };
}
