import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actor, gm, makeWorld, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

const insane = async () =>
  (await world.db.prisma.protagonist.findUniqueOrThrow({ where: { id: world.hero.id } }))
    .temporarilyInsane;

/** A failed test that loses 6 SAN: temporary insanity (hero: SAN 70, WP 14). */
async function episode(): Promise<number> {
  rng.queue(...percentileFaces(90), 6);
  const [test] = await world.services.sanity.sanTest({
    actor: actor(),
    loss: "1/1D6",
    threat: "unnatural",
  });
  expect(test?.result.temporaryInsanity).toBe(true);
  expect(test?.conditions.map((c) => c.code)).toEqual(["temporarily-insane"]);
  return test?.eventId ?? 0;
}

const bondId = () => world.hero.bonds.find((b) => b.kind === "individual")?.id ?? "";

describe("episodes of temporary insanity", () => {
  it("open with the test and close when a projection brings the loss under 5", async () => {
    const eventId = await episode();
    expect(await insane()).toBe(true);
    rng.queue(3);
    await world.services.sanity.project({ actor: actor(), eventId, bondId: bondId() });
    expect(await insane()).toBe(false);
  });

  it("end with a successful repression, not a failed one", async () => {
    await episode();
    rng.queue(1, ...percentileFaces(99));
    const failed = await world.services.sanity.repress({ actor: actor(), bondId: bondId() });
    expect(failed.result.repressed).toBe(false);
    expect(await insane()).toBe(true);
    rng.queue(1, ...percentileFaces(10));
    const repressed = await world.services.sanity.repress({ actor: actor(), bondId: bondId() });
    expect(repressed.result.repressed).toBe(true);
    expect(await insane()).toBe(false);
  });

  it("end with the session", async () => {
    await episode();
    await world.services.session.endSession({ actor: gm() });
    expect(await insane()).toBe(false);
  });

  it("end when a GM says so (undoably), never when a player does", async () => {
    const eventId = await episode();
    await expect(
      world.services.sanity.endEpisode({ actor: actor(), eventId }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await insane()).toBe(true);
    const ended = await world.services.sanity.endEpisode({ actor: gm(), eventId });
    expect(ended.kind).toBe("ended");
    expect(await insane()).toBe(false);
    expect((await world.services.sanity.endEpisode({ actor: gm(), eventId })).kind).toBe(
      "not-insane",
    );
    if (ended.kind !== "ended") throw new Error("ended");
    await world.services.history.undo({ actor: gm(), eventId: ended.eventId });
    expect(await insane()).toBe(true);
  });
});

describe("reactions", () => {
  it("the first of two presses at once stands; later ones are told it", async () => {
    const eventId = await episode();
    const outcomes = await Promise.all([
      world.services.sanity.react({ actor: actor(), eventId, reaction: "flee" }),
      world.services.sanity.react({ actor: gm(), eventId, reaction: "struggle" }),
    ]);
    const chosen = outcomes.filter((o) => o.kind === "chosen");
    expect(chosen).toHaveLength(1);
    const first = chosen[0]?.kind === "chosen" ? chosen[0].reaction : null;
    expect(outcomes.find((o) => o.kind === "already")).toMatchObject({ reaction: first });
    expect(
      await world.services.sanity.react({ actor: actor(), eventId, reaction: "submit" }),
    ).toMatchObject({ kind: "already", reaction: first });
    expect(await world.db.prisma.event.count({ where: { kind: "san-reaction" } })).toBe(1);
    const status = await world.services.sanity.sanTestStatus({ actor: actor(), eventId });
    expect(status.reaction).toBe(first);
  });

  it("are for the player or a GM, and only while the standing result is insanity", async () => {
    const eventId = await episode();
    await expect(
      world.services.sanity.react({
        actor: actor({ userId: OTHER_PLAYER }),
        eventId,
        reaction: "flee",
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    rng.queue(3);
    await world.services.sanity.project({ actor: actor(), eventId, bondId: bondId() });
    expect(
      await world.services.sanity.react({ actor: actor(), eventId, reaction: "flee" }),
    ).toMatchObject({ kind: "no-episode" });
    expect(await world.db.prisma.event.count({ where: { kind: "san-reaction" } })).toBe(0);
  });
});
