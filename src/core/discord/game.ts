import type { CommandModule, ComponentContext, ComponentHandler } from "./command.js";
import { WordedRefusal, type RefusalWords } from "./user-facing-error.js";

/**
 * A game the bot plays: its services (wired in the composition root) and its slash commands.
 * Adding a game is a folder of its own plus one `routeGame(…)` in src/main.ts.
 */
export interface Game<S> {
  readonly services: S;
  readonly commands: readonly CommandModule<S>[];
  /** Words the game's own refusals (errors carrying codes); the core words the rest. */
  readonly refusalText?: RefusalWords;
}

/** The game's commands with its services bound in: what the registry and dispatcher route. */
export function routeGame<S>(game: Game<S>): CommandModule[] {
  return game.commands.map((module) => routed(module, game));
}

function routed<S>(module: CommandModule<S>, game: Game<S>): CommandModule {
  const { services } = game;
  const worded = wordingRefusals(game.refusalText);
  const { autocomplete, buttons, selectMenus, modals } = module;
  return {
    ...module,
    execute: worded((interaction, context) =>
      module.execute(interaction, { ...context, services }),
    ),
    autocomplete:
      autocomplete &&
      worded((interaction, context) => autocomplete(interaction, { ...context, services })),
    buttons: buttons && routedAll(buttons, services, worded),
    selectMenus: selectMenus && routedAll(selectMenus, services, worded),
    modals: modals && routedAll(modals, services, worded),
  };
}

type Wording = <A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
) => (...args: A) => Promise<R>;

/** Rethrows the game's own refusals worded, so the dispatcher shows them like any other. */
function wordingRefusals(words: RefusalWords | undefined): Wording {
  return (handler) =>
    async (...args) => {
      try {
        return await handler(...args);
      } catch (error) {
        const text = words?.(error);
        throw text === undefined ? error : new WordedRefusal(text, error);
      }
    };
}

function routedAll<I, S>(
  handlers: Readonly<Record<string, ComponentHandler<I, S>>>,
  services: S,
  worded: Wording,
): Record<string, ComponentHandler<I>> {
  return Object.fromEntries(
    Object.entries(handlers).map(([action, handler]) => [
      action,
      worded((interaction: I, context: ComponentContext) =>
        handler(interaction, { ...context, services }),
      ),
    ]),
  );
}
