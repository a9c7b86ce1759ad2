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

/** hero: SAN 70, WP 14; a failed roll of 90 loses the given 1D6 face. */
async function failedTest(lossFace: number) {
  rng.queue(...percentileFaces(90), lossFace);
  const [outcome] = await world.services.sanity.sanTest({
    actor: actor(),
    loss: "1/1D6",
    threat: "unnatural",
  });
  if (!outcome) throw new Error("no outcome");
  return outcome;
}

describe("SAN test status (for the bot's buttons)", () => {
  it("offers projection onto the standing Bonds, to the player and a GM only", async () => {
    const test = await failedTest(4);
    const status = await world.services.sanity.sanTestStatus({
      actor: actor(),
      eventId: test.eventId,
    });
    expect(status.protagonist.id).toBe(world.hero.id);
    expect(status.canAct).toBe(true);
    expect(status.projectionRefusal).toBeNull();
    expect(status.projectionEventId).toBeNull();
    expect(status.result.lost).toBe(4);
    expect(status.bonds.map((b) => b.name)).toEqual(world.hero.bonds.map((b) => b.name));
    const other = await world.services.sanity.sanTestStatus({
      actor: actor({ userId: OTHER_PLAYER }),
      eventId: test.eventId,
    });
    expect(other.canAct).toBe(false);
    const asGm = await world.services.sanity.sanTestStatus({ actor: gm(), eventId: test.eventId });
    expect(asGm.canAct).toBe(true);
  });

  it("after projection: the projected result stands and a second projection is refused", async () => {
    const test = await failedTest(6);
    expect(test.result.temporaryInsanity).toBe(true);
    rng.queue(3);
    const projected = await world.services.sanity.project({
      actor: actor(),
      eventId: test.eventId,
      bondId: world.hero.bonds[0]?.id ?? "",
    });
    const status = await world.services.sanity.sanTestStatus({
      actor: actor(),
      eventId: test.eventId,
    });
    expect(status.projectionEventId).toBe(projected.eventId);
    expect(status.result.temporaryInsanity).toBe(false);
    expect(status.result.loss).toBe(3);
    expect(status.projectionRefusal).toEqual({ code: "san-loss-projected" });
  });

  it("refuses projection once something changed since, and when nothing was lost", async () => {
    const first = await failedTest(2);
    const second = await failedTest(1);
    const stale = await world.services.sanity.sanTestStatus({
      actor: actor(),
      eventId: first.eventId,
    });
    expect(stale.projectionRefusal).toMatchObject({
      code: "later-change",
      action: "project-san-loss",
    });
    rng.queue(...percentileFaces(10));
    const [nothing] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "0/1",
      threat: "unnatural",
    });
    const none = await world.services.sanity.sanTestStatus({
      actor: actor(),
      eventId: nothing?.eventId ?? 0,
    });
    expect(none.projectionRefusal).toEqual({ code: "san-loss-not-projectable" });
    expect(second.eventId).toBeLessThan(nothing?.eventId ?? 0);
  });

  it("finds the latest SAN test of the active Protagonist, or says there is none", async () => {
    await expect(refusal(world.services.sanity.latestSanTest({ actor: actor() }))).resolves.toMatch(
      /has no SAN test to project/,
    );
    await failedTest(2);
    const latest = await failedTest(3);
    const found = await world.services.sanity.latestSanTest({ actor: actor() });
    expect(found.eventId).toBe(latest.eventId);
    expect(found.projectionRefusal).toBeNull();
  });

  it("another guild's event is not found", async () => {
    const test = await failedTest(2);
    await expect(
      refusal(
        world.services.sanity.sanTestStatus({
          actor: actor({ guildId: OTHER_GUILD }),
          eventId: test.eventId,
        }),
      ),
    ).resolves.toMatch(/not found/);
  });
});
