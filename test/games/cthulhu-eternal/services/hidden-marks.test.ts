/**
 * Who sees a failure mark: a secret roll's mark is its roller's and the GMs'; an open failure of
 * the same skill shows it to the table (and says it ticked it, since the table had not seen it).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { actor, GM_USER, makeWorld, OTHER_PLAYER, type World } from "../../../support/fixtures.js";

const rng = queuedRng();
let world: World;

beforeEach(async () => {
  world = await makeWorld(rng);
});

async function failOccult(who: ReturnType<typeof actor>, secret: boolean) {
  rng.queue(...percentileFaces(99));
  return world.services.rolls.rollTest({
    actor: who,
    protagonistId: world.hero.id,
    subject: { kind: "skill", name: "Occult" },
    secret,
  });
}

async function occultSeenBy(who: ReturnType<typeof actor>) {
  const view = await world.services.protagonists.get({ actor: who, protagonistId: world.hero.id });
  const onSheet = view.protagonist.skills.find((s) => s.name === "Occult")?.failureMarked;
  return { onSheet, hidden: view.hiddenMarks };
}

describe("failure marks of secret rolls", () => {
  it("are left off the table's sheet and listed for the roller and the GMs only", async () => {
    expect((await failOccult(actor(), true)).marked).toBe(true);
    expect(await occultSeenBy(actor())).toEqual({ onSheet: false, hidden: ["Occult"] });
    expect(await occultSeenBy(actor({ userId: GM_USER }))).toEqual({
      onSheet: false,
      hidden: ["Occult"],
    });
    expect(await occultSeenBy(actor({ userId: OTHER_PLAYER }))).toEqual({
      onSheet: false,
      hidden: [],
    });
  });

  it("become the table's when the skill then fails openly, which says it ticked the mark", async () => {
    await failOccult(actor(), true);
    expect((await failOccult(actor(), false)).marked).toBe(true);
    expect(await occultSeenBy(actor({ userId: OTHER_PLAYER }))).toEqual({
      onSheet: true,
      hidden: [],
    });
  });

  it("of a GM's secret roll are ticked anew for the player when the player fails in secret", async () => {
    await failOccult(actor({ userId: GM_USER }), true);
    expect(await occultSeenBy(actor())).toEqual({ onSheet: false, hidden: [] });
    expect((await failOccult(actor(), true)).marked).toBe(true);
    expect(await occultSeenBy(actor())).toEqual({ onSheet: false, hidden: ["Occult"] });
    // The GM, who sees every mark, is told nothing new by a second secret failure.
    expect((await failOccult(actor({ userId: GM_USER }), true)).marked).toBe(false);
  });
});
