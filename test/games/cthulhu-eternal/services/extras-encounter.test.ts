/**
 * An encounter on real SQLite: an Eldritch and Scary entity's will test comes before its SAN test
 * (so the SAN loss can be projected); Eldritch costs its dice at once at a first meeting
 * (corrupting: Corruption is on), and only on a failure at later ones; who met it is remembered.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createExtrasService } from "../../../../src/games/cthulhu-eternal/extras/extras-service.js";
import { corruptionExtra } from "../../../../src/games/cthulhu-eternal/extras/corruption/index.js";
import { entitiesExtra } from "../../../../src/games/cthulhu-eternal/extras/entities/index.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { actor, gm, makeWorld, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { eventCount } from "../../../support/service-world.js";

const modules = [corruptionExtra, entitiesExtra];
let world: World;
let rng: ReturnType<typeof queuedRng>;
let extras: ReturnType<typeof createExtrasService>;
beforeEach(async () => {
  rng = queuedRng();
  const extensions = extensionPointsOf(modules);
  world = await makeWorld(rng, undefined, undefined, extensions);
  extras = createExtrasService({ store: world.db.store, rng, extensions }, modules);
  for (const moduleId of ["corruption", "entities"]) {
    await extras.change({ actor: gm(), moduleId, enabled: true });
  }
  await extras.of(entitiesExtra).add({
    actor: gm(),
    name: "Star spawn",
    kind: "creature",
    tags: "Eldritch 1, Scary 1",
  });
});
afterEach(() => world.dispose());

const sheet = () =>
  world.services.protagonists.get({ actor: actor(), protagonistId: world.hero.id });
const meet = () =>
  extras
    .of(entitiesExtra)
    .encounter({ actor: gm(), name: "Star spawn", protagonistId: world.hero.id });

describe("an encounter", () => {
  it("costs Eldritch's dice at once the first time, corrupting; after that only on a failure", async () => {
    const before = await sheet();
    // Will test failed (99), 4 WP; SAN test succeeded (10), yet 5 SAN lost: a first meeting.
    rng.queue(...percentileFaces(99), 4, ...percentileFaces(10), 5);
    const first = await meet();
    expect(first.willTests.map((t) => [t.result.lost, t.result.panicked])).toEqual([[4, false]]);
    expect(first.sanTests.map((t) => [t.result.sanLoss.notation, t.result.lost])).toEqual([
      ["1D10/1D10", 5],
    ]);
    expect(first.willTests[0]?.eventId).toBeLessThan(first.sanTests[0]?.eventId ?? 0);
    expect(first.entity.metBy).toEqual([world.hero.id]);
    const after = await sheet();
    expect(after.protagonist.wp).toBe(before.protagonist.wp - 4);
    expect(after.protagonist.san).toBe(before.protagonist.san - 5);
    expect(after.derived.maxSan).toBe(before.derived.maxSan - 5);

    // Met before: a success costs nothing.
    rng.queue(...percentileFaces(1), ...percentileFaces(10));
    const second = await meet();
    expect(second.sanTests.map((t) => [t.result.sanLoss.notation, t.result.lost])).toEqual([
      ["0/1D10", 0],
    ]);
    expect((await sheet()).protagonist.san).toBe(after.protagonist.san);
  });

  it("undone, it forgets the meeting: the next one is a first meeting again", async () => {
    rng.queue(...percentileFaces(1), ...percentileFaces(10), 5);
    const first = await meet();
    expect(first.entity.metBy).toEqual([world.hero.id]);
    const preview = await world.services.historyBrowsing.undoPreview({
      actor: gm(),
      eventId: first.eventId,
    });
    expect(preview.campaignData).toEqual(["entities"]);
    await world.services.history.undo({ actor: gm(), eventId: first.eventId });
    rng.queue(...percentileFaces(1), ...percentileFaces(10), 3);
    const again = await meet();
    expect(again.sanTests.map((t) => [t.result.sanLoss.notation, t.result.lost])).toEqual([
      ["1D10/1D10", 3],
    ]);
  });

  it("a bestiary entry added is taken away by undo, and put back by undoing its removal", async () => {
    const bestiary = extras.of(entitiesExtra);
    const added = await bestiary.add({ actor: gm(), name: "Ghoul", kind: "creature", hp: 8 });
    const removed = await bestiary.remove({ actor: gm(), name: "Ghoul" });
    await world.services.history.undo({ actor: gm(), eventId: removed.eventId });
    expect((await bestiary.bestiary({ actor: gm() })).entities.map((e) => e.name)).toContain(
      "Ghoul",
    );
    await world.services.history.undo({ actor: gm(), eventId: added.eventId });
    expect((await bestiary.bestiary({ actor: gm() })).entities.map((e) => e.name)).not.toContain(
      "Ghoul",
    );
  });

  it("is a GM's, and refused without a trace for a player", async () => {
    const events = await eventCount(world);
    await expect(
      extras.of(entitiesExtra).encounter({ actor: actor(), name: "Star spawn" }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await eventCount(world)).toBe(events);
  });

  it("corrupting: every loss lowers its maximum too; refused without a trace with Corruption off", async () => {
    const before = await sheet();
    rng.queue(...percentileFaces(99), 3, ...percentileFaces(10), 2);
    await extras.of(entitiesExtra).encounter({
      actor: gm(),
      name: "Star spawn",
      protagonistId: world.hero.id,
      corrupting: true,
    });
    const after = await sheet();
    expect(after.protagonist.wpMax).toBe(before.protagonist.wpMax - 3);

    await extras.change({ actor: gm(), moduleId: "corruption", enabled: false });
    const events = await eventCount(world);
    rng.queue(...percentileFaces(99), 3, ...percentileFaces(10), 2);
    await expect(
      extras.of(entitiesExtra).encounter({
        actor: gm(),
        name: "Star spawn",
        protagonistId: world.hero.id,
        corrupting: true,
      }),
    ).rejects.toMatchObject({ moduleId: "corruption", code: "off" });
    expect(await eventCount(world)).toBe(events);
  });

  it("skips what is left for a Protagonist out of play halfway; the summary still reads", async () => {
    await extras.of(entitiesExtra).add({
      actor: gm(),
      name: "Mi-go",
      kind: "creature",
      tags: "Weird 1, Eldritch 1",
    });
    await world.db.prisma.protagonist.update({ where: { id: world.hero.id }, data: { san: 1 } });
    // Weird: failed (99), 3 lost: SAN 0, permanently insane; Eldritch is never rolled.
    rng.queue(...percentileFaces(99), 3);
    const met = await extras
      .of(entitiesExtra)
      .encounter({ actor: gm(), name: "Mi-go", protagonistId: world.hero.id });
    expect(met.sanTests).toHaveLength(1);
    expect(met.groupSize).toBe(2);
    const group = await world.services.sanity.groupSanTestStatus({
      actor: gm(),
      firstEventId: met.sanTests[0]?.eventId ?? 0,
      size: met.groupSize,
    });
    expect(group.statuses.map((s) => s.result.lost)).toEqual([1]);
  });
});
