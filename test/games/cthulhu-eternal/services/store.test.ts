/**
 * The prepared statements read and write exactly what Prisma does: the same snapshot, the same
 * campaign, rows Prisma reads back as it wrote them (dates, JSON, booleans), in one transaction.
 */
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqlNow, type Sql } from "../../../../src/core/db/sql.js";
import {
  campaignOfChannel,
  isGm,
  resolveCampaign,
} from "../../../../src/games/cthulhu-eternal/services/campaign-access.js";
import { appendEvent } from "../../../../src/games/cthulhu-eternal/store/sqlite/events.js";
import { cloneSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";
import { toSnapshot } from "../../../../src/games/cthulhu-eternal/store/sqlite/protagonist-rows.js";
import {
  findProtagonist,
  writeProtagonist,
} from "../../../../src/games/cthulhu-eternal/store/sqlite/protagonists.js";
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

/** The store's own read of a sheet, on its statements. */
function loadProtagonist(sql: Sql, guildId: string, id: string) {
  const found = findProtagonist(sql, guildId, id);
  if (!found) throw new Error(`no Protagonist ${id}`);
  return found;
}
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

const PRISMA_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

describe("the prepared statements against Prisma", () => {
  it("load the same Protagonist snapshot, and write one Prisma reads back identically", async () => {
    const { sql } = world.db;
    expect(loadProtagonist(sql, GUILD, world.hero.id)).toEqual(await viaPrisma(world.hero.id));

    const before = loadProtagonist(sql, GUILD, world.hero.id);
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
    await sql.transaction(() => {
      writeProtagonist(sql, before, after);
    });

    expect(await viaPrisma(world.hero.id)).toEqual(after);
    expect(loadProtagonist(sql, GUILD, world.hero.id)).toEqual(after);
    const dates = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: world.hero.id },
      select: { updatedAt: true, bonds: { select: { createdAt: true } } },
    });
    expect(Date.now() - dates.updatedAt.getTime()).toBeLessThan(60_000);
    expect(dates.bonds.every((b) => !Number.isNaN(b.createdAt.getTime()))).toBe(true);
  });

  it("does not find another guild's Protagonist", () => {
    expect(findProtagonist(world.db.sql, "999999999999999999", world.hero.id)).toBeUndefined();
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
    const { sql } = world.db;
    const fellow = await world.addProtagonist(GM_USER, { name: "Fellow Agent" });
    const before = loadProtagonist(sql, GUILD, world.hero.id);
    const after = cloneSnapshot(before);
    after.name = "Renamed Agent";
    after.ownerId = GM_USER;
    after.status = "retired";
    const [first, ...rest] = after.skills;
    const [bond, ...otherBonds] = after.bonds;
    if (!first || !bond) throw new Error("the sample Protagonist has skills and Bonds");
    after.skills = [{ ...first, name: "Abnormal Psychology", key: "abnormal psychology" }, ...rest];
    after.bonds = [{ ...bond, fellowId: fellow.id }, ...otherBonds];
    await sql.transaction(() => {
      writeProtagonist(sql, before, after);
    });

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

  it("rewrite only the row when no indexed column changes (one page to the WAL, not four)", async () => {
    const { sql } = world.db;
    const before = loadProtagonist(sql, GUILD, world.hero.id);
    const after = cloneSnapshot(before);
    after.san -= 2;
    after.wp -= 1;
    sql.connection.pragma("wal_checkpoint(TRUNCATE)");
    await sql.transaction(() => {
      writeProtagonist(sql, before, after);
    });
    const [walFrames] = sql.connection.pragma("wal_checkpoint(PASSIVE)") as { log: bigint }[];
    expect(Number(walFrames?.log)).toBe(1);
    expect(await viaPrisma(world.hero.id)).toEqual(after);
  });

  it("say whether a write changed any row: not for an equal copy, yes for one child", async () => {
    const { sql } = world.db;
    const cached = () => sql.transaction(() => loadProtagonist(sql, GUILD, world.hero.id));
    const before = await cached();
    const same = cloneSnapshot(before);
    const bondOnly = cloneSnapshot(before);
    const [bond] = bondOnly.bonds;
    if (!bond) throw new Error("the sample Protagonist has Bonds");
    bond.score -= 1;
    const changes = sql.connection.prepare<[], number>("SELECT total_changes()").pluck();
    const counted = changes.get();
    expect(await sql.transaction(() => writeProtagonist(sql, before, same))).toBe(false);
    expect(changes.get()).toBe(counted);
    // Nothing written: the cached snapshot stands, the copy is not cached in its place.
    expect(await cached()).toBe(before);
    expect(await sql.transaction(() => writeProtagonist(sql, before, bondOnly))).toBe(true);
    expect((await viaPrisma(world.hero.id)).bonds[0]?.score).toBe(bond.score);
  });

  it("keep an event's fact whole: its payload as JSON and the payload's version", async () => {
    const { sql, prisma } = world.db;
    const name = `${"x".repeat(498)}${"🐙".repeat(10)}`;
    const id = await sql.transaction(() =>
      appendEvent(sql, {
        guildId: GUILD,
        campaignId: world.campaignId,
        actorId: GM_USER,
        kind: "test-kind",
        payloadVersion: 3,
        payload: { protagonist: name, skipped: undefined },
        sessionNumber: 1,
        input: {},
        changes: [],
      }),
    );
    const row = await prisma.event.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ payloadVersion: 3, summary: "" });
    expect(JSON.parse(row.payload ?? "null")).toEqual({ protagonist: name });
  });

  it("append events Prisma reads back with their JSON, dates and targets", async () => {
    const { sql, prisma } = world.db;
    const before = loadProtagonist(sql, GUILD, world.hero.id);
    const after = { ...cloneSnapshot(before), san: before.san - 1 };
    const id = await sql.transaction(() =>
      appendEvent(sql, {
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
      }),
    );
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
    // Dates are stored as Prisma stores them, so both sort and compare alike.
    const prismaEvent = await prisma.event.create({
      data: { guildId: GUILD, actorId: GM_USER, kind: "other", input: {}, summary: "by Prisma" },
    });
    const stored = sql.all<{ createdAt: string }>(
      `SELECT "createdAt" FROM "Event" WHERE "id" IN (?, ?) ORDER BY "id"`,
      id,
      prismaEvent.id,
    );
    expect(stored.map((row) => row.createdAt)).toEqual([
      expect.stringMatching(PRISMA_DATE),
      expect.stringMatching(PRISMA_DATE),
    ]);
    expect(sqlNow(new Date(0))).toBe("1970-01-01T00:00:00.000+00:00");
  });
});

describe("transactions on the shared connection", () => {
  const sanOf = (id: string) =>
    world.db.sql.get<{ san: number }>(`SELECT "san" FROM "Protagonist" WHERE "id" = ?`, id)?.san;

  it("roll back everything when the work throws, and commit when it returns", async () => {
    const { sql } = world.db;
    const san = world.hero.san;
    const setSan = (value: number) =>
      sql.run(`UPDATE "Protagonist" SET "san" = ? WHERE "id" = ?`, value, world.hero.id);
    await expect(
      sql.transaction(() => {
        setSan(1);
        throw new Error("rules refused");
      }),
    ).rejects.toThrow("rules refused");
    expect(sanOf(world.hero.id)).toBe(san);
    await sql.transaction(() => setSan(san - 5));
    expect(sanOf(world.hero.id)).toBe(san - 5);
  });

  it("read while another connection holds the write lock; writes wait for it", async () => {
    const { sql } = world.db;
    const holder = new BetterSqlite3(world.db.file);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const read = await sql.read(() => loadProtagonist(sql, GUILD, world.hero.id));
      expect(read.id).toBe(world.hero.id);
      sql.connection.pragma("busy_timeout = 50");
      await expect(
        sql.transaction(() =>
          sql.run(`UPDATE "Protagonist" SET "san" = 1 WHERE "id" = ?`, world.hero.id),
        ),
      ).rejects.toMatchObject({ name: "StoreUnavailable", reason: "busy" });
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
  });

  it("wait for a Prisma transaction that is open, instead of joining it", async () => {
    const { sql, prisma } = world.db;
    const san = world.hero.san;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const opened = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A Prisma transaction that writes, then waits, then fails: its write must vanish.
    const prismaSide = prisma.$transaction(async (tx) => {
      await tx.protagonist.update({ where: { id: world.hero.id }, data: { san: 0 } });
      entered();
      await held;
      throw new Error("Prisma side fails");
    });
    await opened;
    const ours = sql.transaction(() =>
      sql.run(`UPDATE "Protagonist" SET "san" = "san" - 1 WHERE "id" = ?`, world.hero.id),
    );
    release();
    await expect(prismaSide).rejects.toThrow("Prisma side fails");
    await ours;
    // Ours ran after Prisma's rolled back, from the committed value, not inside it.
    expect(sanOf(world.hero.id)).toBe(san - 1);
  });
});
