import type { ExtensionPoints } from "../../src/games/cthulhu-eternal/services/extension-points.js";
import { scriptedRng, type Rng } from "../../src/core/rng.js";
import type { ProtagonistSnapshot } from "../../src/games/cthulhu-eternal/services/snapshot.js";
import { loadProtagonist } from "../../src/games/cthulhu-eternal/services/lookups.js";
import { gm, GUILD, makeWorld, OTHER_GUILD, type World } from "./fixtures.js";

/**
 * A world whose dice read from `faces` (front first; 1 when empty). Percentile dice take two
 * faces, tens then ones, and a d10 face 10 reads as the digit 0.
 */
export async function scriptedWorld(
  extensions?: ExtensionPoints,
): Promise<{ world: World; faces: number[]; rng: Rng }> {
  const faces: number[] = [];
  const rng: Rng = { die: (sides) => scriptedRng([faces.shift() ?? 1]).die(sides) };
  return { world: await makeWorld(rng, undefined, undefined, extensions), faces, rng };
}

/** The Protagonist's state as it is in the database now. */
export function stateOf(world: World, id: string): Promise<ProtagonistSnapshot> {
  return world.db.store.read((tx) => loadProtagonist(tx, GUILD, id));
}

export function eventCount(world: World, kind?: string): Promise<number> {
  return world.db.prisma.event.count({ where: kind ? { kind } : {} });
}

/** A campaign in another guild, so requests from there reach the Protagonist lookup. */
export async function otherGuildCampaign(world: World): Promise<void> {
  await world.services.campaigns.create({ actor: gm({ guildId: OTHER_GUILD }), name: "Elsewhere" });
}

/**
 * Fills the hero's sheet up to `upTo` Bonds or disorders with crossed-off Bonds or cured
 * disorders (named by `name`), as long play would leave them, for the sheet's limits.
 */
export async function fillSheet(
  world: World,
  part: "bonds" | "disorders",
  upTo: number,
  name: (index: number) => string = (index) => `Old ${index}`,
): Promise<void> {
  const held = (await stateOf(world, world.hero.id))[part].length;
  const names = Array.from({ length: upTo - held }, (_, i) => name(held + i));
  if (part === "bonds") {
    await world.db.prisma.bond.createMany({
      data: names.map((bond) => ({
        protagonistId: world.hero.id,
        name: bond,
        kind: "individual",
        score: 0,
        crossedOff: true,
      })),
    });
  } else {
    await world.db.prisma.disorder.createMany({
      data: names.map((disorder) => ({
        protagonistId: world.hero.id,
        name: disorder,
        curedAt: new Date(),
      })),
    });
  }
}
