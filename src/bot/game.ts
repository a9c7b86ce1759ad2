import type { CommandModule, ComponentContext, ComponentHandler } from "./command.js";

/**
 * A game the bot plays: its services (wired in the composition root) and its slash commands.
 * Adding a game is a folder of its own plus one `routeGame(…)` in src/main.ts.
 */
export interface Game<S> {
  readonly services: S;
  readonly commands: readonly CommandModule<S>[];
}

/** The game's commands with its services bound in: what the registry and dispatcher route. */
export function routeGame<S>(game: Game<S>): CommandModule[] {
  return game.commands.map((module) => withServices(module, game.services));
}

function withServices<S>(module: CommandModule<S>, services: S): CommandModule {
  const { autocomplete, buttons, selectMenus, modals } = module;
  return {
    ...module,
    execute: (interaction, context) => module.execute(interaction, { ...context, services }),
    autocomplete:
      autocomplete &&
      ((interaction, context) => autocomplete(interaction, { ...context, services })),
    buttons: buttons && bindAll(buttons, services),
    selectMenus: selectMenus && bindAll(selectMenus, services),
    modals: modals && bindAll(modals, services),
  };
}

function bindAll<I, S>(
  handlers: Readonly<Record<string, ComponentHandler<I, S>>>,
  services: S,
): Record<string, ComponentHandler<I>> {
  return Object.fromEntries(
    Object.entries(handlers).map(([action, handler]) => [
      action,
      (interaction: I, context: ComponentContext) => handler(interaction, { ...context, services }),
    ]),
  );
}
