import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  actor,
  gm,
  makeWorld,
  OTHER_PLAYER,
  PLAYER,
  type World,
} from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { fillSheet } from "../../../support/service-world.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

/** The hero fails, every other survivor passes; returns the hero's test event id. */
async function heroFails(fellows: number): Promise<{ eventId: number; fellowIds: string[] }> {
  const fellowIds: string[] = [];
  for (let i = 0; i < fellows; i += 1) {
    fellowIds.push((await world.addProtagonist(OTHER_PLAYER, { name: `Fellow ${i + 1}` })).id);
  }
  rng.queue(...percentileFaces(100));
  for (let i = 0; i < fellows; i += 1) rng.queue(...percentileFaces(1));
  const [hero] = await world.services.downtime.sharedAdversityTest({
    actor: gm(),
    survivorIds: [world.hero.id, ...fellowIds],
  });
  return { eventId: hero?.eventId ?? 0, fellowIds };
}

describe("pendingSharedAdversity", () => {
  it("offers the plan of a failed test to its player, and refuses other players", async () => {
    const { eventId, fellowIds } = await heroFails(1);
    const pending = await world.services.downtime.pendingSharedAdversity({
      actor: actor(),
      testEventId: eventId,
    });
    expect(pending.protagonist).toMatchObject({ id: world.hero.id, ownerId: PLAYER });
    expect(pending.resuming).toBe(false);
    expect(pending.test.success).toBe(false);
    expect(pending.plan?.steps.map((s) => [s.fellow.id, s.kind])).toEqual([
      [fellowIds[0], "new-bond"],
    ]);
    expect(pending.plan?.steps[0]?.eligibleToWeaken.map((b) => b.name)).toEqual([
      "Her brother Tom",
      "Miskatonic University faculty",
    ]);
    await expect(
      refusal(
        world.services.downtime.pendingSharedAdversity({
          actor: actor({ userId: OTHER_PLAYER }),
          testEventId: eventId,
        }),
      ),
    ).resolves.toMatch(/not yours/);
  });

  it("after a chosen Bond broke mid-way, offers only the pending fellows", async () => {
    const { eventId, fellowIds } = await heroFails(2);
    const tom = world.hero.bonds.find((b) => b.name === "Her brother Tom");
    await world.db.prisma.bond.update({ where: { id: tom?.id ?? "" }, data: { score: 2 } });
    rng.queue(3); // the first new Bond's 1D4 cost breaks Tom
    const first = await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId: eventId,
      choices: { [fellowIds[0] ?? ""]: tom?.id ?? "", [fellowIds[1] ?? ""]: tom?.id ?? "" },
    });
    expect(first.result.status).toBe("needs-choice");
    const pending = await world.services.downtime.pendingSharedAdversity({
      actor: gm(),
      testEventId: eventId,
    });
    expect(pending.resuming).toBe(true);
    expect(pending.plan?.steps.map((s) => s.fellow.id)).toEqual([fellowIds[1]]);
    expect(pending.plan?.steps[0]?.eligibleToWeaken.map((b) => b.name)).toEqual([
      "Miskatonic University faculty",
    ]);
  });

  it("is a conflict once the test has been applied, and not found in another guild", async () => {
    const { eventId, fellowIds } = await heroFails(1);
    const faculty = world.hero.bonds.find((b) => b.kind === "community");
    rng.queue(1);
    await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId: eventId,
      choices: { [fellowIds[0] ?? ""]: faculty?.id ?? "" },
    });
    await expect(
      refusal(
        world.services.downtime.pendingSharedAdversity({ actor: actor(), testEventId: eventId }),
      ),
    ).resolves.toMatch(/already been applied/);
    await expect(
      refusal(
        world.services.downtime.pendingSharedAdversity({
          actor: gm({ guildId: "100000000000000009" }),
          testEventId: eventId,
        }),
      ),
    ).resolves.toMatch(/not found/);
  });
});

describe("an old shared-adversity menu", () => {
  it("applies once only, even after a later adversity test was applied", async () => {
    const { eventId: first, fellowIds } = await heroFails(1);
    const faculty = world.hero.bonds.find((b) => b.kind === "community");
    const choices = { [fellowIds[0] ?? ""]: faculty?.id ?? "" };
    rng.queue(1);
    await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId: first,
      choices,
    });
    // A later adventure: the hero fails again with the same fellow, and applies it.
    rng.queue(...percentileFaces(100), ...percentileFaces(1));
    const [later] = await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, ...fellowIds],
    });
    rng.queue(2);
    await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId: later?.eventId ?? 0,
      choices,
    });
    const facultyBefore = await world.db.prisma.bond.findUniqueOrThrow({
      where: { id: faculty?.id ?? "" },
    });

    await expect(
      refusal(
        world.services.downtime.pendingSharedAdversity({ actor: actor(), testEventId: first }),
      ),
    ).resolves.toMatch(/already been applied/);
    rng.queue(1, 1);
    await expect(
      refusal(
        world.services.downtime.applySharedAdversity({
          actor: actor(),
          testEventId: first,
          choices,
        }),
      ),
    ).resolves.toMatch(/already been applied/);
    const facultyAfter = await world.db.prisma.bond.findUniqueOrThrow({
      where: { id: faculty?.id ?? "" },
    });
    expect(facultyAfter.score).toBe(facultyBefore.score);
  });
});

describe("shared adversity with more than five fellows", () => {
  it("accepts seven survivors; the hero's player picks the five to bond with", async () => {
    const { eventId, fellowIds } = await heroFails(6);
    const offered = await world.services.downtime.pendingSharedAdversity({
      actor: actor(),
      testEventId: eventId,
    });
    expect(offered.toChoose).toBe(5);
    expect(offered.plan).toBeNull();
    expect(offered.candidates.map((f) => f.id)).toEqual(fellowIds);
    await expect(
      refusal(
        world.services.downtime.applySharedAdversity({ actor: actor(), testEventId: eventId }),
      ),
    ).resolves.toMatch(/6 fellows made it back: choose the 5 to bond with first/);
    await expect(
      refusal(
        world.services.downtime.pendingSharedAdversity({
          actor: actor(),
          testEventId: eventId,
          fellowIds: fellowIds.slice(0, 4),
        }),
      ),
    ).resolves.toMatch(/choose the 5 to bond with, not 4/);

    const five = fellowIds.slice(1);
    const pending = await world.services.downtime.pendingSharedAdversity({
      actor: actor(),
      testEventId: eventId,
      fellowIds: five,
    });
    expect(pending.toChoose).toBe(0);
    expect(pending.plan?.steps.map((s) => s.fellow.id)).toEqual(five);
    const tom = world.hero.bonds.find((b) => b.name === "Her brother Tom");
    const choices = Object.fromEntries(five.map((id) => [id, tom?.id ?? ""]));
    rng.queue(1, 1, 1, 1, 1);
    const { result } = await world.services.downtime.applySharedAdversity({
      actor: actor(),
      testEventId: eventId,
      fellowIds: five,
      choices,
    });
    expect(result.status).toBe("complete");
    const bonds = await world.db.prisma.bond.findMany({ where: { protagonistId: world.hero.id } });
    expect(
      bonds.filter((b) => b.fellowProtagonistId !== null).map((b) => b.fellowProtagonistId),
    ).toEqual(five);
  });

  it("keeps a Bond to the fellow left out from paying", async () => {
    const { eventId, fellowIds } = await heroFails(6);
    const [leftOut] = fellowIds;
    await world.services.bonds.add({
      actor: actor(),
      name: "Old comrade",
      kind: "individual",
      fellowId: leftOut,
    });
    const pending = await world.services.downtime.pendingSharedAdversity({
      actor: actor(),
      testEventId: eventId,
      fellowIds: fellowIds.slice(1),
    });
    expect(pending.plan?.steps[0]?.eligibleToWeaken.map((b) => b.name)).toEqual([
      "Her brother Tom",
      "Miskatonic University faculty",
    ]);
  });
});

describe("others on the adventure", () => {
  it("keeps Bonds to the NPCs the GM names from paying, matched by name", async () => {
    const ada = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    rng.queue(...percentileFaces(100), ...percentileFaces(1));
    const [hero] = await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, ada.id],
      othersOnAdventure: ["Tom"],
    });
    expect(hero?.plan?.steps[0]?.eligibleToWeaken.map((b) => b.name)).toEqual([
      "Her brother Tom",
      "Miskatonic University faculty",
    ]);
    rng.queue(...percentileFaces(100), ...percentileFaces(1));
    const [tomsSister] = await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, ada.id],
      othersOnAdventure: ["  her BROTHER   tom "],
    });
    const pending = await world.services.downtime.pendingSharedAdversity({
      actor: actor(),
      testEventId: tomsSister?.eventId ?? 0,
    });
    expect(pending.plan?.steps[0]?.eligibleToWeaken.map((b) => b.name)).toEqual([
      "Miskatonic University faculty",
    ]);
    const tom = world.hero.bonds.find((b) => b.name === "Her brother Tom");
    rng.queue(1);
    await expect(
      refusal(
        world.services.downtime.applySharedAdversity({
          actor: actor(),
          testEventId: tomsSister?.eventId ?? 0,
          choices: { [ada.id]: tom?.id ?? "" },
        }),
      ),
    ).resolves.toMatch(/cannot pay for Ada Quill/);
  });
});

describe("shared adversity on a full sheet", () => {
  it("tells the survivor there is no room, and still tests everyone", async () => {
    const ada = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    await fillSheet(world, "bonds", SHEET_LIMITS.bonds);
    rng.queue(...percentileFaces(100), ...percentileFaces(100));
    const [hero, other] = await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, ada.id],
    });
    expect(hero?.plan).toBeNull();
    expect(hero?.refusal).toMatchObject({ code: "sheet-full", part: "bonds", limit: 30, held: 30 });
    expect(other?.plan?.applies).toBe(true);
  });
});
