import { lineOf } from "../../../support/event-lines.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  actor,
  gm,
  makeWorld,
  OTHER_GUILD,
  OTHER_PLAYER,
  type World,
} from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

const state = async (id: string) => {
  const p = await world.db.prisma.protagonist.findUniqueOrThrow({
    where: { id },
    include: {
      bonds: { orderBy: { id: "asc" } },
      skills: { orderBy: { id: "asc" } },
      disorders: true,
    },
  });
  const { updatedAt: _u, ...rest } = p;
  return { ...rest, disorders: p.disorders.map((d) => d.name) };
};

async function loseSan(amount: number) {
  rng.queue(...percentileFaces(100));
  const [outcome] = await world.services.sanity.sanTest({
    actor: actor(),
    loss: `0/${amount}`,
    threat: "unnatural",
  });
  return outcome?.eventId ?? 0;
}

describe("undo", () => {
  it("restores the exact state before a SAN test, by a compensating event", async () => {
    const before = await state(world.hero.id);
    const eventId = await loseSan(4);
    const undone = await world.services.history.undo({ actor: gm(), eventId });
    expect(await state(world.hero.id)).toEqual(before);
    const original = await world.db.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(original.undoneById).toBe(undone.undoEventId);
    const compensating = await world.db.prisma.event.findUniqueOrThrow({
      where: { id: undone.undoEventId },
    });
    expect(compensating.kind).toBe("undo");
    expect(compensating.undoesId).toBe(eventId);
  });

  it("undoes a failure mark and a breaking-point disorder", async () => {
    const before = await state(world.hero.id);
    rng.queue(...percentileFaces(97));
    const mark = await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    expect(mark.marked).toBe(true);
    await world.services.history.undo({ actor: gm(), eventId: mark.eventId });
    expect(await state(world.hero.id)).toEqual(before);

    await world.db.prisma.protagonist.update({ where: { id: world.hero.id }, data: { san: 57 } });
    const atBp = await state(world.hero.id);
    const eventId = await loseSan(2);
    expect((await state(world.hero.id)).disorders).toHaveLength(1);
    await world.services.history.undo({ actor: gm(), eventId });
    expect(await state(world.hero.id)).toEqual(atBp);
  });

  it("refuses when a later change depends on it, then allows it once that is undone", async () => {
    const first = await loseSan(2);
    const second = await loseSan(3);
    await expect(
      world.services.history.undo({ actor: gm(), eventId: first }),
    ).rejects.toMatchObject({
      refusal: { kind: "blocked", eventId: first, chain: [{ id: second }] },
    });
    await world.services.history.undo({ actor: gm(), eventId: second });
    await world.services.history.undo({ actor: gm(), eventId: first });
    expect((await state(world.hero.id)).san).toBe(70);
  });

  it("refuses twice, refuses other players, lets a GM undo anyone's change", async () => {
    const eventId = await loseSan(2);
    await expect(
      world.services.history.undo({ actor: actor({ userId: OTHER_PLAYER }), eventId }),
    ).rejects.toMatchObject({ refusal: { kind: "forbidden", reason: "someone-else" } });
    await world.services.history.undo({ actor: gm(), eventId });
    await expect(
      refusal(world.services.history.undo({ actor: actor(), eventId })),
    ).resolves.toMatch(/already undone/);
  });

  it("a roll changed nothing and cannot be undone; another guild's event is not found", async () => {
    rng.queue(3);
    const { eventId } = await world.services.rolls.rollExpression({
      actor: actor(),
      expression: "1d6",
    });
    await expect(
      refusal(world.services.history.undo({ actor: actor(), eventId })),
    ).resolves.toMatch(/changed nothing/);
    const change = await loseSan(1);
    await expect(
      refusal(
        world.services.history.undo({ actor: actor({ guildId: OTHER_GUILD }), eventId: change }),
      ),
    ).resolves.toMatch(/not found/);
  });

  it("finds the actor's latest change for /undo", async () => {
    await loseSan(1);
    const latest = await loseSan(2);
    const candidate = await world.services.history.undoCandidate({ actor: actor() });
    expect(candidate.id).toBe(latest);
    await expect(
      refusal(world.services.history.undoCandidate({ actor: actor({ userId: OTHER_PLAYER }) })),
    ).resolves.toMatch(/no change to undo/);
  });
});

describe("history", () => {
  it("pages newest first and filters by Protagonist", async () => {
    const other = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    for (let i = 0; i < 12; i += 1) await loseSan(1);
    rng.queue(...percentileFaces(100));
    await world.services.sanity.sanTest({
      actor: gm(),
      protagonistIds: [other.id],
      loss: "0/1",
      threat: "violence",
    });

    const first = await world.services.history.history({
      actor: actor(),
      protagonistId: world.hero.id,
      pageSize: 5,
    });
    expect(first.entries).toHaveLength(5);
    expect(first.entries.every((e) => lineOf(e.fact).startsWith("Dr. Miriam Vance"))).toBe(true);
    const ids = first.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await world.services.history.history({
      actor: actor(),
      protagonistId: world.hero.id,
      pageSize: 5,
      beforeId: first.nextBeforeId,
    });
    expect(Math.max(...second.entries.map((e) => e.id))).toBeLessThan(Math.min(...ids));
    const third = await world.services.history.history({
      actor: actor(),
      protagonistId: world.hero.id,
      pageSize: 5,
      beforeId: second.nextBeforeId,
    });
    expect(third.entries).toHaveLength(2);
    expect(third.nextBeforeId).toBeNull();

    const campaign = await world.services.history.history({ actor: actor(), pageSize: 25 });
    expect(campaign.entries.some((e) => lineOf(e.fact).startsWith("Ada Quill"))).toBe(true);
  });

  it("another guild sees none of it", async () => {
    await loseSan(1);
    await expect(
      refusal(world.services.history.history({ actor: actor({ guildId: OTHER_GUILD }) })),
    ).resolves.toMatch(/no campaign/);
    await expect(
      refusal(world.services.history.history({ actor: actor(), protagonistId: "nope" })),
    ).resolves.toMatch(/There is no Protagonist/);
  });
});
