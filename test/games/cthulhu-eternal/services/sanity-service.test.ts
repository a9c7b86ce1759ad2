import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SanLossNotationError } from "../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
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

const row = (id: string) =>
  world.db.prisma.protagonist.findUniqueOrThrow({
    where: { id },
    include: { bonds: true, disorders: true },
  });

describe("sanity service", () => {
  it("a failed SAN test loses the rolled amount and logs before and after", async () => {
    // hero: POW 14 → SAN 70, BP 56. Roll 88 fails; loss 1D6 = 4.
    rng.queue(...percentileFaces(88), 4);
    const [outcome] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "0/1D6",
      threat: "unnatural",
    });
    expect(outcome?.result.lost).toBe(4);
    expect((await row(world.hero.id)).san).toBe(66);
    const event = await world.db.prisma.event.findUniqueOrThrow({
      where: { id: outcome?.eventId ?? 0 },
    });
    expect(event.kind).toBe("san-test");
    expect(event.changed).toBe(true);
  });

  it("a SAN test that costs nothing is logged, but is no change to undo or project", async () => {
    rng.queue(...percentileFaces(88), 4); // a failed test first: lost 4, a standing change
    const [lost] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "0/1D6",
      threat: "unnatural",
    });
    rng.queue(...percentileFaces(30)); // success: 0 lost, nothing rolled
    const [free] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "0/1D6",
      threat: "unnatural",
    });
    expect(free?.result.lost).toBe(0);
    expect((await row(world.hero.id)).san).toBe(66);
    const event = await world.db.prisma.event.findUniqueOrThrow({
      where: { id: free?.eventId ?? 0 },
      include: { targets: true },
    });
    expect(event).toMatchObject({ kind: "san-test", changed: false, before: null, after: null });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([world.hero.id]);

    // /undo offers and picks the loss, not the test that changed nothing, and says why.
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { playerUndoRolls: true },
    });
    const browsing = world.services.historyBrowsing;
    const undoable = await browsing.undoable({ actor: actor() });
    expect(undoable.map((e) => e.id)).toEqual([lost?.eventId]);
    expect((await browsing.undoPreview({ actor: actor() })).entry.id).toBe(lost?.eventId);
    await expect(
      refusal(browsing.undoPreview({ actor: actor(), eventId: free?.eventId })),
    ).resolves.toMatch(/changed nothing/);
    // Projecting it is refused with a reason, not "not found".
    const status = await world.services.sanity.latestSanTest({ actor: actor() });
    expect(status.eventId).toBe(free?.eventId);
    expect(status.protagonist.id).toBe(world.hero.id);
    expect(status.projectionRefusal).toEqual({ code: "san-loss-not-projectable" });
  });

  it("projection re-resolves the loss, lowers the Bond and WP, and only once", async () => {
    rng.queue(...percentileFaces(90), 6); // loss 6 → temporary insanity
    const [test] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "1/1D6",
      threat: "violence",
    });
    expect(test?.result.temporaryInsanity).toBe(true);
    const bond = (await row(world.hero.id)).bonds.find((b) => b.kind === "individual");
    rng.queue(3); // projection 1D4 = 3
    const projected = await world.services.sanity.project({
      actor: actor(),
      eventId: test?.eventId ?? 0,
      bondId: bond?.id ?? "",
    });
    expect(projected.result.loss).toBe(3);
    expect(projected.result.temporaryInsanity).toBe(false);
    const after = await row(world.hero.id);
    expect(after.san).toBe(67);
    expect(after.wp).toBe(14 - 3);
    expect(after.bonds.find((b) => b.id === bond?.id)?.score).toBe(12 - 3);
    // The loss was a violence loss without insanity after projection: one adaptation box.
    expect(after.adaptViolence).toBe(1);
    rng.queue(2);
    await expect(
      refusal(
        world.services.sanity.project({
          actor: actor(),
          eventId: test?.eventId ?? 0,
          bondId: bond?.id ?? "",
        }),
      ),
    ).resolves.toMatch(/already been projected/);
  });

  it("a pressed-twice projection button projects once, even concurrently", async () => {
    rng.queue(...percentileFaces(90), 5);
    const [test] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "1/1D6",
      threat: "unnatural",
    });
    const bond = (await row(world.hero.id)).bonds[0];
    rng.queue(2, 2);
    const results = await Promise.allSettled([
      world.services.sanity.project({
        actor: actor(),
        eventId: test?.eventId ?? 0,
        bondId: bond?.id ?? "",
      }),
      world.services.sanity.project({
        actor: actor(),
        eventId: test?.eventId ?? 0,
        bondId: bond?.id ?? "",
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await row(world.hero.id)).san).toBe(70 - 3);
  });

  it("crossing the breaking point adds a disorder row and resets the breaking point", async () => {
    await world.db.prisma.protagonist.update({ where: { id: world.hero.id }, data: { san: 58 } });
    rng.queue(...percentileFaces(99), 3); // fumble; loss 3 → SAN 55 ≤ BP 56
    const [outcome] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "0/1D4",
      threat: "helplessness",
    });
    expect(outcome?.result.breakingPointReached).toBe(true);
    const after = await row(world.hero.id);
    expect(after.san).toBe(55);
    expect(after.breakingPoint).toBe(55 - 14);
    expect(after.disorders).toHaveLength(1);
    expect(after.disorders[0]?.threat).toBe("helplessness");
  });

  it("a GM tests several Protagonists at once; a player cannot test another's", async () => {
    const other = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    rng.queue(...percentileFaces(10), ...percentileFaces(95), 2);
    const outcomes = await world.services.sanity.sanTest({
      actor: gm(),
      protagonistIds: [world.hero.id, other.id],
      loss: "0/1D4",
      threat: "unnatural",
    });
    expect(outcomes.map((o) => o.result.lost)).toEqual([0, 2]);
    const events = await world.db.prisma.event.count({ where: { kind: "san-test" } });
    rng.queue(...percentileFaces(10));
    await expect(
      refusal(
        world.services.sanity.sanTest({
          actor: actor(),
          protagonistIds: [other.id],
          loss: "0/1",
          threat: "unnatural",
        }),
      ),
    ).resolves.toMatch(/not yours/);
    expect(await world.db.prisma.event.count({ where: { kind: "san-test" } })).toBe(events);
  });

  it("90 parallel SAN losses end with the exact sum lost and 90 events", async () => {
    await world.db.prisma.protagonist.update({
      where: { id: world.hero.id },
      data: { san: 99, breakingPoint: 0 },
    });
    // Each test loses 1, pass or fail: a test that lost a write conflict and ran again (rolling
    // again) loses the same, so 90 are lost whatever order they land in.
    for (let i = 0; i < 1_000; i += 1) rng.queue(...percentileFaces(i % 2 === 0 ? 100 : 1));
    await Promise.all(
      Array.from({ length: 90 }, () =>
        world.services.sanity.sanTest({ actor: actor(), loss: "1/1", threat: "unnatural" }),
      ),
    );
    expect((await row(world.hero.id)).san).toBe(99 - 90);
    expect(await world.db.prisma.event.count({ where: { kind: "san-test" } })).toBe(90);
  });

  it("another guild's Protagonist and event are not found", async () => {
    await expect(
      refusal(
        world.services.sanity.sanTest({
          actor: actor({ guildId: OTHER_GUILD }),
          protagonistIds: [world.hero.id],
          loss: "0/1",
          threat: "unnatural",
        }),
      ),
    ).resolves.toMatch(/no longer exists|no campaign/);
    rng.queue(...percentileFaces(90), 2);
    const [test] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "1/1D6",
      threat: "unnatural",
    });
    await expect(
      refusal(
        world.services.sanity.project({
          actor: actor({ guildId: OTHER_GUILD }),
          eventId: test?.eventId ?? 0,
          bondId: "x",
        }),
      ),
    ).resolves.toMatch(/not found/);
  });

  it("bad loss notation is the rules' message and changes nothing", async () => {
    const before = await world.db.prisma.event.count();
    rng.queue(...percentileFaces(50));
    await expect(
      world.services.sanity.sanTest({ actor: actor(), loss: "lots", threat: "unnatural" }),
    ).rejects.toBeInstanceOf(SanLossNotationError);
    expect(await world.db.prisma.event.count()).toBe(before);
  });
});
