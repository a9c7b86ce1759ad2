import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actor, gm, makeWorld, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
beforeEach(async () => {
  world = await makeWorld();
});
afterEach(() => world.dispose());

/** `count` HP changes of the hero (alternating damage and healing), their event ids in order. */
async function hpChanges(count: number, by = actor()): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const action = i % 2 === 0 ? "damage" : "heal";
    const outcome = await world.services.harm.hp({
      actor: by,
      protagonistId: world.hero.id,
      action,
      amount: 1,
    });
    ids.push(outcome.eventId);
  }
  return ids;
}

describe("historyNewer", () => {
  it("pages back up from the oldest page to the newest, a page at a time", async () => {
    const ids = await hpChanges(25);
    const history = world.services.history;
    const first = await history.history({ actor: actor(), protagonistId: world.hero.id });
    const second = await history.history({
      actor: actor(),
      protagonistId: world.hero.id,
      beforeId: first.nextBeforeId,
    });
    const third = await history.history({
      actor: actor(),
      protagonistId: world.hero.id,
      beforeId: second.nextBeforeId,
    });
    expect(third.entries.map((e) => e.id)).toEqual(ids.slice(0, 5).reverse());

    const oldest = third.entries[0]?.id ?? 0;
    const up = await world.services.historyBrowsing.historyNewer({
      actor: actor(),
      protagonistId: world.hero.id,
      afterId: oldest,
    });
    expect(up.entries.map((e) => e.id)).toEqual(second.entries.map((e) => e.id));
    expect(up.nextBeforeId).toBe(second.nextBeforeId);
    expect(up.hasNewer).toBe(true);

    const top = await world.services.historyBrowsing.historyNewer({
      actor: actor(),
      protagonistId: world.hero.id,
      afterId: up.entries[0]?.id ?? 0,
    });
    expect(top.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
    expect(top.hasNewer).toBe(false);
    expect(top.nextBeforeId).toBe(first.nextBeforeId);
  });

  it("ends on the newest page when less than a page is newer", async () => {
    const ids = await hpChanges(12);
    const page = await world.services.historyBrowsing.historyNewer({
      actor: actor(),
      afterId: ids[5] ?? 0,
    });
    expect(page.entries.map((e) => e.id)).toEqual(ids.slice(2).reverse());
    expect(page.hasNewer).toBe(false);
    expect(page.nextBeforeId).toBe(ids[2]);
  });

  it("says there is no older page when the newest page holds everything", async () => {
    const ids = await hpChanges(3);
    const page = await world.services.historyBrowsing.historyNewer({
      actor: actor(),
      afterId: ids[0] ?? 0,
    });
    expect(page.nextBeforeId).toBeNull();
  });
});

describe("undoable", () => {
  it("offers a player their own standing changes, and a GM everyone's, newest first", async () => {
    const mine = await hpChanges(2);
    await world.services.history.undo({ actor: actor(), eventId: mine[1] ?? 0 });
    const gms = await hpChanges(1, gm());
    const browsing = world.services.historyBrowsing;
    expect((await browsing.undoable({ actor: actor() })).map((e) => e.id)).toEqual([mine[0]]);
    expect((await browsing.undoable({ actor: gm() })).map((e) => e.id)).toEqual([gms[0], mine[0]]);
    expect(await browsing.undoable({ actor: actor({ userId: OTHER_PLAYER }) })).toEqual([]);
  });

  it("adds the change a search names by id, when the actor may undo it", async () => {
    const [damage] = await hpChanges(1);
    const browsing = world.services.historyBrowsing;
    const named = await browsing.undoable({ actor: actor(), eventId: damage ?? 0 });
    expect(named.map((e) => e.id)).toEqual([damage]);
    const others = await browsing.undoable({
      actor: actor({ userId: OTHER_PLAYER }),
      eventId: damage ?? 0,
    });
    expect(others).toEqual([]);
  });
});

describe("undoPreview", () => {
  it("shows the actor's latest change and writes nothing", async () => {
    const [damage] = await hpChanges(1);
    const before = await world.db.prisma.event.count();
    const preview = await world.services.historyBrowsing.undoPreview({ actor: actor() });
    expect(preview.entry.id).toBe(damage);
    expect(preview.protagonists).toEqual([world.hero.name]);
    expect(await world.db.prisma.event.count()).toBe(before);
  });

  it("refuses what undo would refuse", async () => {
    const browsing = world.services.historyBrowsing;
    await expect(refusal(browsing.undoPreview({ actor: actor() }))).resolves.toMatch(
      /no change to undo/,
    );
    const [first, second] = await hpChanges(2);
    await expect(browsing.undoPreview({ actor: actor(), eventId: first })).rejects.toMatchObject({
      refusal: { kind: "blocked", chain: [{ id: second }], notYours: [] },
    });
    await expect(
      browsing.undoPreview({ actor: actor({ userId: OTHER_PLAYER }), eventId: second }),
    ).rejects.toMatchObject({ refusal: { kind: "forbidden", reason: "someone-else" } });
    const undone = await world.services.history.undo({ actor: actor(), eventId: second ?? 0 });
    await expect(
      refusal(browsing.undoPreview({ actor: actor(), eventId: second })),
    ).resolves.toMatch(/already undone/);
    await expect(
      refusal(browsing.undoPreview({ actor: actor(), eventId: undone.undoEventId })),
    ).resolves.toMatch(/is an undo/);
    await expect(refusal(browsing.undoPreview({ actor: actor(), eventId: 9999 }))).resolves.toMatch(
      /not found/,
    );
    expect((await browsing.undoPreview({ actor: gm(), eventId: first })).entry.id).toBe(first);
  });

  it("refuses an entry that changed nothing", async () => {
    // Healing at full HP is logged but changes nothing.
    const { eventId } = await world.services.harm.hp({ actor: actor(), action: "heal", amount: 1 });
    await expect(
      refusal(world.services.historyBrowsing.undoPreview({ actor: gm(), eventId })),
    ).resolves.toMatch(/changed nothing/);
  });
});
