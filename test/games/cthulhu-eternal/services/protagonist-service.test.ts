import { describe, expect, it } from "vitest";
import { actor, gm, OTHER_GUILD, OTHER_PLAYER, PLAYER } from "../../../support/fixtures.js";
import {
  world,
  protagonists,
  choices,
  failure,
  expectRefused,
  otherGuild,
} from "./protagonist-service-support.js";

describe("reading", () => {
  it("lists the campaign's active Protagonists, by owner, or all", async () => {
    const gone = await world.addProtagonist(OTHER_PLAYER, { name: "Gone" });
    await world.addProtagonist(OTHER_PLAYER, { name: "Alive" });
    await protagonists.retire({ actor: actor({ userId: OTHER_PLAYER }), protagonistId: gone.id });
    const names = async (input: { ownerId?: string; includeInactive?: boolean }) =>
      (await protagonists.list({ actor: actor(), ...input })).map((p) => p.name);
    expect(await names({})).toEqual(["Alive", "Dr. Miriam Vance"]);
    expect(await names({ includeInactive: true })).toEqual(["Alive", "Dr. Miriam Vance", "Gone"]);
    expect(await names({ ownerId: OTHER_PLAYER, includeInactive: true })).toEqual([
      "Alive",
      "Gone",
    ]);
    const [first] = await protagonists.list({ actor: actor(), ownerId: PLAYER });
    expect(first).toMatchObject({ name: "Dr. Miriam Vance", hp: 10, hpMax: 10, status: "active" });
  });

  it("shows a sheet to any member: the active one by default, or the one named", async () => {
    const own = await protagonists.get({ actor: actor() });
    expect(own.protagonist.id).toBe(world.hero.id);
    expect(own.canEdit).toBe(true);
    expect(own.derived).toEqual({
      maxSan: 99,
      recoverySan: 70,
      damageBonus: 0,
      resourceCheckBoxes: 1,
    });
    expect(own.campaign.name).toBe("Night Floors");
    const seen = await protagonists.get({
      actor: actor({ userId: OTHER_PLAYER }),
      protagonistId: world.hero.id,
    });
    expect(seen.protagonist.name).toBe("Dr. Miriam Vance");
    expect(seen.canEdit).toBe(false);
    expect((await protagonists.get({ actor: gm(), protagonistId: world.hero.id })).canEdit).toBe(
      true,
    );
    await failure(protagonists.get({ actor: actor({ userId: OTHER_PLAYER }) }), "invalid");
  });

  it("searches names in the current campaign, case-insensitively, at most 25", async () => {
    for (let i = 0; i < 30; i += 1) {
      await world.addProtagonist(OTHER_PLAYER, { name: `Cultist ${String(i).padStart(2, "0")}` });
    }
    await world.addProtagonist(OTHER_PLAYER, { name: "Ann_100%" });
    const other = await world.services.campaigns.create({ actor: gm(), name: "Second" });
    await protagonists.create({
      actor: actor(),
      campaignId: other.id,
      choices: choices({ name: "Vance Two" }),
    });

    const search = (query: string, mine = false) =>
      protagonists.search({ actor: actor(), query, mine });
    expect((await search("VANCE")).map((p) => p.name)).toEqual(["Dr. Miriam Vance"]);
    expect(await search("vance")).toEqual([
      { id: world.hero.id, name: "Dr. Miriam Vance", ownerId: PLAYER, status: "active" },
    ]);
    const cultists = await search("cult");
    expect(cultists).toHaveLength(25);
    expect(cultists[0]?.name).toBe("Cultist 00");
    expect(await search("")).toHaveLength(25);
    expect((await search("", true)).map((p) => p.name)).toEqual(["Dr. Miriam Vance"]);
    // LIKE wildcards in the query are matched literally.
    expect((await search("%")).map((p) => p.name)).toEqual(["Ann_100%"]);
    expect((await search("n_1")).map((p) => p.name)).toEqual(["Ann_100%"]);
    expect(await search("t_0")).toEqual([]);
    // Another campaign of the guild, named explicitly.
    const second = await protagonists.search({
      actor: actor(),
      campaignId: other.id,
      query: "vance",
    });
    expect(second.map((p) => p.name)).toEqual(["Vance Two"]);
  });

  it("searches a big database, finding the campaign's matches only", async () => {
    const campaigns = [world.campaignId];
    for (const name of ["Second", "Third"]) {
      campaigns.push((await world.services.campaigns.create({ actor: gm(), name })).id);
    }
    const { campaign: far } = await otherGuild();
    const rows = Array.from({ length: 4_000 }, (_, i) => {
      const inOther = i % 4 === 3;
      return {
        id: `bulk-${i}`,
        guildId: inOther ? OTHER_GUILD : world.hero.guildId,
        campaignId: inOther ? far.id : (campaigns[i % 3] ?? world.campaignId),
        ownerId: PLAYER,
        name: `Recruit ${i}`,
        archetype: "Soldier",
        ...{ str: 10, dex: 10, con: 10, int: 10, pow: 10, cha: 10 },
        ...{ hpMax: 10, hp: 10, wpMax: 10, wp: 10, san: 50, breakingPoint: 40 },
      };
    });
    for (let start = 0; start < rows.length; start += 1_000) {
      await world.db.prisma.protagonist.createMany({ data: rows.slice(start, start + 1_000) });
    }

    const found = await protagonists.search({ actor: actor(), query: "recruit 1" });
    expect(found.length).toBe(25);
    expect(found.every((p) => p.name.startsWith("Recruit 1"))).toBe(true);
  });

  it("autocompletes a Protagonist's skills and Bonds", async () => {
    const skills = await protagonists.skillsOf({ actor: actor(), query: "SCI" });
    expect(skills.map((s) => `${s.name} ${s.rating}`)).toEqual([
      "Science (Biology) 70",
      "Science (Chemistry) 40",
    ]);
    expect(await protagonists.skillsOf({ actor: actor(), query: "" })).toHaveLength(25);
    expect(await protagonists.skillsOf({ actor: actor(), query: "%" })).toEqual([]);
    const named = await protagonists.skillsOf({
      actor: actor({ userId: OTHER_PLAYER }),
      protagonistId: world.hero.id,
      query: "occ",
    });
    expect(named).toEqual([
      expect.objectContaining({ name: "Occult", rating: 50, failureMarked: false }),
    ]);

    const tom = world.hero.bonds.find((b) => b.name === "Her brother Tom");
    await world.db.prisma.bond.update({
      where: { id: tom?.id ?? "" },
      data: { crossedOff: true, score: 0 },
    });
    const bonds = (includeBroken = false, query = "") =>
      protagonists.bondsOf({ actor: actor(), query, includeBroken });
    expect((await bonds()).map((b) => b.name)).toEqual(["Miskatonic University faculty"]);
    expect((await bonds(true)).map((b) => b.name)).toEqual([
      "Her brother Tom",
      "Miskatonic University faculty",
    ]);
    expect(await bonds(true, "TOM")).toEqual([
      { id: tom?.id, name: "Her brother Tom", kind: "individual", score: 0, crossedOff: true },
    ]);
  });
});

describe("another guild", () => {
  it("finds nothing of this guild, by id or by campaign", async () => {
    const { stranger, theirs } = await otherGuild();
    const hero = world.hero.id;
    const campaignId = world.campaignId;
    const notFound = (call: Promise<unknown>) => expectRefused(call, "not-found");

    await notFound(protagonists.get({ actor: stranger, protagonistId: hero }));
    await notFound(
      protagonists.select({ actor: stranger, protagonistId: hero, scope: "campaign" }),
    );
    await notFound(
      protagonists.edit({ actor: stranger, protagonistId: hero, patch: { notes: "x" } }),
    );
    await notFound(protagonists.retire({ actor: stranger, protagonistId: hero }));
    await notFound(protagonists.exportJson({ actor: stranger, protagonistId: hero }));
    await notFound(protagonists.skillsOf({ actor: stranger, protagonistId: hero, query: "" }));
    await notFound(protagonists.bondsOf({ actor: stranger, protagonistId: hero, query: "" }));
    await notFound(protagonists.list({ actor: stranger, campaignId }));
    await notFound(protagonists.search({ actor: stranger, campaignId, query: "" }));
    await notFound(protagonists.preview({ actor: stranger, campaignId, draft: {} }));
    await notFound(protagonists.creationCatalog({ actor: stranger, campaignId }));
    await notFound(protagonists.rollStats({ actor: stranger, campaignId }));
    await notFound(protagonists.create({ actor: stranger, campaignId, choices: choices() }));
    const json = JSON.stringify(await protagonists.exportJson({ actor: stranger }));
    await notFound(protagonists.importJson({ actor: stranger, campaignId, json }));

    // Their own lists hold only their own; ours never show theirs.
    expect((await protagonists.list({ actor: stranger })).map((p) => p.id)).toEqual([theirs.id]);
    expect((await protagonists.search({ actor: stranger, query: "" })).map((p) => p.id)).toEqual([
      theirs.id,
    ]);
    expect(await protagonists.search({ actor: actor(), query: "far" })).toEqual([]);
    await notFound(protagonists.get({ actor: actor(), protagonistId: theirs.id }));
  });
});
