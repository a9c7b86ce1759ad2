import {
  ApplicationIntegrationType,
  InteractionContextType,
  SlashCommandBuilder,
} from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { rollCommand } from "../../../commands/cthulhu-eternal/roll.js";
import { definitionJson, type SlashCommandDefinition } from "../../../src/core/discord/command.js";
import {
  commandSetHash,
  definitionsFor,
  registerCommands,
  REGISTERED_COMMANDS_KEY,
  type CommandRegistrar,
  type RegistrationTarget,
} from "../../../src/core/discord/command-registration.js";
import { createLogger } from "../../../src/core/logger.js";
import { createBotStateService } from "../../../src/core/bot-state-service.js";
import { openTempDatabase } from "../../support/temp-db.js";
import { captureLogs } from "./support/log-capture.js";
import { memoryStore } from "./support/memory-store.js";

const log = createLogger({
  level: "info",
  format: "json",
  secrets: [],
  destination: captureLogs(),
});

function recordingRest(): CommandRegistrar & { puts: { route: string; body: unknown }[] } {
  const puts: { route: string; body: unknown }[] = [];
  return {
    puts,
    put: (route, options) => {
      puts.push({ route, body: options.body });
      return Promise.resolve([]);
    },
  };
}

const roll = (description = "Roll dice"): SlashCommandDefinition =>
  new SlashCommandBuilder()
    .setName("roll")
    .setDescription(description)
    .addStringOption((option) =>
      option.setName("expression").setDescription("dice").setRequired(true),
    )
    .toJSON();

const guildTarget: RegistrationTarget = {
  applicationId: "1000000000000000001",
  guildId: "2000000000000000002",
};

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

describe("command registration", () => {
  it("registers once, then skips an unchanged set (hash kept in the BotState table)", async () => {
    const db = await openTempDatabase();
    disposers.push(() => db.dispose());
    const state = createBotStateService(db.store);
    const rest = recordingRest();
    const options = { rest, state, definitions: [roll()], target: guildTarget, log };

    expect((await registerCommands(options)).status).toBe("registered");
    expect(rest.puts).toEqual([
      {
        route: `/applications/${guildTarget.applicationId}/guilds/${guildTarget.guildId}/commands`,
        body: [roll()],
      },
    ]);
    const stored = await db.prisma.botState.findUnique({ where: { key: REGISTERED_COMMANDS_KEY } });
    expect(stored?.value).toBe(commandSetHash([roll()], guildTarget));

    expect((await registerCommands(options)).status).toBe("unchanged");
    expect(rest.puts).toHaveLength(1);
  });

  it("registers again when a definition changes", async () => {
    const state = memoryStore();
    const rest = recordingRest();
    await registerCommands({ rest, state, definitions: [roll()], target: guildTarget, log });
    const changed = await registerCommands({
      rest,
      state,
      definitions: [roll("Roll some dice")],
      target: guildTarget,
      log,
    });
    expect(changed.status).toBe("registered");
    expect(rest.puts).toHaveLength(2);
  });

  it("registers again when the target changes: guild to global, or another application", async () => {
    const state = memoryStore();
    const rest = recordingRest();
    const definitions = [roll()];
    await registerCommands({ rest, state, definitions, target: guildTarget, log });
    const global = { applicationId: guildTarget.applicationId, guildId: undefined };
    expect((await registerCommands({ rest, state, definitions, target: global, log })).status).toBe(
      "registered",
    );
    expect(rest.puts[1]?.route).toBe(`/applications/${guildTarget.applicationId}/commands`);
    const otherApp = { applicationId: "1000000000000000009", guildId: undefined };
    expect(
      (await registerCommands({ rest, state, definitions, target: otherApp, log })).status,
    ).toBe("registered");
  });

  it("registers anyway when forced", async () => {
    const state = memoryStore();
    const rest = recordingRest();
    const options = { rest, state, definitions: [roll()], target: guildTarget, log };
    await registerCommands(options);
    expect((await registerCommands({ ...options, force: true })).status).toBe("registered");
    expect(rest.puts).toHaveLength(2);
  });

  it("keeps no hash when Discord refuses, so the next start tries again", async () => {
    const state = memoryStore();
    const failing: CommandRegistrar = {
      put: () => Promise.reject(new Error("400 Invalid Form Body")),
    };
    await expect(
      registerCommands({ rest: failing, state, definitions: [roll()], target: guildTarget, log }),
    ).rejects.toThrow(/Invalid Form Body/);
    expect(state.values.has(REGISTERED_COMMANDS_KEY)).toBe(false);
  });

  it("hashes the content, not the key order of the JSON", () => {
    const a = { name: "x", description: "y", options: [] } as SlashCommandDefinition;
    const b = { options: [], description: "y", name: "x" } as SlashCommandDefinition;
    expect(commandSetHash([a], guildTarget)).toBe(commandSetHash([b], guildTarget));
    expect(commandSetHash([a], guildTarget)).not.toBe(
      commandSetHash([{ ...a, description: "z" }], guildTarget),
    );
  });
});

describe("definitionsFor", () => {
  // The real /roll: registered for both installs, in every context.
  const anywhere = definitionJson(rollCommand.definition);
  const inServers = new SlashCommandBuilder()
    .setName("hp")
    .setDescription("HP")
    .setContexts(InteractionContextType.Guild)
    .toJSON();
  const global = { applicationId: "1", guildId: undefined } as const;

  it("claims user installs only where the application allows them", () => {
    const [rollForServers] = definitionsFor([anywhere], global);
    expect(rollForServers?.integration_types).toEqual([ApplicationIntegrationType.GuildInstall]);
    expect(rollForServers?.contexts).toEqual([
      InteractionContextType.Guild,
      InteractionContextType.BotDM,
    ]);
    const [rollForUsers] = definitionsFor([anywhere], {
      ...global,
      installTypes: [
        ApplicationIntegrationType.GuildInstall,
        ApplicationIntegrationType.UserInstall,
      ],
    });
    expect(rollForUsers?.integration_types).toEqual(anywhere.integration_types);
    expect(rollForUsers?.contexts).toEqual(anywhere.contexts);
  });

  it("keeps a command that claims nothing in servers, even where users may install the app", () => {
    const [hp] = definitionsFor([inServers], {
      ...global,
      installTypes: [
        ApplicationIntegrationType.GuildInstall,
        ApplicationIntegrationType.UserInstall,
      ],
    });
    expect(hp?.integration_types).toEqual([ApplicationIntegrationType.GuildInstall]);
  });

  it("leaves installation types and contexts out of a guild's commands", () => {
    const [rollOnGuild] = definitionsFor([anywhere], { applicationId: "1", guildId: "2" });
    expect(rollOnGuild).not.toHaveProperty("integration_types");
    expect(rollOnGuild).not.toHaveProperty("contexts");
  });
});
