import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedRng } from "../../src/rules/rng.js";
import { createUnloggedRolls } from "../../src/services/roll-service.js";
import { actor, makeWorld, type World } from "../support/fixtures.js";

let world: World;
// Faces for percentile dice, the roller's two first, then the other side's: a face 10 reads as 0.
let faces: number[];
beforeEach(async () => {
  faces = [];
  world = await makeWorld({ die: (sides) => scriptedRng([faces.shift() ?? 1]).die(sides) });
});
afterEach(() => world.dispose());

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
    expect(event?.summary).toBe(
      "Dr. Miriam Vance: Occult 45 vs 50: success; versus the guard's Alertness 58 vs 60: success; lost (higher-roll)",
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
    expect((await eventRow(result.eventId))?.summary).toMatch(
      /; lost \(only-one-succeeded\) \(marked\)$/,
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
