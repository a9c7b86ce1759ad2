import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actor, gm, makeWorld, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

const tom = () => world.hero.bonds.find((b) => b.kind === "individual")?.id ?? "";

async function breakTom() {
  const damaged = await world.services.bonds.damage({
    actor: actor(),
    bondId: tom(),
    amount: 99,
  });
  return { eventId: damaged.eventId, bondId: tom() };
}

const sanTests = () => world.db.prisma.event.count({ where: { kind: "san-test" } });

describe("a broken Bond's Helplessness SAN test", () => {
  it("offers the campaign's loss to the GM, runs once, then says it was rolled", async () => {
    const brokenBond = await breakTom();
    const prompt = await world.services.sanity.brokenBondPrompt({ actor: gm(), brokenBond });
    expect(prompt).toMatchObject({ loss: "0/1D4", protagonist: { id: world.hero.id } });
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { brokenBondSanLoss: "1/1D6" },
    });
    expect((await world.services.sanity.brokenBondPrompt({ actor: gm(), brokenBond })).loss).toBe(
      "1/1D6",
    );

    rng.queue(...percentileFaces(90), 3);
    const [outcome] = await world.services.sanity.sanTest({
      actor: gm(),
      loss: prompt.loss,
      threat: "helplessness",
      brokenBond,
    });
    expect(outcome?.protagonist.id).toBe(world.hero.id);
    expect(outcome?.result.lost).toBe(3);
    const count = await sanTests();
    await expect(
      world.services.sanity.sanTest({
        actor: gm(),
        loss: "0/1",
        threat: "helplessness",
        brokenBond,
      }),
    ).rejects.toMatchObject({ kind: "conflict" });
    await expect(
      refusal(world.services.sanity.brokenBondPrompt({ actor: gm(), brokenBond })),
    ).resolves.toMatch(/already rolled/);
    expect(await sanTests()).toBe(count);
  });

  it("is the GM's to call, not the player's, even for their own Protagonist", async () => {
    const brokenBond = await breakTom();
    await expect(
      world.services.sanity.brokenBondPrompt({ actor: actor(), brokenBond }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    await expect(
      world.services.sanity.sanTest({
        actor: actor(),
        loss: "0/1",
        threat: "helplessness",
        brokenBond,
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await sanTests()).toBe(0);
  });

  it("has nothing to call once the break is undone", async () => {
    const brokenBond = await breakTom();
    await world.services.history.undo({ actor: actor(), eventId: brokenBond.eventId });
    await expect(
      refusal(world.services.sanity.brokenBondPrompt({ actor: gm(), brokenBond })),
    ).resolves.toMatch(/no longer broken/);
  });
});
