/**
 * Gear and attacks on real SQLite: an attack's critical wears the target's Fragile armour and
 * leaves a Periodic wound, which hurts each round until treated; both sheets change in one event,
 * undone together; Heavy armour makes movement tests hard, and nothing else.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createExtrasService } from "../../../../src/games/cthulhu-eternal/extras/extras-service.js";
import { gearExtra } from "../../../../src/games/cthulhu-eternal/extras/gear/index.js";
import { entitiesExtra } from "../../../../src/games/cthulhu-eternal/extras/entities/index.js";
import { bestiaryOf } from "../../../../src/games/cthulhu-eternal/extras/entities/state.js";
import type { GearService } from "../../../../src/games/cthulhu-eternal/extras/gear/service.js";
import { gearOf } from "../../../../src/games/cthulhu-eternal/extras/gear/state.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { actor, gm, makeWorld, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { eventCount, stateOf } from "../../../support/service-world.js";

const modules = [gearExtra, entitiesExtra];
let world: World;
let rng: ReturnType<typeof queuedRng>;
let gear: GearService;
let targetId: string;
let extras: ReturnType<typeof createExtrasService>;
beforeEach(async () => {
  rng = queuedRng();
  const extensions = extensionPointsOf(modules);
  world = await makeWorld(rng, undefined, undefined, extensions);
  extras = createExtrasService({ store: world.db.store, rng, extensions }, modules);
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

describe("an attack on an entity", () => {
  beforeEach(async () => {
    await extras.change({ actor: gm(), moduleId: "entities", enabled: true });
    await extras.of(entitiesExtra).add({
      actor: gm(),
      name: "Deep One",
      kind: "creature",
      hp: 10,
      tags: "Armored 1, Vulnerable flamer",
    });
    await world.db.prisma.skill.updateMany({
      where: { protagonistId: world.hero.id, name: "Firearms" },
      data: { rating: 60 },
    });
  });
  const bestiary = async () =>
    bestiaryOf((await world.db.prisma.campaign.findFirstOrThrow()).extras).entities;

  it("a player can't name a hidden one: refused as unknown, nothing rolled or written", async () => {
    const events = await eventCount(world);
    await expect(
      gear.attack({ actor: actor(), weapon: "Flamer", opponent: "Deep One" }),
    ).rejects.toMatchObject({ code: "no-such-entity" });
    expect(await eventCount(world)).toBe(events);
  });

  it("its armour and vulnerability count, its HP is kept; a GM's attack on it stays private", async () => {
    rng.queue(...percentileFaces(30), 4);
    const hit = await gear.attack({
      actor: gm(),
      protagonistId: world.hero.id,
      weapon: "Flamer",
      opponent: "deep one",
    });
    expect(hit.hit).toMatchObject({ vulnerable: "flamer", dealt: (4 - 1) * 2 });
    expect(hit.target).toEqual({ kind: "opponent", name: "Deep One", state: "hurt" });
    expect(hit.hidden).toBe(true);
    expect((await bestiary())[0]?.wounds).toBe(6);
    await extras.of(entitiesExtra).show({ actor: gm(), name: "Deep One" });
    rng.queue(...percentileFaces(30), 3);
    const down = await gear.attack({ actor: actor(), weapon: "Flamer", opponent: "Deep One" });
    expect(down).toMatchObject({ hidden: false, target: { state: "destroyed" } });
    expect((await bestiary())[0]?.wounds).toBe(10);
  });

  it("undo gives the entity back its HP, newest first; an older wound waits for the later one", async () => {
    await extras.of(entitiesExtra).show({ actor: gm(), name: "Deep One" });
    rng.queue(...percentileFaces(30), 2);
    const first = await gear.attack({
      actor: gm(),
      protagonistId: world.hero.id,
      weapon: "Flamer",
      opponent: "Deep One",
    });
    rng.queue(...percentileFaces(30), 3);
    const second = await gear.attack({
      actor: gm(),
      protagonistId: world.hero.id,
      weapon: "Flamer",
      opponent: "Deep One",
    });
    expect((await bestiary())[0]?.wounds).toBe(2 + 4);

    const events = await eventCount(world);
    await expect(
      world.services.history.undo({ actor: gm(), eventId: first.eventId }),
    ).rejects.toMatchObject({
      refusal: { code: "campaign-data-changed-since", module: "entities" },
    });
    expect(await eventCount(world)).toBe(events);
    expect((await bestiary())[0]?.wounds).toBe(6);

    const undone = await world.services.history.undo({ actor: gm(), eventId: second.eventId });
    expect(undone.campaignData).toEqual(["entities"]);
    expect((await bestiary())[0]?.wounds).toBe(2);
    await world.services.history.undo({ actor: gm(), eventId: first.eventId });
    expect((await bestiary())[0]?.wounds).toBe(0);
  });
});

describe("an entity's weapons", () => {
  beforeEach(async () => {
    await extras.change({ actor: gm(), moduleId: "entities", enabled: true });
    await extras.of(entitiesExtra).add({ actor: gm(), name: "Deep One", kind: "creature", hp: 10 });
  });

  it("a GM arms it and it strikes: the damage type's critical, the target's armour and HP", async () => {
    await gear.entityWeapon({
      actor: gm(),
      entity: "deep one",
      name: "Claws",
      damage: "1d6",
      range: "touch",
      type: "blasting",
    });
    expect(await gear.entityWeapons({ actor: gm(), entity: "Deep One" })).toMatchObject([
      { name: "Claws", skill: "", harm: { kind: "dice", dice: "1D6" } },
    ]);
    const hp = (await stateOf(world, targetId)).hp;
    rng.queue(5);
    const struck = await gear.strike({
      actor: gm(),
      entity: "Deep One",
      weapon: "claws",
      targetId,
      critical: true,
    });
    // Hidden: the table reads "something"; doubled, then the Vest's 2 (worn down by the critical).
    expect(struck.entity).toBeNull();
    expect(struck.hit.dealt).toBe(5 * 2 - 2);
    expect(struck.target).toMatchObject({ wornArmour: ["Vest"] });
    expect((await stateOf(world, targetId)).hp).toBe(Math.max(0, hp - 8));
  });

  it("is a GM's: a player can neither arm nor strike with it", async () => {
    const events = await eventCount(world);
    await expect(
      gear.entityWeapon({
        actor: actor(),
        entity: "Deep One",
        name: "Claws",
        damage: "1D6",
        range: "touch",
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    await expect(
      gear.strike({ actor: actor(), entity: "Deep One", weapon: "Claws", targetId }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await eventCount(world)).toBe(events);
  });
});
