import {
  buildProtagonist,
  type CreationChoices,
} from "../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { openEternalDatabase } from "../../../src/games/cthulhu-eternal/store/open.js";
import { seededRng } from "../../../src/core/rng.js";
import { createServices } from "../../../src/games/cthulhu-eternal/services/index.js";
import { insertProtagonist } from "../../../src/games/cthulhu-eternal/services/protagonist-factory.js";
import { sampleChoices } from "../../games/cthulhu-eternal/rules/creation/sample.js";
import { MIGRATION_FOLDERS } from "../../support/temp-db.js";

export interface SeededTable {
  campaignId: string;
  protagonists: { id: string; name: string; ownerId: string }[];
}

/**
 * Prepares the database file a bot process will open: a campaign (the GM is its GM) and one
 * Protagonist per player, built with the creation rules. For end-to-end tests of commands that
 * need a table already in play; the bot must not be running on the file yet.
 */
export async function seedTable(options: {
  databaseUrl: string;
  guildId: string;
  channelId: string;
  gmUserId: string;
  players: { userId: string; choices?: Partial<CreationChoices> }[];
  campaignName?: string;
}): Promise<SeededTable> {
  const db = await openEternalDatabase(options.databaseUrl, MIGRATION_FOLDERS);
  try {
    const services = createServices({ store: db.store, rng: seededRng(1) });
    const gm = {
      guildId: options.guildId,
      userId: options.gmUserId,
      channelId: options.channelId,
      roleIds: [],
      canManageGuild: true,
    };
    const campaign = await services.campaigns.create({
      actor: gm,
      name: options.campaignName ?? "Night Floors",
    });
    const protagonists = [];
    for (const [index, player] of options.players.entries()) {
      const choices = { ...sampleChoices(), name: `Protagonist ${index + 1}`, ...player.choices };
      const sheet = buildProtagonist(choices);
      const created = await db.store.transaction((tx) =>
        insertProtagonist(tx, {
          guildId: options.guildId,
          campaignId: campaign.id,
          ownerId: player.userId,
          sheet,
          creation: choices,
        }),
      );
      protagonists.push({ id: created.id, name: created.name, ownerId: created.ownerId });
    }
    return { campaignId: campaign.id, protagonists };
  } finally {
    await db.close();
  }
}
