import {
  buildProtagonist,
  type CreationChoices,
} from "../../src/games/cthulhu-eternal/rules/creation/index.js";
import { seededRng, type Rng } from "../../src/core/rng.js";
import type { Actor } from "../../src/core/access/actor.js";
import { createServices, type Services } from "../../src/games/cthulhu-eternal/services/index.js";
import { insertProtagonist } from "../../src/games/cthulhu-eternal/services/protagonist-factory.js";
import type { ProtagonistSnapshot } from "../../src/games/cthulhu-eternal/services/snapshot.js";
import { sampleChoices } from "../games/cthulhu-eternal/rules/creation/sample.js";
import { openTempDatabase } from "./temp-db.js";
import type { ExtensionPoints } from "../../src/games/cthulhu-eternal/services/extension-points.js";

export const GUILD = "100000000000000001";
export const OTHER_GUILD = "100000000000000002";
export const CHANNEL = "200000000000000001";
export const GM_USER = "300000000000000001";
export const PLAYER = "300000000000000002";
export const OTHER_PLAYER = "300000000000000003";

export function actor(overrides: Partial<Actor> = {}): Actor {
  return {
    guildId: GUILD,
    userId: PLAYER,
    channelId: CHANNEL,
    roleIds: [],
    canManageGuild: false,
    ...overrides,
  };
}

export const gm = (overrides: Partial<Actor> = {}): Actor =>
  actor({ userId: GM_USER, canManageGuild: true, ...overrides });

export interface World {
  db: Awaited<ReturnType<typeof openTempDatabase>>;
  services: Services;
  campaignId: string;
  /** A Protagonist of PLAYER in the default campaign. */
  hero: ProtagonistSnapshot;
  addProtagonist(owner: string, choices?: Partial<CreationChoices>): Promise<ProtagonistSnapshot>;
  dispose(): Promise<void>;
}

/** A real SQLite file with one campaign (GM_USER is its GM) and one Protagonist of PLAYER. */
export async function makeWorld(
  rng: Rng = seededRng(1),
  guildId = GUILD,
  engine?: "sqlite" | "postgres",
  extensions?: ExtensionPoints,
): Promise<World> {
  const db = await openTempDatabase(engine);
  const services = createServices({ store: db.store, rng, ...(extensions ? { extensions } : {}) });
  const campaign = await services.campaigns.create({
    actor: gm({ guildId }),
    name: "Night Floors",
  });
  const addProtagonist = async (owner: string, choices: Partial<CreationChoices> = {}) => {
    const merged = { ...sampleChoices(), ...choices };
    const sheet = buildProtagonist(merged);
    return db.store.transaction((tx) =>
      insertProtagonist(tx, {
        guildId,
        campaignId: campaign.id,
        ownerId: owner,
        sheet,
        creation: merged,
      }),
    );
  };
  const hero = await addProtagonist(PLAYER);
  return {
    db,
    services,
    campaignId: campaign.id,
    hero,
    addProtagonist,
    dispose: () => db.dispose(),
  };
}
