/**
 * Gear and attacks on real SQLite: an attack's critical wears the target's Fragile armour and
 * leaves a Periodic wound, which hurts each round until treated; both sheets change in one event,
 * undone together; Heavy armour makes movement tests hard, and nothing else.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createExtrasService } from "../../../../src/games/cthulhu-eternal/extras/extras-service.js";
import { gearExtra } from "../../../../src/games/cthulhu-eternal/extras/gear/index.js";
import type { GearService } from "../../../../src/games/cthulhu-eternal/extras/gear/service.js";
import { gearOf } from "../../../../src/games/cthulhu-eternal/extras/gear/state.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { actor, gm, makeWorld, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { eventCount, stateOf } from "../../../support/service-world.js";

const modules = [gearExtra];
let world: World;
let rng: ReturnType<typeof queuedRng>;
let gear: GearService;
let targetId: string;
beforeEach(async () => {
  rng = queuedRng();
  const extensions = extensionPointsOf(modules);
  world = await makeWorld(rng, undefined, undefined, extensions);
  const extras = createExtrasService({ store: world.db.store, rng, extensions }, modules);
  await extras.change({ actor: gm(), moduleId: "gear", enabled: true });
  gear = extras.of(gearExtra);
  targetId = (await world.addProtagonist(OTHER_PLAYER, { name: "Target" })).id;
  await gear.weapon({
    actor: actor(),
    name: "Flamer",
    skill: "Firearms",
    damage: "1D4",
    range: "near",
    type: "periodic",
  });
  await gear.armour({
    actor: gm(),
    protagonistId: targetId,
    name: "Vest",
    protection: 2,
    fragile: true,
  });
});
afterEach(() => world.dispose());

describe("an attack on a Protagonist", () => {
  it("a critical: Fragile armour worn down, a Periodic wound until treated; undone as one", async () => {
    const before = await stateOf(world, targetId);
    await world.db.prisma.skill.updateMany({
      where: { protagonistId: world.hero.id, name: "Firearms" },
      data: { rating: 60 },
    });
    rng.queue(...percentileFaces(22), 4);
    const attack = await gear.attack({ actor: actor(), weapon: "Flamer", targetId });
    expect(attack.test.outcome).toBe("critical-success");
    expect(attack.hit?.damage?.total).toBe(4 - 2);
    expect(attack.target).toMatchObject({ wornArmour: ["Vest"], periodic: "Flamer" });
    const hurt = await stateOf(world, targetId);
    expect(hurt.hp).toBe(before.hp - 2);
    expect(gearOf(hurt).armour[0]?.protection).toBe(1);
    expect(gearOf(hurt).periodic).toEqual([{ name: "Flamer", dice: "1D4" }]);

    rng.queue(3);
    const round = await gear.periodic({ actor: gm(), protagonistId: targetId });
    expect(round.change).toMatchObject({ before: before.hp - 2, after: before.hp - 5 });
    const treated = await gear.treat({ actor: gm(), protagonistId: targetId, item: "flamer" });
    expect(gearOf(await stateOf(world, targetId)).periodic).toEqual([]);

    // Undo the treatment and the round, then the attack: both sheets as they were.
    for (const eventId of [treated.eventId, round.eventId, attack.eventId]) {
      await world.services.history.undo({ actor: gm(), eventId });
    }
    const restored = await stateOf(world, targetId);
    expect(restored.hp).toBe(before.hp);
    expect(gearOf(restored)).toEqual(gearOf(before));
  });

  it("beyond the weapon's range is hard; a miss changes no HP", async () => {
    const hp = (await stateOf(world, targetId)).hp;
    rng.queue(...percentileFaces(99));
    const miss = await gear.attack({ actor: actor(), weapon: "Flamer", targetId, range: "far" });
    expect(miss.outOfRange).toBe(true);
    expect(miss.test.modifier).toBe(-20);
    expect(miss.hit).toBeNull();
    expect((await stateOf(world, targetId)).hp).toBe(hp);
  });

  it("refuses without a trace: an unknown weapon, bad damage, a player's armour on another", async () => {
    const events = await eventCount(world);
    await expect(gear.attack({ actor: actor(), weapon: "Rifle" })).rejects.toMatchObject({
      code: "no-such-weapon",
    });
    await expect(
      gear.weapon({ actor: actor(), name: "Odd", skill: "Firearms", damage: "150%", range: "far" }),
    ).rejects.toMatchObject({ code: "bad-lethality" });
    await expect(
      gear.armour({ actor: actor(), protagonistId: targetId, name: "Coat", protection: 1 }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await eventCount(world)).toBe(events);
  });
});

describe("Heavy armour", () => {
  it("makes Athletics hard while worn, and leaves other tests alone", async () => {
    await gear.armour({ actor: actor(), name: "Plate", protection: 4, heavy: true });
    rng.queue(...percentileFaces(50), ...percentileFaces(50));
    const athletics = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Athletics" },
    });
    expect(athletics.test.conditions).toEqual([
      { kind: "extra", label: "Heavy armour", modifier: -20 },
    ]);
    const occult = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(occult.test.conditions).toEqual([]);
  });
});
