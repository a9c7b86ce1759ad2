/** Resource service: status, Resources tests, gains and losses, and who may ask for them. */
import { rowLine } from "../../../support/event-lines.js";
import { describe, expect, it } from "vitest";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import { actor, gm, OTHER_GUILD, OTHER_PLAYER } from "../../../support/fixtures.js";
import { eventCount, otherGuildCampaign, stateOf } from "../../../support/service-world.js";
import { refusal } from "../../../support/refusal-words.js";
import {
  faces,
  heroResources,
  resources,
  setResources,
  world,
} from "./resource-service-support.js";

describe("resource service: status and tests", () => {
  it("status shows the breakdown, boxes and effective ratings", async () => {
    await setResources(world.hero.id, 15, 1);
    const status = await resources.status({ actor: actor() });
    expect(status).toMatchObject({
      rating: 15,
      atHand: 6,
      stowed: 6,
      inStorage: 3,
      checkBoxes: 3,
      checked: 1,
      unchecked: 2,
      exhausted: false,
      effective: { "at-hand": 6, "with-vehicle": 12, home: 15 },
    });
  });

  it("a success checks a box; with every box checked the test is refused", async () => {
    faces.push(1, 2); // 12 vs Resources 5 × 5 = 25
    const result = await resources.test({ actor: actor(), where: "at-hand" });
    expect(result.result).toMatchObject({
      target: 25,
      outcome: "success",
      quality: "standard",
      checkedAfter: 1,
    });
    expect(result.status).toMatchObject({ checked: 1, checkBoxes: 1, exhausted: true });
    expect((await heroResources()).checked).toBe(1);
    const event = await world.db.prisma.event.findUnique({ where: { id: result.eventId } });
    expect(rowLine(event)).toBe(
      "Dr. Miriam Vance: Resources test (at hand, normal) 12 vs 25: success, standard; boxes 1/1",
    );

    const events = await eventCount(world);
    faces.push(1, 2);
    const refused = resources.test({ actor: actor(), where: "home" });
    await expect(refused).rejects.toBeInstanceOf(RulesError);
    await expect(refusal(refused)).resolves.toMatch(/Replenish it in downtime/);
    expect(await eventCount(world)).toBe(events);
  });

  it("difficulty, location and quality: best on a critical, sub-standard just under", async () => {
    await setResources(world.hero.id, 15);
    faces.push(10, 1); // 01: critical
    const best = await resources.test({ actor: actor(), where: "home", difficulty: "hard" });
    expect(best.result).toMatchObject({ effectiveRating: 15, target: 37, quality: "best" });
    faces.push(5, 8); // 58 vs with-vehicle 12 × 5 = 60, top 10%: sub-standard
    const poor = await resources.test({ actor: actor(), where: "with-vehicle" });
    expect(poor.result).toMatchObject({ target: 60, quality: "sub-standard", checkedAfter: 2 });
    faces.push(2, 0 + 10); // 20 vs at hand 6 × 5 / 4 = 7: failure, nothing checked
    const miss = await resources.test({
      actor: actor(),
      where: "at-hand",
      difficulty: "very-hard",
    });
    expect(miss.result).toMatchObject({ target: 7, success: false, quality: null });
    expect((await heroResources()).checked).toBe(2);
    const event = await world.db.prisma.event.findUnique({ where: { id: miss.eventId } });
    expect(event?.changed).toBe(false);
  });

  it("a specialised item costs Permanent Resources and the breakdown follows", async () => {
    await setResources(world.hero.id, 13);
    faces.push(3, 0 + 10); // 30 vs 65
    const result = await resources.test({ actor: actor(), where: "home", specialisedCost: 2 });
    expect(result.result.ratingAfter).toBe(11);
    expect(await heroResources()).toEqual({
      rating: 11,
      atHand: 6,
      stowed: 5,
      storage: 0,
      checked: 1,
    });
  });
});

describe("resource service: gains and losses", () => {
  it("a gain is the GM's award: a player's own attempt is refused and nothing is rolled", async () => {
    const events = await eventCount(world);
    const refused = resources.gain({ actor: actor(), amount: 2 });
    await expect(refused).rejects.toMatchObject({ kind: "forbidden" });
    expect(await refusal(refused)).toBe(
      "The GM decides what a find is worth: ask your GM to award it, and they roll the gain for you.",
    );
    expect(await eventCount(world)).toBe(events);
    expect((await heroResources()).rating).toBe(5);
  });

  it("a gain needs a roll ABOVE rating × 5, then adds points or dice", async () => {
    faces.push(3, 0 + 10); // 30 > 25
    const points = await resources.gain({ actor: gm(), protagonistId: world.hero.id, amount: 2 });
    expect(points.result).toMatchObject({ success: true, ratingAfter: 7 });
    expect(await heroResources()).toEqual({
      rating: 7,
      atHand: 6,
      stowed: 1,
      storage: 0,
      checked: 0,
    });
    expect(points.status.checkBoxes).toBe(2);

    faces.push(4, 0 + 10, 4); // 40 > 35, then 1D6 = 4
    const dice = await resources.gain({ actor: gm(), protagonistId: world.hero.id, amount: "1D6" });
    expect(dice.result).toMatchObject({ gained: 4, ratingAfter: 11 });
    const event = await world.db.prisma.event.findUnique({ where: { id: dice.eventId } });
    expect(rowLine(event)).toBe("Dr. Miriam Vance: Resources 7 → 11 (1d6 = 4); 40 above 35");

    faces.push(5, 5); // 55 is not above 55
    const none = await resources.gain({ actor: gm(), protagonistId: world.hero.id, amount: 3 });
    expect(none.result.success).toBe(false);
    expect((await heroResources()).rating).toBe(11);
  });

  it("a bad dice award is refused before any roll", async () => {
    const events = await eventCount(world);
    await expect(
      resources.gain({ actor: gm(), protagonistId: world.hero.id, amount: "1D" }),
    ).rejects.toBeInstanceOf(RulesError);
    expect(await eventCount(world)).toBe(events);
  });

  it("losses are for the GM; boxes and checks shrink with the rating", async () => {
    await expect(resources.lose({ actor: actor(), amount: 1 })).rejects.toMatchObject({
      kind: "forbidden",
    });
    await setResources(world.hero.id, 13, 3);
    const loss = await resources.lose({
      actor: gm(),
      protagonistId: world.hero.id,
      amount: 2,
      why: "robbed",
    });
    expect(loss.result).toMatchObject({ ratingAfter: 11, checkedAfter: 2 });
    expect(await heroResources()).toEqual({
      rating: 11,
      atHand: 6,
      stowed: 5,
      storage: 0,
      checked: 2,
    });
    const event = await world.db.prisma.event.findUnique({ where: { id: loss.eventId } });
    expect(rowLine(event)).toBe("Dr. Miriam Vance: Resources 13 → 11 (−2, robbed)");
  });
});

describe("resource service: an exhausted Protagonist", () => {
  it("tests Resources at the penalty until rested, alone or as a pool's lead", async () => {
    await world.db.prisma.protagonist.update({
      where: { id: world.hero.id },
      data: { exhausted: true },
    });
    faces.push(1, 2); // 12 vs Resources 5 × 5 − 20 = 5: a failure, no box
    const alone = await resources.test({ actor: actor(), where: "at-hand" });
    expect(alone.result).toMatchObject({
      target: 5,
      success: false,
      checkedAfter: 0,
      conditions: [{ kind: "exhausted", modifier: -20 }],
    });

    const other = await world.addProtagonist(OTHER_PLAYER, { name: "Jack Brand" });
    const contributors = [
      { protagonistId: world.hero.id, where: "home" as const },
      { protagonistId: other.id, where: "home" as const },
    ];
    faces.push(1, 2); // lead Miriam (first of equal ratings): (5 + 1) × 5 − 20 = 10
    const pooled = await resources.pool({ actor: gm(), contributors });
    expect(pooled.result).toMatchObject({ target: 10, success: false });

    faces.push(2); // rest: 1D6 WP back
    await world.services.harm.rest({ actor: actor() });
    faces.push(1, 2);
    const rested = await resources.test({ actor: actor(), where: "at-hand" });
    expect(rested.result).toMatchObject({ target: 25, success: true, conditions: [] });
  });
});

describe("resource service: refusals", () => {
  it("another player's Protagonist and another guild's are refused; nothing changes", async () => {
    await otherGuildCampaign(world);
    const events = await eventCount(world);
    await expect(
      resources.check({ actor: actor({ userId: OTHER_PLAYER }), protagonistId: world.hero.id }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    await expect(
      resources.test({
        actor: gm({ guildId: OTHER_GUILD }),
        protagonistId: world.hero.id,
        where: "home",
      }),
    ).rejects.toMatchObject({ kind: "not-found" });
    await expect(
      resources.replenish({ actor: gm({ guildId: OTHER_GUILD }), protagonistIds: [world.hero.id] }),
    ).rejects.toMatchObject({ kind: "not-found" });
    await expect(
      resources.test({ actor: actor(), where: "garage" as "home" }),
    ).rejects.toMatchObject({
      problem: {
        field: "where",
        issue: { kind: "not-one-of", allowed: ["at-hand", "with-vehicle", "home"] },
      },
    });
    expect(await eventCount(world)).toBe(events);
    expect(await stateOf(world, world.hero.id)).toEqual(world.hero);
  });
});

describe("resource service: concurrency", () => {
  it("100 parallel losses of 1 lose no update, and the breakdown follows", async () => {
    await setResources(world.hero.id, 150, 3);
    await Promise.all(
      Array.from({ length: 100 }, () =>
        resources.lose({ actor: gm(), protagonistId: world.hero.id, amount: 1 }),
      ),
    );
    expect(await heroResources()).toEqual({
      rating: 50,
      atHand: 6,
      stowed: 6,
      storage: 38,
      checked: 3,
    });
    expect(await eventCount(world, "resource-loss")).toBe(100);
  });
});
