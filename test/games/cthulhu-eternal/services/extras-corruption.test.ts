/**
 * Corruption on real SQLite, through the core's loss hook: a corrupting SAN loss lowers Max SAN
 * by what was lost, and a projection onto a Bond re-applies it with the reduced loss (Max SAN is
 * lowered once, by the projected loss); a corrupting heal is refused before anything is written.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createExtrasService } from "../../../../src/games/cthulhu-eternal/extras/extras-service.js";
import { corruptionExtra } from "../../../../src/games/cthulhu-eternal/extras/corruption/index.js";
import { corruptedOfSheet } from "../../../../src/games/cthulhu-eternal/extras/corruption/state.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { actor, gm, makeWorld, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { eventCount, stateOf } from "../../../support/service-world.js";

const modules = [corruptionExtra];
let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng, undefined, undefined, extensionPointsOf(modules));
  const extras = createExtrasService({ store: world.db.store, rng }, modules);
  await extras.change({ actor: gm(), moduleId: "corruption", enabled: true });
});
afterEach(() => world.dispose());

async function sheetView() {
  return world.services.protagonists.get({ actor: actor(), protagonistId: world.hero.id });
}

describe("a corrupting SAN loss", () => {
  it("lowers Max SAN by the loss, and by the projected loss once projected", async () => {
    const maxBefore = (await sheetView()).derived.maxSan;
    rng.queue(...percentileFaces(90), 6);
    const [test] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "1/1D6",
      threat: "unnatural",
      corrupting: true,
    });
    expect(test?.result.lost).toBe(6);
    expect((await sheetView()).derived.maxSan).toBe(maxBefore - 6);
    rng.queue(4);
    const projected = await world.services.sanity.project({
      actor: actor(),
      eventId: test?.eventId ?? 0,
      bondId: world.hero.bonds[0]?.id ?? "",
    });
    expect(projected.result.lost).toBe(2);
    expect(corruptedOfSheet(await stateOf(world, world.hero.id)).SAN).toBe(2);
    expect((await sheetView()).derived.maxSan).toBe(maxBefore - 2);
  });

  it("is refused on a heal, before anything is written", async () => {
    const events = await eventCount(world);
    await expect(
      world.services.harm.hp({ actor: actor(), action: "heal", amount: 1, corrupting: true }),
    ).rejects.toMatchObject({ refusal: { code: "corrupting-is-a-loss" } });
    expect(await eventCount(world)).toBe(events);
  });
});
