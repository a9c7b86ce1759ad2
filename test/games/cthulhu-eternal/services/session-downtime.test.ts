import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actor, gm, makeWorld, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { SessionAlreadyEnded } from "../../../../src/games/cthulhu-eternal/services/session-service.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

const skill = (id: string, key: string) =>
  world.db.prisma.skill.findFirstOrThrow({ where: { protagonistId: id, key } });

describe("session end", () => {
  it("improves marked skills by 1D4, clears marks, summarises the session and moves on", async () => {
    rng.queue(...percentileFaces(97));
    await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    rng.queue(...percentileFaces(100), 3);
    await world.services.sanity.sanTest({ actor: actor(), loss: "0/1D6", threat: "unnatural" });

    rng.queue(4); // Occult's 1D4
    const result = await world.services.session.endSession({ actor: gm() });
    expect(result.sessionNumber).toBe(1);
    const [hero] = result.protagonists;
    expect(hero?.san).toEqual({ before: 70, after: 67 });
    expect(hero?.improvements).toEqual([
      expect.objectContaining({ name: "Occult", before: 50, after: 54 }),
    ]);
    expect(await skill(world.hero.id, "occult")).toMatchObject({
      rating: 54,
      failureMarked: false,
    });
    const campaign = await world.db.prisma.campaign.findUniqueOrThrow({
      where: { id: world.campaignId },
    });
    expect(campaign.sessionNumber).toBe(2);
    expect(rng.pending()).toBe(0);
  });

  it("uses the campaign's improvement variant (+1) and is GM-only", async () => {
    await world.services.campaigns.updateSettings({ actor: gm(), rules: { improvement: "1" } });
    rng.queue(...percentileFaces(97));
    await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    await expect(refusal(world.services.session.endSession({ actor: actor() }))).resolves.toMatch(
      /Only a GM/,
    );
    await world.services.session.endSession({ actor: gm() });
    expect((await skill(world.hero.id, "occult")).rating).toBe(51);
  });
});

describe("session end, confirmed several times at once", () => {
  it("ends the confirmed session once; the other presses are told it already ended", async () => {
    rng.queue(...percentileFaces(97));
    await world.services.rolls.rollTest({
      actor: actor(),
      subject: { kind: "skill", name: "Occult" },
    });
    // Occult's 1D4, rolled once by the press that ends the session (again if it lost a write
    // conflict and ran again).
    rng.queue(2, 2, 2);
    const presses = await Promise.allSettled(
      [1, 2, 3].map(() => world.services.session.endSession({ actor: gm(), sessionNumber: 1 })),
    );
    expect(presses.filter((p) => p.status === "fulfilled")).toHaveLength(1);
    const refused = presses.flatMap((p): unknown[] => (p.status === "rejected" ? [p.reason] : []));
    expect(refused).toHaveLength(2);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(SessionAlreadyEnded);
      expect(reason).toMatchObject({ endedSession: 1, currentSession: 2 });
    }
    const campaign = await world.db.prisma.campaign.findUniqueOrThrow({
      where: { id: world.campaignId },
    });
    expect(campaign.sessionNumber).toBe(2);
    expect(await world.db.prisma.event.count({ where: { kind: "session-end" } })).toBe(1);
    expect((await skill(world.hero.id, "occult")).rating).toBe(52);
    expect(rng.pending()).toBeLessThan(3);
  });
});

describe("downtime", () => {
  it("recovers SAN up to Recovery SAN only", async () => {
    await world.db.prisma.protagonist.update({ where: { id: world.hero.id }, data: { san: 60 } });
    const { result } = await world.services.downtime.recoverSan({
      actor: gm(),
      protagonistId: world.hero.id,
      amount: 20,
    });
    expect(result.recovered).toBe(10); // POW 14 → Recovery SAN 70
    expect(
      (await world.db.prisma.protagonist.findUniqueOrThrow({ where: { id: world.hero.id } })).san,
    ).toBe(70);
  });

  it("shared adversity: a failed test forms a new Bond at half CHA and costs 1D4 from a chosen Bond", async () => {
    const ada = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    rng.queue(...percentileFaces(100), ...percentileFaces(1));
    const [heroTest, adaTest] = await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, ada.id],
    });
    expect(heroTest?.test.success).toBe(false);
    expect(adaTest?.plan?.applies).toBe(false);
    const step = heroTest?.plan?.steps[0];
    expect(step?.kind).toBe("new-bond");
    const weaken = step?.eligibleToWeaken[0]?.id ?? "";
    rng.queue(2);
    const { result } = await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId: heroTest?.eventId ?? 0,
      choices: { [ada.id]: weaken },
    });
    expect(result.status).toBe("complete");
    const bonds = await world.db.prisma.bond.findMany({ where: { protagonistId: world.hero.id } });
    const fellow = bonds.find((b) => b.fellowProtagonistId === ada.id);
    expect(fellow?.score).toBe(6); // CHA 12 / 2
    expect(bonds.find((b) => b.id === weaken)?.score).toBe(12 - 2);
    await expect(
      refusal(
        world.services.downtime.applySharedAdversity({
          actor: actor(),
          testEventId: heroTest?.eventId ?? 0,
          choices: { [ada.id]: weaken },
        }),
      ),
    ).resolves.toMatch(/already been applied/);
  });
});

describe("shared adversity, resumed after a chosen Bond broke", () => {
  it("never lets the Bond just formed with a fellow pay for the next fellow", async () => {
    const ada = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    const bob = await world.addProtagonist(OTHER_PLAYER, { name: "Bob Marsh" });
    rng.queue(...percentileFaces(100), ...percentileFaces(1), ...percentileFaces(1));
    const [heroTest] = await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, ada.id, bob.id],
    });
    const bonds = await world.db.prisma.bond.findMany({ where: { protagonistId: world.hero.id } });
    const community = bonds.find((b) => b.kind === "community");
    const tom = bonds.find((b) => b.kind === "individual");
    const testEventId = heroTest?.eventId ?? 0;
    rng.queue(4); // Ada's new Bond costs 1D4 = 4 from the community Bond (3): it breaks.
    const first = await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId,
      choices: { [ada.id]: community?.id ?? "", [bob.id]: community?.id ?? "" },
    });
    expect(first.result.status).toBe("needs-choice");
    const adaBond = (
      await world.db.prisma.bond.findMany({ where: { protagonistId: world.hero.id } })
    ).find((b) => b.fellowProtagonistId === ada.id);
    expect(adaBond).toBeDefined();
    await expect(
      refusal(
        world.services.downtime.applySharedAdversity({
          actor: actor(),
          testEventId,
          choices: { [bob.id]: adaBond?.id ?? "" },
        }),
      ),
    ).resolves.toMatch(/not|can.t|cannot|choose|eligible/i);
    rng.queue(2);
    const resumed = await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId,
      choices: { [bob.id]: tom?.id ?? "" },
    });
    expect(resumed.result.status).toBe("complete");
    const after = await world.db.prisma.bond.findMany({ where: { protagonistId: world.hero.id } });
    expect(after.find((b) => b.id === adaBond?.id)?.score).toBe(6);
    expect(after.find((b) => b.id === tom?.id)?.score).toBe(10);
  });
});
