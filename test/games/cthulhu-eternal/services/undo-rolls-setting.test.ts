import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actor, gm, makeWorld, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

async function sanTest(): Promise<number> {
  rng.queue(...percentileFaces(100));
  const [outcome] = await world.services.sanity.sanTest({
    actor: actor(),
    loss: "0/2",
    threat: "unnatural",
  });
  return outcome?.eventId ?? 0;
}

async function failedSkillTest(): Promise<number> {
  rng.queue(...percentileFaces(97));
  const test = await world.services.rolls.rollTest({
    actor: actor(),
    subject: { kind: "skill", name: "Occult" },
  });
  expect(test.marked).toBe(true);
  return test.eventId;
}

const playerRoll = { refusal: { kind: "forbidden", reason: "player-roll" } };

describe("player-undo-rolls (default off)", () => {
  it("refuses a player's undo of their own SAN or skill test, changing nothing", async () => {
    const san = await sanTest();
    const skill = await failedSkillTest();
    const hero = () =>
      world.db.prisma.protagonist.findUniqueOrThrow({ where: { id: world.hero.id } });
    const before = await hero();
    const history = world.services.history;
    await expect(history.undo({ actor: actor(), eventId: skill })).rejects.toMatchObject(
      playerRoll,
    );
    await expect(
      world.services.historyBrowsing.undoPreview({ actor: actor(), eventId: skill }),
    ).rejects.toMatchObject(playerRoll);
    await expect(history.undo({ actor: actor(), eventId: san })).rejects.toMatchObject({
      refusal: { kind: "forbidden", reason: "player-roll" },
    });
    expect(await hero()).toEqual(before);
    // Autocomplete offers the player none of them.
    const offered = await world.services.historyBrowsing.undoable({ actor: actor() });
    expect(offered.map((e) => e.id)).not.toContain(skill);
    expect(offered.map((e) => e.id)).not.toContain(san);
  });

  it("still lets a player undo their own HP change", async () => {
    const { eventId } = await world.services.harm.hp({
      actor: actor(),
      protagonistId: world.hero.id,
      action: "damage",
      amount: 2,
    });
    await world.services.history.undo({ actor: actor(), eventId });
    const hero = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: world.hero.id },
    });
    expect(hero.hp).toBe(world.hero.hp);
  });

  it("lets a GM undo a player's test whatever the setting", async () => {
    const skill = await failedSkillTest();
    const undone = await world.services.history.undo({ actor: gm(), eventId: skill });
    expect(undone.undoneEventId).toBe(skill);
  });

  it("on, lets the player undo their own tests", async () => {
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { playerUndoRolls: true },
    });
    const san = await sanTest();
    const offered = await world.services.historyBrowsing.undoable({ actor: actor() });
    expect(offered.map((e) => e.id)).toContain(san);
    const undone = await world.services.history.undo({ actor: actor(), eventId: san });
    expect(undone.undoneEventId).toBe(san);
    const hero = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: world.hero.id },
    });
    expect(hero.san).toBe(world.hero.san);
  });
});
