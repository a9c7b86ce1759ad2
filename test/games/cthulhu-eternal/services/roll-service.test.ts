import { rowLine } from "../../../support/event-lines.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../src/core/rng.js";
import { ServiceError } from "../../../../src/games/cthulhu-eternal/services/errors.js";
import { createUnloggedRolls } from "../../../../src/games/cthulhu-eternal/services/roll-service.js";
import { actor, makeWorld, OTHER_GUILD, type World } from "../../../support/fixtures.js";

let world: World;
// Faces for percentile dice (an opposed test: the roller's two, then the other side's): a d10
// face 10 reads as the digit 0.
let faces: number[];
beforeEach(async () => {
  faces = [];
  world = await makeWorld({ die: (sides) => scriptedRng([faces.shift() ?? 1]).die(sides) });
});
afterEach(() => world.dispose());

describe("roll service", () => {
  it("rolls an expression and logs it", async () => {
    faces = [3, 4];
    const { roll, eventId } = await world.services.rolls.rollExpression({
      actor: actor(),
      expression: "2d6+1",
    });
    expect(roll.total).toBe(8);
    const event = await world.db.prisma.event.findUnique({ where: { id: eventId } });
    expect(event?.kind).toBe("roll");
    expect(rowLine(event)).toContain("= 8");
  });

  it("a failed skill test marks the skill, once, and logs before/after", async () => {
    faces = [9, 5]; // 95 vs Occult 50: failure
    const result = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "occult" },
    });
    expect(result.test.outcome).toBe("failure");
    expect(result.marked).toBe(true);
    const skill = await world.db.prisma.skill.findFirst({
      where: { protagonistId: world.hero.id, key: "occult" },
    });
    expect(skill?.failureMarked).toBe(true);
    faces = [9, 6];
    const again = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(again.marked).toBe(false);
  });

  it("the campaign setting turns failure marks off", async () => {
    await world.services.campaigns.updateSettings({
      actor: actor({ userId: "300000000000000001", canManageGuild: true }),
      rules: { failureMarks: false },
    });
    faces = [9, 5];
    const result = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(result.marked).toBe(false);
  });

  it("stat tests use stat × 5, luck 50, plain targets with modifiers", async () => {
    faces = [7, 1]; // 71 vs INT 15 ×5 = 75
    const stat = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "stat", stat: "INT" },
    });
    expect(stat.test.target).toBe(75);
    expect(stat.test.success).toBe(true);
    faces = [5, 1];
    const luck = await world.services.rolls.rollTest({ actor: actor(), subject: { kind: "luck" } });
    expect(luck.test.target).toBe(50);
    expect(luck.test.success).toBe(false);
    faces = [3, 0 + 10];
    const target = await world.services.rolls.rollTest({
      actor: actor(),
      modifier: -20,
      subject: { kind: "target", target: 45 },
    });
    expect(target.test.target).toBe(25);
    expect(target.test.roll.value).toBe(30);
    expect(target.test.success).toBe(false);
  });

  it("an unknown skill is not found, with the closest skills on the sheet; nothing changes", async () => {
    const before = await world.db.prisma.event.count();
    const lookup = (name: string) =>
      world.services.rolls.rollTest({ actor: actor(), subject: { kind: "skill", name } });
    const notFound = (typed: string, suggestions: string[]) => ({
      kind: "not-found",
      lookup: { kind: "skill", typed, owner: "Dr. Miriam Vance", suggestions },
    });
    await expect(lookup("Basket Weaving")).rejects.toMatchObject(notFound("Basket Weaving", []));
    await expect(lookup("Science")).rejects.toMatchObject(
      notFound("Science", ["Science (Biology)", "Science (Chemistry)"]),
    );
    await expect(lookup("Shooting")).rejects.toMatchObject(notFound("Shooting", ["Firearms"]));
    expect(await world.db.prisma.event.count()).toBe(before);
  });

  it("finds a Protagonist of the channel's campaign by its name typed in full", async () => {
    faces = [1, 1];
    const result = await world.services.rolls.rollTest({
      actor: actor(),
      protagonistId: "dr. miriam vance",
      subject: { kind: "skill", name: "Occult" },
    });
    expect(result.protagonist?.id).toBe(world.hero.id);
    await expect(
      world.services.rolls.rollTest({
        actor: actor(),
        protagonistId: "Miriam Vanse",
        subject: { kind: "skill", name: "Occult" },
      }),
    ).rejects.toMatchObject({
      lookup: {
        kind: "protagonist",
        typed: "Miriam Vanse",
        owner: "Night Floors",
        suggestions: ["Dr. Miriam Vance"],
      },
    });
  });

  it("a Protagonist of another guild is not found", async () => {
    await expect(
      world.services.rolls.rollTest({
        actor: actor({ guildId: OTHER_GUILD }),
        protagonistId: world.hero.id,
        subject: { kind: "stat", stat: "POW" },
      }),
    ).rejects.toBeInstanceOf(ServiceError);
  });
});

describe("roll service: an exhausted Protagonist", () => {
  const exhaust = (exhausted: boolean) =>
    world.db.prisma.protagonist.update({ where: { id: world.hero.id }, data: { exhausted } });

  it("takes the campaign's exhaustion penalty on skill, stat and Luck tests until rested", async () => {
    await exhaust(true);
    faces = [4, 5]; // 45 vs Occult 50 − 20
    const skill = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(skill.test).toMatchObject({
      rating: 50,
      target: 30,
      success: false,
      conditions: [{ kind: "exhausted", modifier: -20 }],
    });
    faces = [1, 2];
    const stat = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "stat", stat: "POW" },
    });
    expect(stat.test.target).toBe(14 * 5 - 20);
    faces = [4, 1]; // 41 vs Luck 50 − 20
    const luck = await world.services.rolls.rollTest({ actor: actor(), subject: { kind: "luck" } });
    expect(luck.test).toMatchObject({ target: 30, success: false });
    expect(luck.protagonist?.id).toBe(world.hero.id);

    await world.services.campaigns.updateSettings({
      actor: actor({ userId: "300000000000000001", canManageGuild: true }),
      rules: { exhaustionPenalty: 10 },
    });
    faces = [1, 2];
    const milder = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(milder.test.target).toBe(40);

    faces = [3];
    await world.services.harm.rest({ actor: actor() });
    faces = [4, 5];
    const rested = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(rested.test).toMatchObject({ target: 50, success: true, conditions: [] });
  });

  it("leaves a plain target, and a GM's Luck with no Protagonist, alone", async () => {
    await exhaust(true);
    faces = [4, 5];
    const plain = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "target", target: 50 },
    });
    expect(plain.test.target).toBe(50);
    faces = [4, 5];
    const gmLuck = await world.services.rolls.rollTest({
      actor: actor({ userId: "300000000000000001", canManageGuild: true }),
      subject: { kind: "luck" },
    });
    expect(gmLuck.test.target).toBe(50);
    expect(gmLuck.protagonist).toBeNull();
  });
});

async function eventRow(id: number) {
  return world.db.prisma.event.findUnique({ where: { id } });
}

describe("roll service: opposed tests", () => {
  it("rolls both sides, the other against its own target, and logs one event", async () => {
    const before = await world.db.prisma.event.count();
    faces = [4, 5, 5, 8]; // Occult 50 rolls 45; the guard's 60 rolls 58: both succeed, 58 higher
    const result = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
      versus: { target: 60, label: "  the guard's Alertness " },
    });
    expect(result.test).toMatchObject({ target: 50, outcome: "success", label: "Occult" });
    expect(result.opposed?.test).toMatchObject({
      target: 60,
      outcome: "success",
      label: "the guard's Alertness",
      roll: { value: 58 },
    });
    expect(result.opposed?.result).toMatchObject({ winner: "b", basis: "higher-roll" });
    expect(result.marked).toBe(false);
    expect(await world.db.prisma.event.count()).toBe(before + 1);
    const event = await eventRow(result.eventId);
    expect(event?.kind).toBe("test");
    expect(event?.visibility).toBe("campaign");
    expect(rowLine(event)).toBe(
      "Dr. Miriam Vance: Occult 45 vs 50: success; versus the guard's Alertness 58 vs 60: success; lost (higher roll)",
    );
  });

  it("ticks the Protagonist's failure mark when its side fails, as a plain test would", async () => {
    faces = [9, 5, 10, 5]; // Occult 95: failure; the other side's 05 vs 30: success
    const result = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
      versus: { target: 30 },
    });
    expect(result.opposed?.result).toMatchObject({ winner: "b", basis: "only-one-succeeded" });
    expect(result.marked).toBe(true);
    const skill = await world.db.prisma.skill.findFirst({
      where: { protagonistId: world.hero.id, key: "occult" },
    });
    expect(skill?.failureMarked).toBe(true);
    expect(rowLine(await eventRow(result.eventId))).toMatch(
      /; lost \(only one succeeded\) \(marked\)$/,
    );
  });

  it("leaves the mark alone when the Protagonist succeeds but loses, and keeps a secret one secret", async () => {
    faces = [3, 0 + 10, 2, 2]; // Occult 30: success; 22 vs 40: a critical, which beats it
    const result = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
      versus: { target: 40 },
      secret: true,
    });
    expect(result.opposed?.result).toMatchObject({
      winner: "b",
      basis: "critical-beats-success",
    });
    expect(result.marked).toBe(false);
    expect((await eventRow(result.eventId))?.visibility).toBe("actor-and-gms");
  });

  it("refuses a target out of range and logs nothing", async () => {
    const before = await world.db.prisma.event.count();
    await expect(
      world.services.rolls.rollTest({
        actor: actor(),
        subject: { kind: "target", target: 50 },
        versus: { target: 201 },
      }),
    ).rejects.toMatchObject({ kind: "invalid" });
    expect(await world.db.prisma.event.count()).toBe(before);
  });
});

describe("unlogged rolls: opposed tests", () => {
  it("rolls a target against a target where no campaign is", () => {
    const dice = [2, 2, 4, 3, 5, 5]; // 22 vs 50, 43 vs 50: both succeed, only the first critically
    const rolls = createUnloggedRolls({ rng: scriptedRng(dice) });
    const result = rolls.rollTest({
      subject: { kind: "target", target: 50 },
      versus: { target: 50 },
    });
    expect(result.test.roll.value).toBe(22);
    expect(result.opposed?.test.roll.value).toBe(43);
    expect(result.opposed?.result).toMatchObject({ winner: "a", basis: "critical-beats-success" });
    expect(rolls.rollTest({ subject: { kind: "luck" } }).opposed).toBeNull();
  });
});
