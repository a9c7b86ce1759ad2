import { rowLine } from "../../../support/event-lines.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import {
  createHarmService,
  type HarmService,
} from "../../../../src/games/cthulhu-eternal/services/harm-service.js";
import { actor, gm, OTHER_GUILD, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import {
  eventCount,
  otherGuildCampaign,
  scriptedWorld,
  stateOf,
} from "../../../support/service-world.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let faces: number[];
let harm: HarmService;

beforeEach(async () => {
  const made = await scriptedWorld();
  world = made.world;
  faces = made.faces;
  // The sample sheet: HP 10/10, WP 14/14.
  harm = createHarmService({ store: world.db.store, rng: made.rng });
});
afterEach(() => world.dispose());

const hero = () => stateOf(world, world.hero.id);

describe("harm service: HP", () => {
  it("damage by points and dice, heal (capped at max), set", async () => {
    const hit = await harm.hp({ actor: actor(), action: "damage", amount: 3 });
    expect(hit.change).toMatchObject({ before: 10, after: 7, applied: -3, state: "active" });
    faces.push(4);
    const rolled = await harm.hp({ actor: actor(), action: "damage", amount: "1D6" });
    expect(rolled.roll?.total).toBe(4);
    expect(rolled.change.after).toBe(3);
    const event = await world.db.prisma.event.findUnique({ where: { id: rolled.eventId } });
    expect(rowLine(event)).toBe("Dr. Miriam Vance: HP 7 → 3 (damage 1d6: 4)");
    const healed = await harm.hp({ actor: actor(), action: "heal", amount: 20 });
    expect(healed.change).toMatchObject({ after: 10, applied: 7 });
    const set = await harm.hp({ actor: actor(), action: "set", amount: 5 });
    expect(set.change.after).toBe(5);
    expect((await hero()).hp).toBe(5);
  });

  it("at 2 HP unconscious; at 0 dead, and a dead Protagonist takes no more changes", async () => {
    const down = await harm.hp({ actor: actor(), action: "damage", amount: 8 });
    expect(down.change).toMatchObject({ after: 2, state: "unconscious", crossed: ["unconscious"] });
    expect(down.conditions).toEqual([{ code: "unconscious", by: { pool: "HP", value: 2 } }]);
    expect(down.died).toBe(false);
    const dead = await harm.hp({ actor: actor(), action: "damage", amount: 5 });
    expect(dead.change).toMatchObject({ after: 0, state: "dead", crossed: ["dead"] });
    expect(dead.died).toBe(true);
    expect(dead.protagonist.status).toBe("dead");
    expect(dead.conditions).toEqual([{ code: "dead", by: { pool: "HP", value: 0 } }]);
    expect((await hero()).status).toBe("dead");

    const events = await eventCount(world);
    await expect(
      refusal(harm.hp({ actor: gm(), protagonistId: world.hero.id, action: "heal", amount: 5 })),
    ).resolves.toMatch(/is dead and out of play/);
    expect(await eventCount(world)).toBe(events);
  });

  it("refuses bad amounts with nothing changed", async () => {
    const events = await eventCount(world);
    await expect(
      harm.hp({ actor: actor(), action: "damage", amount: "2D" }),
    ).rejects.toBeInstanceOf(RulesError);
    await expect(harm.hp({ actor: actor(), action: "set", amount: "1D6" })).rejects.toMatchObject({
      problem: { field: "amount", issue: { kind: "not-a-number" } },
    });
    await expect(refusal(harm.hp({ actor: actor(), action: "set", amount: 11 }))).resolves.toMatch(
      /at most 10 HP/,
    );
    await expect(harm.hp({ actor: actor(), action: "damage", amount: 0 })).rejects.toMatchObject({
      problem: { field: "amount", issue: { kind: "points-or-dice", minimum: 1, maximum: 999 } },
    });
    await expect(harm.hp({ actor: actor(), action: "damage", amount: -3 })).rejects.toMatchObject({
      problem: { field: "amount" },
    });
    expect(await eventCount(world)).toBe(events);
    expect(await hero()).toEqual(world.hero);
  });
});

describe("harm service: WP, exhaustion", () => {
  it("2 WP is an emotional collapse, 0 WP unconscious; no status change", async () => {
    const low = await harm.wp({ actor: actor(), action: "damage", amount: 12 });
    expect(low.change).toMatchObject({ after: 2, state: "emotional-collapse" });
    expect(low.conditions).toEqual([{ code: "emotional-collapse", by: { pool: "WP", value: 2 } }]);
    const out = await harm.wp({ actor: actor(), action: "damage", amount: 9 });
    expect(out.change).toMatchObject({ after: 0, applied: -2, state: "unconscious" });
    expect(out.conditions).toEqual([{ code: "unconscious", by: { pool: "WP", value: 0 } }]);
    expect(await hero()).toMatchObject({ wp: 0, status: "active" });
    const set = await harm.wp({ actor: actor(), action: "set", amount: 14 });
    expect(set.change.after).toBe(14);
  });

  it("exhaustion costs 1D6 WP until rested; rest regains 1D6", async () => {
    faces.push(3);
    const tired = await harm.exhaust({ actor: actor() });
    expect(tired.result).toMatchObject({ wpRoll: 3, exhausted: true, testModifier: -20 });
    expect(await hero()).toMatchObject({ wp: 11, exhausted: true });
    await expect(harm.exhaust({ actor: actor() })).rejects.toMatchObject({
      code: "already-exhausted",
    });
    faces.push(6);
    const rested = await harm.rest({ actor: actor() });
    expect(rested.result.wp).toMatchObject({ before: 11, after: 14 });
    expect(await hero()).toMatchObject({ wp: 14, exhausted: false });
  });
});

describe("harm service: lethality", () => {
  it("not lethal: the digits are the damage", async () => {
    faces.push(3, 5); // 35 vs 10%: 3 + 5 = 8
    const result = await harm.lethality({ actor: actor(), rating: 10 });
    expect(result.result).toMatchObject({ lethal: false, damage: 8 });
    expect(result.change).toMatchObject({ before: 10, after: 2, state: "unconscious" });
    expect(result.died).toBe(false);
  });

  it("lethal: HP 0 and dead", async () => {
    faces.push(10, 5); // 05 vs 10%
    const result = await harm.lethality({ actor: actor(), rating: 10 });
    expect(result.result.lethal).toBe(true);
    expect(result.died).toBe(true);
    expect(await hero()).toMatchObject({ hp: 0, status: "dead" });
    const event = await world.db.prisma.event.findUnique({ where: { id: result.eventId } });
    expect(rowLine(event)).toBe(
      "Dr. Miriam Vance: lethality 10% rolled 05: lethal, HP 10 → 0, dead",
    );
  });

  it("a critical doubles the rating and the damage", async () => {
    faces.push(7, 10); // 70 vs 60%: (7 + 10) × 2 = 34
    const result = await harm.lethality({ actor: actor(), rating: 30, critical: true });
    expect(result.result).toMatchObject({ lethal: false, effectiveRating: 60, damage: 34 });
    expect(result.change.after).toBe(0);
    expect(result.died).toBe(true);
  });
});

describe("harm service: who may act", () => {
  it("another player is refused; a GM may; another guild's id is not found", async () => {
    await expect(
      harm.hp({
        actor: actor({ userId: OTHER_PLAYER }),
        protagonistId: world.hero.id,
        action: "damage",
        amount: 1,
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    const byGm = await harm.hp({
      actor: gm(),
      protagonistId: world.hero.id,
      action: "damage",
      amount: 1,
    });
    expect(byGm.change.after).toBe(9);
    await otherGuildCampaign(world);
    await expect(
      harm.lethality({
        actor: gm({ guildId: OTHER_GUILD }),
        protagonistId: world.hero.id,
        rating: 5,
      }),
    ).rejects.toMatchObject({ kind: "not-found" });
    expect((await hero()).hp).toBe(9);
  });
});

describe("harm service: undo", () => {
  it("undoing each kind of change restores the exact state, death included", async () => {
    const start = await hero();
    const undo = async (eventId: number) => {
      // A GM: lethality is a roll, which players may not undo by default.
      await world.services.history.undo({ actor: gm(), eventId });
      expect(await hero()).toEqual(start);
    };
    await undo((await harm.hp({ actor: actor(), action: "damage", amount: 10 })).eventId);
    await undo((await harm.wp({ actor: actor(), action: "set", amount: 1 })).eventId);
    faces.push(10, 1);
    await undo((await harm.lethality({ actor: actor(), rating: 50 })).eventId);
    faces.push(5);
    await undo((await harm.exhaust({ actor: actor() })).eventId);
    await harm.wp({ actor: actor(), action: "damage", amount: 4 });
    const tired = await hero();
    faces.push(2);
    const rested = await harm.rest({ actor: actor() });
    await world.services.history.undo({ actor: actor(), eventId: rested.eventId });
    expect(await hero()).toEqual(tired);
  });
});

describe("harm service: concurrency", () => {
  it("100 parallel WP losses of 1 lose no update", async () => {
    // A WP pool this deep never happens in play; set directly so one pool takes every hit.
    await world.db.prisma.protagonist.update({
      where: { id: world.hero.id },
      data: { wp: 150, wpMax: 150 },
    });
    await Promise.all(
      Array.from({ length: 100 }, () => harm.wp({ actor: actor(), action: "damage", amount: 1 })),
    );
    expect((await hero()).wp).toBe(50);
    expect(await eventCount(world, "wp")).toBe(100);
  });
});
