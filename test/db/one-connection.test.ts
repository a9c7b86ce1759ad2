/**
 * The store's transactions hold its one connection from BEGIN to COMMIT, and Prisma's queries made
 * inside one run in it, nested writes included (as a savepoint). Before, Prisma and our statements
 * had separate transaction queues on one connection, and a statement that opened its own
 * transaction inside a Prisma transaction waited for that transaction to end: until Prisma's
 * timeout, when the player was told the records were busy.
 */
import { NestedTransactionError } from "../../src/core/db/sql.js";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GM_USER, GUILD, makeWorld, type World } from "../support/fixtures.js";

let world: World;
beforeEach(async () => {
  world = await makeWorld();
});
afterEach(() => world.dispose());

const committedName = (world: World, id: string) => {
  const other = new BetterSqlite3(world.db.file, { readonly: true });
  try {
    return other.prepare(`SELECT "name" FROM "Campaign" WHERE "id" = ?`).pluck().get(id);
  } finally {
    other.close();
  }
};

describe("one connection, one transaction at a time", () => {
  it("runs Prisma's nested writes and the store's statements in one transaction", async () => {
    const { store, prisma } = world.db;
    const id = await store.transaction(async (tx) => {
      // A nested create: Prisma starts a transaction of its own for it, inside ours.
      const campaign = await prisma.campaign.create({
        data: {
          guildId: GUILD,
          name: "Nested",
          ruleOptions: {},
          gms: { create: { kind: "user", discordId: GM_USER } },
        },
      });
      // The store's statements see what Prisma wrote, before anything is committed.
      expect(await tx.campaigns.byId(GUILD, campaign.id)).toMatchObject({ name: "Nested" });
      expect(await tx.campaigns.listsGm(campaign.id, GM_USER, [])).toBe(true);
      return campaign.id;
    });
    expect(committedName(world, id)).toBe("Nested");
  });

  it("rolls Prisma's writes back with the store's when the work throws", async () => {
    const { store, prisma } = world.db;
    let id = "";
    await expect(
      store.transaction(async (tx) => {
        id = (
          await prisma.campaign.create({ data: { guildId: GUILD, name: "Gone", ruleOptions: {} } })
        ).id;
        await tx.events.append({
          guildId: GUILD,
          campaignId: id,
          actorId: GM_USER,
          kind: "note",
          sessionNumber: 1,
          input: {},
          payloadVersion: 1,
          payload: { note: "never kept" },
        });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(committedName(world, id)).toBeUndefined();
    expect(await prisma.event.count({ where: { kind: "note" } })).toBe(0);
  });

  it("runs a Prisma interactive transaction as a store transaction, in turn with the others", async () => {
    const { store, prisma } = world.db;
    const bump = () =>
      store.transaction(async (tx) => {
        const campaign = await tx.campaigns.byId(GUILD, world.campaignId);
        // Prisma's write awaits between our read and the commit: another transaction must wait.
        await prisma.campaign.update({
          where: { id: world.campaignId },
          data: { sessionNumber: (campaign?.sessionNumber ?? 0) + 1 },
        });
      });
    const viaPrisma = () =>
      prisma.$transaction(async (ptx) => {
        const campaign = await ptx.campaign.findUniqueOrThrow({ where: { id: world.campaignId } });
        await ptx.campaign.update({
          where: { id: world.campaignId },
          data: { sessionNumber: campaign.sessionNumber + 1 },
        });
      });
    const before = (await prisma.campaign.findUniqueOrThrow({ where: { id: world.campaignId } }))
      .sessionNumber;
    await Promise.all([bump(), viaPrisma(), bump(), viaPrisma()]);
    const after = await store.read((tx) => tx.campaigns.byId(GUILD, world.campaignId));
    expect(after?.sessionNumber).toBe(before + 4);
  });

  it("refuses at once a transaction started inside another, instead of waiting for itself", async () => {
    const { store, prisma } = world.db;
    let later: Promise<unknown> = Promise.resolve();
    const nested = store.transaction(async (tx) => {
      await tx.campaigns.byId(GUILD, world.campaignId);
      // Work the transaction leaves behind may start its own once this one is over.
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
        store.read((inner) => inner.campaigns.byId(GUILD, world.campaignId)),
      );
      return store.transaction((inner) => inner.campaigns.byId(GUILD, world.campaignId));
    });
    await expect(nested).rejects.toBeInstanceOf(NestedTransactionError);
    await expect(
      store.transaction(() => prisma.$transaction((ptx) => ptx.campaign.count())),
    ).rejects.toBeInstanceOf(NestedTransactionError);
    await expect(later).resolves.toMatchObject({ id: world.campaignId });
    // Nothing is left holding the connection.
    expect(await store.read((tx) => tx.campaigns.byId(GUILD, world.campaignId))).toBeDefined();
  });
});
