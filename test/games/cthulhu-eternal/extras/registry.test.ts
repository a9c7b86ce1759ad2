/**
 * The Extras registry: every module the bot offers is well formed (settings whose defaults their
 * own schema takes, event kinds undo reads right, one row per registered subcommand), and its
 * command runs nothing while the module is off in the channel's campaign.
 */
import type { ChatInputCommandInteraction } from "discord.js";
import { describe, expect, it, vi } from "vitest";
import { cthulhuEternal, extraModules } from "../../../../commands/cthulhu-eternal/index.js";
import { definitionJson } from "../../../../src/core/discord/command.js";
import type { HandlerContext } from "../../../../src/games/cthulhu-eternal/command.js";
import type { BotServices } from "../../../../src/games/cthulhu-eternal/game.js";
import { campaignExtras } from "../../../../src/games/cthulhu-eternal/extras/campaign-extras.js";
import { extraCommand } from "../../../../src/games/cthulhu-eternal/extras/commands.js";
import {
  ExtraRefusal,
  type ExtraModule,
} from "../../../../src/games/cthulhu-eternal/extras/module.js";
import { z } from "zod";
import type { ProtagonistSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";
import type { Campaign } from "../../../../src/games/cthulhu-eternal/store/types.js";
import {
  assertWellFormed,
  extensionPointsOf,
} from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { isRollEvent } from "../../../../src/games/cthulhu-eternal/services/undo-policy.js";

const SUBCOMMAND = 1;

function definedPaths(module: ExtraModule): string[] {
  const options = (definitionJson(module.command.definition).options ?? []) as {
    type: number;
    name: string;
  }[];
  return options.filter((option) => option.type === SUBCOMMAND).map((option) => option.name);
}

describe.each(extraModules.map((module) => [module.id, module] as const))(
  "Extra %s",
  (_, module) => {
    it("has settings whose defaults their own schema takes, and unique keys", () => {
      const keys = module.settings.map((setting) => setting.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const setting of module.settings) {
        expect(setting.schema.parse(setting.defaultValue), setting.key).toBe(setting.defaultValue);
        for (const suggestion of setting.suggestions) {
          expect(setting.schema.safeParse(suggestion).success, suggestion).toBe(true);
        }
      }
    });

    it("prefixes its event kinds with its id, and undo treats its rolls as rerolls, nothing else", () => {
      const extensions = extensionPointsOf(extraModules);
      for (const event of module.events) {
        expect(event.kind.startsWith(`${module.id}-`), event.kind).toBe(true);
        expect(isRollEvent(event.kind, extensions), event.kind).toBe(event.roll);
      }
    });

    it("has one row for each subcommand it registers", () => {
      expect(Object.keys(module.command.subcommands).sort()).toEqual(definedPaths(module).sort());
    });

    it("runs no row while it is off in the channel's campaign, and says how to switch it on", async () => {
      const runs = Object.values(module.command.subcommands).map((row) => vi.spyOn(row, "run"));
      const services = {
        extras: {
          modules: extraModules,
          inCampaign: () =>
            Promise.resolve({
              campaign: { id: "c1", name: "Night Floors" },
              extras: campaignExtras(extraModules, {}),
              isGm: true,
            }),
        },
      } as unknown as BotServices;
      const command = extraCommand(module);
      for (const path of definedPaths(module)) {
        const interaction = {
          commandName: definitionJson(module.command.definition).name,
          options: { getSubcommandGroup: () => null, getSubcommand: () => path },
          guildId: "100000000000000001",
          authorizingIntegrationOwners: { guildId: "100000000000000001" },
          channelId: "200000000000000001",
          user: { id: "300000000000000002" },
          member: { roles: [] },
          memberPermissions: null,
          channel: null,
        } as unknown as ChatInputCommandInteraction;
        await expect(
          command.execute(interaction, { services } as unknown as HandlerContext),
        ).rejects.toThrow(
          `A GM switches it on with \`/campaign extras module:${module.id} enabled:True\``,
        );
      }
      for (const run of runs) expect(run).not.toHaveBeenCalled();
    });
  },
);

describe("the registry", () => {
  it("gives every module its own id and command", () => {
    const ids = extraModules.map((module) => module.id);
    const names = extraModules.map((module) => definitionJson(module.command.definition).name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    const kinds = extraModules.flatMap((module) => module.events.map((event) => event.kind));
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});

describe("the game's words for the Extras", () => {
  const game = cthulhuEternal({ extras: { modules: extraModules } } as unknown as BotServices);

  it("word a module's refusal and the registry's, and no other error", () => {
    const tooFew = new ExtraRefusal("training", "too-few-sessions", {
      skill: "Alertness",
      sessions: 3,
      needed: 20,
    });
    expect(game.refusalText?.(tooFew)).toMatch(/Alertness.*needs 20.*\/train session/);
    expect(
      game.refusalText?.(new ExtraRefusal("extras", "unknown-module", { typed: "x" })),
    ).toMatch(/There is no Extra/);
    expect(game.refusalText?.(new Error("a bug"))).toBeUndefined();
  });
});

describe("the registry", () => {
  const [training] = extraModules;
  if (!training) throw new Error("the bot offers no Extra");
  const withEvents = (id: string, kinds: string[]): ExtraModule => ({
    ...training,
    id,
    events: kinds.map((kind) => ({ kind, version: 1, payload: z.object({}), roll: false })),
  });

  it("refuses at start a module whose event kind lacks its id, or two modules with one id", () => {
    expect(() => {
      assertWellFormed([withEvents("crafting", ["work-check"])]);
    }).toThrow(/prefix/);
    expect(() => {
      assertWellFormed([withEvents("crafting", []), withEvents("crafting", [])]);
    }).toThrow(/id/);
    expect(() => {
      assertWellFormed([withEvents("a", ["a-b-x"]), withEvents("a-b", ["a-b-x"])]);
    }).toThrow(/twice/);
    expect(() => {
      assertWellFormed(extraModules);
    }).not.toThrow();
  });
});

describe("the modules' test conditions", () => {
  const dependent = {
    extras: { substances: { dependencies: [{ substance: "Laudanum", relieved: false }] } },
  } as unknown as ProtagonistSnapshot;
  const campaign = (enabled: boolean) =>
    ({ extras: { substances: { enabled, settings: {} } } }) as unknown as Campaign;

  it("come only from the modules switched on in the test's campaign", () => {
    const extensions = extensionPointsOf(extraModules);
    const testConditions = extensions.testConditions.bind(extensions);
    expect(testConditions(dependent, campaign(true), { kind: "skill", skill: "Occult" })).toEqual([
      { kind: "extra", label: "Dependent", modifier: -20 },
    ]);
    expect(testConditions(dependent, campaign(true), { kind: "luck" })).toEqual([]);
    expect(testConditions(dependent, campaign(false), { kind: "skill", skill: "Occult" })).toEqual(
      [],
    );
  });
});
