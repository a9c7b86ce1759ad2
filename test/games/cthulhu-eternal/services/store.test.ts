/**
 * The repositories read and write what the sheet and the log hold: a snapshot written reads back
 * equal (also through Prisma's own query), campaigns and GMs resolve as the rules say, events keep
 * their JSON, payload and targets, and a transaction that throws leaves nothing behind.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  campaignOfChannel,
  isGm,
  resolveCampaign,
} from "../../../../src/games/cthulhu-eternal/services/campaign-access.js";
import { cloneSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";
import { toSnapshot } from "../../../../src/games/cthulhu-eternal/store/protagonist-rows.js";
import type { ProtagonistSnapshot } from "../../../../src/games/cthulhu-eternal/store/records.js";
import type { EventInput } from "../../../../src/games/cthulhu-eternal/store/records.js";
import type { StoreTx } from "../../../../src/games/cthulhu-eternal/store/store.js";
import {
  actor,
  CHANNEL,
  GM_USER,
  GUILD,
  makeWorld,
  type World,
} from "../../../support/fixtures.js";

let world: World;
const inStore = <T>(work: (tx: StoreTx) => Promise<T>) => world.db.store.read(work);

/** The store's own read of a sheet. */
async function loadProtagonist(id: string): Promise<ProtagonistSnapshot> {
  const found = await inStore((tx) => tx.protagonists.find(GUILD, id));
  if (!found) throw new Error(`no Protagonist ${id}`);
  return found;
}

const writeProtagonist = (before: ProtagonistSnapshot, after: ProtagonistSnapshot) =>
  world.db.store.transaction((tx) => tx.protagonists.write(before, after));

const appendEvent = (event: EventInput) =>
  world.db.store.transaction((tx) => tx.events.append(event));

beforeEach(async () => {
  world = await makeWorld();
});
afterEach(() => world.dispose());

/** A Protagonist with its children in the order a sheet lists them. */
const protagonistInclude = {
  skills: { orderBy: { name: "asc" } },
  bonds: { orderBy: { createdAt: "asc" } },
  disorders: { orderBy: { createdAt: "asc" } },
} as const;

/** The snapshot as Prisma reads it. */
async function viaPrisma(id: string) {
  const row = await world.db.prisma.protagonist.findUniqueOrThrow({
    where: { id },
    include: protagonistInclude,
  });
  return toSnapshot(row);
}

describe("the repositories", () => {
  it("load the Protagonist Prisma reads, and write one that reads back identically", async () => {
    expect(await loadProtagonist(world.hero.id)).toEqual(await viaPrisma(world.hero.id));

    const before = await loadProtagonist(world.hero.id);
    const after = cloneSnapshot(before);
    after.san -= 3;
    after.exhausted = true;
    after.adaptation.violence = { boxes: 3, adapted: true };
    after.notes = "Saw the thing in the well";
    const [first, ...rest] = after.skills;
    if (!first) throw new Error("the sample Protagonist has skills");
    after.skills = [{ ...first, rating: first.rating + 4, failureMarked: true }, ...rest.slice(1)];
    after.bonds = [
      ...after.bonds.slice(1),
      {
        id: "bond-new",
        name: "The lighthouse keeper",
        kind: "individual",
        score: 7,
        crossedOff: false,
        fellowId: null,
      },
    ];
    after.disorders = [
      { id: "disorder-1", name: "Nightmares", threat: "unnatural", cured: false },
      { id: "disorder-2", name: "Hypervigilance", threat: "violence", cured: true },
    ];
    expect(await writeProtagonist(before, after)).toBe(true);

    expect(await viaPrisma(world.hero.id)).toEqual(after);
    expect(await loadProtagonist(world.hero.id)).toEqual(after);
    const dates = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: world.hero.id },
      select: { updatedAt: true, bonds: { select: { createdAt: true } } },
    });
    expect(Date.now() - dates.updatedAt.getTime()).toBeLessThan(60_000);
    expect(dates.bonds.every((b) => !Number.isNaN(b.createdAt.getTime()))).toBe(true);
  });

  it("does not find another guild's Protagonist", async () => {
    expect(
      await inStore((tx) => tx.protagonists.find("999999999999999999", world.hero.id)),
    ).toBeUndefined();
  });

  it("resolve the same campaign: the channel's binding first, else the guild's default", async () => {
    const { prisma } = world.db;
    const bound = await prisma.campaign.create({
      data: {
        guildId: GUILD,
        name: "Bound Elsewhere",
        ruleOptions: { failureMarks: false },
        customContent: { archetypes: [] },
      },
    });
    await prisma.channelBinding.create({
      data: { guildId: GUILD, channelId: CHANNEL, campaignId: bound.id },
    });
    expect(await inStore((tx) => resolveCampaign(tx, actor()))).toEqual(bound);
    const fallback = await prisma.campaign.findUniqueOrThrow({ where: { id: world.campaignId } });
    expect(
      await inStore((tx) => resolveCampaign(tx, actor({ channelId: "200000000000000099" }))),
    ).toEqual(fallback);
    expect(await inStore((tx) => resolveCampaign(tx, actor(), world.campaignId))).toEqual(fallback);
    expect(
      await inStore((tx) => campaignOfChannel(tx, actor({ guildId: "999999999999999999" }))),
    ).toBeUndefined();
    await expect(
      inStore((tx) => resolveCampaign(tx, actor({ guildId: "999999999999999999" }))),
    ).rejects.toMatchObject({ refusal: { code: "no-campaign-yet" } });
  });

  it("recognise GMs by user and by role, and nobody else", async () => {
    const { prisma } = world.db;
    const role = "400000000000000001";
    await prisma.campaignGm.create({
      data: { campaignId: world.campaignId, kind: "role", discordId: role },
    });
    expect(await inStore((tx) => isGm(tx, actor({ userId: GM_USER }), world.campaignId))).toBe(
      true,
    );
    expect(
      await inStore((tx) =>
        isGm(tx, actor({ roleIds: ["400000000000000002", role] }), world.campaignId),
      ),
    ).toBe(true);
    expect(
      await inStore((tx) => isGm(tx, actor({ roleIds: ["400000000000000002"] }), world.campaignId)),
    ).toBe(false);
    // A user id that happens to equal a GM role's id is not that role.
    expect(await inStore((tx) => isGm(tx, actor({ userId: role }), world.campaignId))).toBe(false);
  });

  it("keep the indexes right when a name, owner, status, skill key or fellow changes", async () => {
    const fellow = await world.addProtagonist(GM_USER, { name: "Fellow Agent" });
    const before = await loadProtagonist(world.hero.id);
    const after = cloneSnapshot(before);
    after.name = "Renamed Agent";
    after.ownerId = GM_USER;
    after.status = "retired";
    const [first, ...rest] = after.skills;
    const [bond, ...otherBonds] = after.bonds;
    if (!first || !bond) throw new Error("the sample Protagonist has skills and Bonds");
    after.skills = [{ ...first, name: "Abnormal Psychology", key: "abnormal psychology" }, ...rest];
    after.bonds = [{ ...bond, fellowId: fellow.id }, ...otherBonds];
    await writeProtagonist(before, after);

    const { protagonist, skill, bond: bonds } = world.db.prisma;
    // Looked up through each index the change touched.
    const byName = await protagonist.findUnique({
      where: { campaignId_name: { campaignId: world.campaignId, name: "Renamed Agent" } },
    });
    expect(byName?.id).toBe(world.hero.id);
    expect(
      (await protagonist.findMany({ where: { guildId: GUILD, ownerId: GM_USER } })).map(
        (p) => p.id,
      ),
    ).toContain(world.hero.id);
    expect(
      await protagonist.count({
        where: { guildId: GUILD, campaignId: world.campaignId, status: "retired" },
      }),
    ).toBe(1);
    const renamed = await skill.findUnique({
      where: { protagonistId_key: { protagonistId: world.hero.id, key: "abnormal psychology" } },
    });
    expect(renamed?.id).toBe(first.id);
    expect(
      (await bonds.findMany({ where: { fellowProtagonistId: fellow.id } })).map((b) => b.id),
    ).toEqual([bond.id]);
    expect(await viaPrisma(world.hero.id)).toEqual(after);
  });

  it("say whether a write changed any row: not for an equal copy, yes for one child", async () => {
    const before = await loadProtagonist(world.hero.id);
    const stamp = async () =>
      (await world.db.prisma.protagonist.findUniqueOrThrow({ where: { id: world.hero.id } }))
        .updatedAt;
    const updatedAt = await stamp();
    const bondOnly = cloneSnapshot(before);
    const [bond] = bondOnly.bonds;
    if (!bond) throw new Error("the sample Protagonist has Bonds");
    bond.score -= 1;
    expect(await writeProtagonist(before, cloneSnapshot(before))).toBe(false);
    expect(await stamp()).toEqual(updatedAt);
    expect(await writeProtagonist(before, bondOnly)).toBe(true);
    expect((await viaPrisma(world.hero.id)).bonds[0]?.score).toBe(bond.score);
  });

  it("keep an event's fact whole: its payload as JSON and the payload's version", async () => {
    const { prisma } = world.db;
    const name = `${"x".repeat(498)}${"🐙".repeat(10)}`;
    const id = await appendEvent({
      guildId: GUILD,
      campaignId: world.campaignId,
      actorId: GM_USER,
      kind: "test-kind",
      payloadVersion: 3,
      payload: { protagonist: name, skipped: undefined },
      sessionNumber: 1,
      input: {},
      changes: [],
    });
    const row = await prisma.event.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ payloadVersion: 3, summary: "" });
    expect(JSON.parse(row.payload ?? "null")).toEqual({ protagonist: name });
  });

  it("append events Prisma reads back with their JSON, dates and targets", async () => {
    const { prisma } = world.db;
    const before = await loadProtagonist(world.hero.id);
    const after = { ...cloneSnapshot(before), san: before.san - 1 };
    const id = await appendEvent({
      guildId: GUILD,
      campaignId: world.campaignId,
      actorId: GM_USER,
      kind: "test-kind",
      sessionNumber: 2,
      input: { loss: "1/1D6", skipped: undefined },
      dice: { rolls: [3, 4] },
      payloadVersion: 1,
      payload: { loss: 1 },
      changes: [{ before, after }],
    });
    const event = await prisma.event.findUniqueOrThrow({
      where: { id },
      include: { targets: true },
    });
    expect(event).toMatchObject({
      guildId: GUILD,
      campaignId: world.campaignId,
      kind: "test-kind",
      sessionNumber: 2,
      input: { loss: "1/1D6" },
      dice: { rolls: [3, 4] },
      before: { [before.id]: before },
      after: { [after.id]: after },
      changed: true,
      undoneById: null,
    });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([before.id]);
  });
});

describe("transactions", () => {
  it("roll back everything when the work throws, and commit when it returns", async () => {
    const san = world.hero.san;
    const sanOf = async () => (await loadProtagonist(world.hero.id)).san;
    const setSan = async (tx: StoreTx, value: number) => {
      const before = await tx.protagonists.find(GUILD, world.hero.id);
      if (!before) throw new Error("the hero is there");
      await tx.protagonists.write(before, { ...cloneSnapshot(before), san: value });
    };
    await expect(
      world.db.store.transaction(async (tx) => {
        await setSan(tx, 1);
        throw new Error("rules refused");
      }),
    ).rejects.toThrow("rules refused");
    expect(await sanOf()).toBe(san);
    await world.db.store.transaction((tx) => setSan(tx, san - 5));
    expect(await sanOf()).toBe(san - 5);
  });
});
