import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTempDatabase } from "../support/temp-db.js";

/** Every model written through Prisma on a real SQLite file reads back exactly as written. */
let db: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  db = await openTempDatabase();
});
afterAll(() => db.dispose());

const GUILD = "100000000000000001";

describe("round trip of every model", () => {
  it("writes and reads back each model with its relations", async () => {
    const p = db.prisma;
    const state = await p.botState.create({ data: { key: "commands-hash", value: "abc" } });
    expect(await p.botState.findUnique({ where: { key: "commands-hash" } })).toEqual(state);

    const guild = await p.guild.create({ data: { id: GUILD, settings: { locale: "en" } } });
    expect(await p.guild.findUnique({ where: { id: GUILD } })).toEqual(guild);

    const campaign = await p.campaign.create({
      data: {
        guildId: GUILD,
        name: "Night Floors",
        era: "future",
        isDefault: true,
        ruleOptions: { improvement: "check" },
        secretRollMode: "gm-channel",
        gmChannelId: "200000000000000009",
        customContent: { archetypes: [] },
      },
    });
    expect(await p.campaign.findUnique({ where: { id: campaign.id } })).toEqual(campaign);

    const gm = await p.campaignGm.create({
      data: { campaignId: campaign.id, kind: "role", discordId: "400000000000000001" },
    });
    expect(await p.campaignGm.findMany({ where: { campaignId: campaign.id } })).toEqual([gm]);

    const binding = await p.channelBinding.create({
      data: { guildId: GUILD, channelId: "200000000000000001", campaignId: campaign.id },
    });
    expect(await p.channelBinding.findMany()).toEqual([binding]);

    const stats = { str: 10, dex: 11, con: 12, int: 13, pow: 14, cha: 15 };
    const make = (name: string) =>
      p.protagonist.create({
        data: {
          guildId: GUILD,
          campaignId: campaign.id,
          ownerId: "300000000000000001",
          name,
          archetype: "Spacer",
          harshness: "harsh",
          ...stats,
          hpMax: 11,
          hp: 9,
          wpMax: 14,
          wp: 13,
          san: 56,
          breakingPoint: 42,
          adaptViolence: 2,
          adaptedHelplessness: true,
          adaptHelplessness: 3,
          exhausted: true,
          resourcesRating: 13,
          resourcesAtHand: 6,
          resourcesStowed: 6,
          resourcesStorage: 1,
          resourcesChecked: 2,
          notes: "Keeps a journal.",
          creation: { method: "set" },
        },
      });
    const hero = await make("Ines Okafor");
    const fellow = await make("Ada Quill");
    expect(await p.protagonist.findUnique({ where: { id: hero.id } })).toEqual(hero);

    const skill = await p.skill.create({
      data: {
        protagonistId: hero.id,
        name: "Art (Painting)",
        key: "art (painting)",
        rating: 40,
        failureMarked: true,
      },
    });
    const bond = await p.bond.create({
      data: {
        protagonistId: hero.id,
        name: "Ada",
        kind: "individual",
        score: 7,
        crossedOff: false,
        fellowProtagonistId: fellow.id,
      },
    });
    const disorder = await p.disorder.create({
      data: {
        protagonistId: hero.id,
        name: "Insomnia",
        threat: "violence",
        curedAt: new Date("2026-11-30T10:00:00Z"),
      },
    });
    const active = await p.activeProtagonist.create({
      data: {
        guildId: GUILD,
        userId: "300000000000000001",
        campaignId: campaign.id,
        channelId: "",
        protagonistId: hero.id,
      },
    });
    const event = await p.event.create({
      data: {
        guildId: GUILD,
        campaignId: campaign.id,
        actorId: "300000000000000001",
        kind: "san-test",
        sessionNumber: 2,
        input: { loss: "0/1D6" },
        dice: { roll: 42 },
        before: { [hero.id]: { san: 60 } },
        after: { [hero.id]: { san: 56 } },
        changed: true,
        summary: "lost 4",
        targets: { create: [{ protagonistId: hero.id }] },
      },
    });
    const undo = await p.event.create({
      data: {
        guildId: GUILD,
        actorId: "300000000000000001",
        kind: "undo",
        input: {},
        summary: "undid",
        undoesId: event.id,
      },
    });
    await p.event.update({ where: { id: event.id }, data: { undoneById: undo.id } });

    const loaded = await p.protagonist.findUniqueOrThrow({
      where: { id: hero.id },
      include: { skills: true, bonds: true, disorders: true, selections: true, eventTargets: true },
    });
    expect(loaded.skills).toEqual([skill]);
    expect(loaded.bonds).toEqual([bond]);
    expect(loaded.disorders).toEqual([disorder]);
    expect(loaded.selections).toEqual([active]);
    expect(loaded.eventTargets).toEqual([{ eventId: event.id, protagonistId: hero.id }]);
    const reread = await p.event.findUniqueOrThrow({
      where: { id: event.id },
      include: { undoneBy: true },
    });
    expect(reread.undoneBy?.undoesId).toBe(event.id);
    expect(reread.before).toEqual({ [hero.id]: { san: 60 } });
    expect(
      await p.protagonist.findUniqueOrThrow({
        where: { id: fellow.id },
        include: { fellowBonds: true },
      }),
    ).toMatchObject({
      fellowBonds: [bond],
    });
  });

  it("enforces the relations: deleting a campaign removes its Protagonists and their rows", async () => {
    const campaign = await db.prisma.campaign.findFirstOrThrow();
    await db.prisma.campaign.delete({ where: { id: campaign.id } });
    expect(await db.prisma.protagonist.count()).toBe(0);
    expect(await db.prisma.skill.count()).toBe(0);
    expect(await db.prisma.eventTarget.count()).toBe(0);
    await expect(
      db.prisma.skill.create({
        data: { protagonistId: "missing", name: "X", key: "x", rating: 1 },
      }),
    ).rejects.toThrow();
  });
});
