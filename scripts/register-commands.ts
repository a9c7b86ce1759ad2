/**
 * `npm run commands:register`: registers the slash commands now, even when unchanged (e.g. after
 * someone edited them in Discord's developer portal), and records it like the bot does.
 */
import { REST, Routes, type APIApplication } from "discord.js";
import { everyCommand } from "../commands/index.js";
import { commandDefinitions } from "../src/core/discord/command-registry.js";
import { installTypesIn, registerCommands } from "../src/core/discord/command-registration.js";
import { migrationFolders } from "../src/core/discord/paths.js";
import { configFromEnvironmentOrExit } from "../src/core/config.js";
import { openEternalDatabase } from "../src/games/cthulhu-eternal/store/open.js";
import { createLogger } from "../src/core/logger.js";
import { createBotStateService } from "../src/core/bot-state-service.js";

const config = configFromEnvironmentOrExit();
const log = createLogger({
  level: config.logLevel,
  format: config.logFormat,
  secrets: [config.discordToken],
});

const db = await openEternalDatabase(config.databaseUrl, migrationFolders());
try {
  const rest = new REST({ api: config.discordApiUrl }).setToken(config.discordToken);
  const application = (await rest.get(Routes.currentApplication())) as APIApplication;
  await registerCommands({
    rest,
    state: createBotStateService(db.store),
    definitions: commandDefinitions(everyCommand),
    target: {
      applicationId: application.id,
      guildId: config.devGuildId,
      installTypes: installTypesIn(application.integration_types_config),
    },
    log,
    force: true,
  });
} catch (error) {
  log.fatal({ err: error }, "command registration failed");
  process.exitCode = 1;
} finally {
  await db.close();
}
