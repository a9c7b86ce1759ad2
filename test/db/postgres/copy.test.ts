/**
 * Moving over: a SQLite database in use (a campaign, Protagonists with skills and Bonds, SAN
 * tests, an undone change, a Cultists game) copied into an empty PostgreSQL database holds the
 * same rows, table for table, field for field; the bot then goes on there, its next event
 * numbered after the copied ones. A database that is not empty is refused, untouched.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seededRng } from "../../../src/core/rng.js";
import { copyDatabase, TargetNotEmpty } from "../../../src/store/copy.js";
import { continueNumbering } from "../../../src/store/postgres-database.js";
import { createCultistsService } from "../../../src/games/cultists-of-cthulhu/services/game-service.js";
import { cultistsStore } from "../../../src/games/cultists-of-cthulhu/store/game-store.js";
import type { Db } from "../../../src/store/database.js";
import { actor, gm, GUILD, makeWorld, type World } from "../../support/fixtures.js";
import { openTempDatabase, type TempDatabase } from "../../support/temp-db.js";

let world: World;
let target: TempDatabase;

beforeEach(async () => {
  world = await makeWorld(seededRng(3), GUILD, "sqlite");
  target = await openTempDatabase("postgres");
  await target.prisma.botState.deleteMany();
});
afterEach(async () => {
  await world.dispose();
  await target.dispose();
});

/** Every row of every table, in key order. */
async function everything(prisma: Db) {
  return {
    botState: await prisma.botState.findMany({ orderBy: { key: "asc" } }),
    guilds: await prisma.guild.findMany({ orderBy: { id: "asc" } }),
    campaigns: await prisma.campaign.findMany({ orderBy: { id: "asc" } }),
    gms: await prisma.campaignGm.findMany({
      orderBy: [{ campaignId: "asc" }, { discordId: "asc" }],
    }),
    protagonists: await prisma.protagonist.findMany({ orderBy: { id: "asc" } }),
    skills: await prisma.skill.findMany({ orderBy: { id: "asc" } }),
    bonds: await prisma.bond.findMany({ orderBy: { id: "asc" } }),
    disorders: await prisma.disorder.findMany({ orderBy: { id: "asc" } }),
    selections: await prisma.activeProtagonist.findMany({ orderBy: { protagonistId: "asc" } }),
    events: await prisma.event.findMany({ orderBy: { id: "asc" } }),
    targets: await prisma.eventTarget.findMany({
      orderBy: [{ eventId: "asc" }, { protagonistId: "asc" }],
    }),
    games: await prisma.cultistsGame.findMany({ orderBy: { id: "asc" } }),
    actions: await prisma.cultistsAction.findMany({ orderBy: { id: "asc" } }),
    characters: await prisma.cultistsCharacter.findMany({ orderBy: { id: "asc" } }),
  };
}

describe("copying SQLite into PostgreSQL", () => {
  it("holds the same rows afterwards, and the bot goes on from there", async () => {
    const { services } = world;
    await world.addProtagonist("400000000000000077", { name: "Second Agent" });
    await services.sanity.sanTest({ actor: actor(), loss: "1/1D4", threat: "unnatural" });
    const { eventId } = await services.harm.hp({ actor: actor(), action: "damage", amount: 2 });
    await services.history.undo({ actor: gm(), eventId });
    const cultists = createCultistsService({ store: cultistsStore(world.db), rng: seededRng(5) });
    await cultists.open({ guildId: GUILD, channelId: "200000000000000001" }, "300", "Fungi");
    await world.db.prisma.botState.create({ data: { key: "commands-hash", value: "abc" } });

    const report = await copyDatabase(world.db.prisma, target.prisma);
    await continueNumbering(target.prisma);

    expect(report.tables.every((t) => t.source === t.target && t.source >= 0)).toBe(true);
    expect(report.tables.find((t) => t.model === "event")?.target).toBeGreaterThanOrEqual(3);
    expect(await everything(target.prisma)).toEqual(await everything(world.db.prisma));

    // The bot on PostgreSQL: the sheet reads the same, and the next event comes after the others.
    const next = await target.store.transaction((tx) =>
      tx.events.append({
        guildId: GUILD,
        campaignId: world.campaignId,
        actorId: "300",
        kind: "after-the-move",
        payloadVersion: 1,
        payload: {},
        sessionNumber: 1,
        input: {},
      }),
    );
    const copied = await world.db.prisma.event.aggregate({ _max: { id: true } });
    expect(next).toBeGreaterThan(copied._max.id ?? 0);
    expect(await target.store.read((tx) => tx.protagonists.find(GUILD, world.hero.id))).toEqual(
      await world.db.store.read((tx) => tx.protagonists.find(GUILD, world.hero.id)),
    );
  });

  it("copies tables of many pages whole, keyed by one field or by two", async () => {
    const others = [
      await world.addProtagonist("400000000000000077", { name: "Second Agent" }),
      await world.addProtagonist("400000000000000078", { name: "Third Agent" }),
    ];
    const events = Array.from({ length: 1_200 }, (_, i) => ({
      guildId: GUILD,
      campaignId: world.campaignId,
      actorId: "300",
      kind: "test",
      input: { i },
      summary: `roll ${i}`,
    }));
    await world.db.prisma.event.createMany({ data: events });
    const ids = await world.db.prisma.event.findMany({ select: { id: true } });
    await world.db.prisma.eventTarget.createMany({
      // Three targets an event: a page of 500 ends between two targets of one event.
      data: ids.flatMap(({ id }) =>
        [world.hero, ...others].map((p) => ({ eventId: id, protagonistId: p.id })),
      ),
    });

    const report = await copyDatabase(world.db.prisma, target.prisma);

    expect(report.tables.find((t) => t.model === "eventTarget")?.target).toBe(3 * ids.length);
    expect(await everything(target.prisma)).toEqual(await everything(world.db.prisma));
  });

  it("refuses a database that is not empty, and writes nothing there", async () => {
    await target.prisma.botState.create({ data: { key: "already", value: "here" } });
    await expect(copyDatabase(world.db.prisma, target.prisma)).rejects.toBeInstanceOf(
      TargetNotEmpty,
    );
    expect(await target.prisma.guild.count()).toBe(0);
  });
});
