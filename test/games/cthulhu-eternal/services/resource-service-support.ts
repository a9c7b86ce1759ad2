/** The scripted-dice world every resource service test runs in, and the helpers they share. */
import { afterEach, beforeEach } from "vitest";
import { resourceBreakdown } from "../../../../src/games/cthulhu-eternal/rules/resources.js";
import {
  createResourceService,
  type ResourceService,
} from "../../../../src/games/cthulhu-eternal/services/resource-service.js";
import type { World } from "../../../support/fixtures.js";
import { scriptedWorld, stateOf } from "../../../support/service-world.js";

export let world: World;
/** The dice faces the next rolls read, front first (see `scriptedWorld`). */
export let faces: number[];
export let resources: ResourceService;

beforeEach(async () => {
  const made = await scriptedWorld();
  world = made.world;
  faces = made.faces;
  resources = createResourceService({ store: world.db.store, rng: made.rng });
});
afterEach(() => world.dispose());

/** Sets a rating (with the table's split) and checks directly, for states play takes long to reach. */
export async function setResources(id: string, rating: number, checked = 0): Promise<void> {
  const split = resourceBreakdown(rating);
  await world.db.prisma.protagonist.update({
    where: { id },
    data: {
      resourcesRating: rating,
      resourcesAtHand: split.atHand,
      resourcesStowed: split.stowed,
      resourcesStorage: split.inStorage,
      resourcesChecked: checked,
    },
  });
}

export const heroResources = async () => (await stateOf(world, world.hero.id)).resources;
