/**
 * Games plug in with their own services: each game's handlers receive that game's services, and
 * nothing else, whichever of them the dispatcher routes to.
 */
import type { ButtonInteraction, ChatInputCommandInteraction } from "discord.js";
import { describe, expect, it } from "vitest";
import type {
  CommandModule,
  ComponentContext,
  HandlerContext,
} from "../../../src/core/discord/command.js";
import { CommandRegistry } from "../../../src/core/discord/command-registry.js";
import { routeGame } from "../../../src/core/discord/game.js";

function game<S>(
  name: string,
  services: S,
  seen: S[],
): { services: S; commands: CommandModule<S>[] } {
  return {
    services,
    commands: [
      {
        definition: { name, description: name },
        execute: (_interaction, context) => {
          seen.push(context.services);
          return Promise.resolve();
        },
        buttons: {
          press: (_interaction, context) => {
            seen.push(context.services);
            return Promise.resolve();
          },
        },
      },
    ],
  };
}

const context = { registered: [] } as unknown as HandlerContext & ComponentContext;

describe("routeGame", () => {
  it("hands each game's commands that game's services", async () => {
    const eternal: { dice: string }[] = [];
    const cultists: { stars: number }[] = [];
    const registry = new CommandRegistry([
      ...routeGame(game("roll", { dice: "d100" }, eternal)),
      ...routeGame(game("cultists", { stars: 15 }, cultists)),
    ]);

    await registry.get("cultists")?.execute({} as unknown as ChatInputCommandInteraction, context);
    await registry.get("roll")?.execute({} as unknown as ChatInputCommandInteraction, context);
    await registry.get("roll")?.buttons?.press?.({} as unknown as ButtonInteraction, context);

    expect(cultists).toEqual([{ stars: 15 }]);
    expect(eternal).toEqual([{ dice: "d100" }, { dice: "d100" }]);
  });

  it("words the game's own refusals, and leaves other errors as they are", async () => {
    class StarsNotAligned extends Error {}
    const refusing: CommandModule<null> = {
      definition: { name: "cultists", description: "cultists" },
      execute: (interaction) =>
        Promise.reject(
          interaction.commandName === "bug" ? new Error("a bug") : new StarsNotAligned(),
        ),
    };
    const [module] = routeGame({
      services: null,
      commands: [refusing],
      refusalText: (error) =>
        error instanceof StarsNotAligned ? "The stars are not right yet." : undefined,
    });
    const refusal = module?.execute(
      { commandName: "cultists" } as unknown as ChatInputCommandInteraction,
      context,
    );
    await expect(refusal).rejects.toMatchObject({
      userMessage: "The stars are not right yet.",
      cause: expect.any(StarsNotAligned) as unknown,
    });
    const bug = module?.execute(
      { commandName: "bug" } as unknown as ChatInputCommandInteraction,
      context,
    );
    await expect(bug).rejects.toThrow("a bug");
    await expect(bug).rejects.not.toHaveProperty("userMessage");
  });

  it("refuses two games' commands with one name", () => {
    expect(
      () =>
        new CommandRegistry([...routeGame(game("roll", 1, [])), ...routeGame(game("roll", 2, []))]),
    ).toThrow(/two command modules are named roll/);
  });
});
