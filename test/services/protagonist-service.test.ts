import BetterSqlite3 from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PrismaClient } from "../../src/generated/prisma/client.js";
import { validateCreation, type CreationChoices } from "../../src/rules/creation/index.js";
import { seededRng } from "../../src/rules/rng.js";
import { pendingDisorder } from "../../src/rules/sanity/index.js";
import { resolveProtagonist } from "../../src/services/active-protagonist.js";
import { resolveCampaign } from "../../src/services/campaign-access.js";
import { ServiceError, type ServiceErrorKind } from "../../src/services/errors.js";
import {
  createProtagonistService,
  type ProtagonistService,
} from "../../src/services/protagonist-service.js";
import { SHEET_LIMITS } from "../../src/rules/sheet-limits.js";
import { ImportRefused, type ImportProblem } from "../../src/services/protagonist-import.js";
import { IMPORT_MAX_BYTES } from "../../src/services/protagonist-transfer.js";
import { loadProtagonist } from "../../src/services/store.js";
import { sampleChoices } from "../rules/creation/sample.js";
import {
  actor,
  GM_USER,
  gm,
  makeWorld,
  OTHER_GUILD,
  OTHER_PLAYER,
  PLAYER,
  type World,
} from "../support/fixtures.js";

const OTHER_CHANNEL = "200000000000000002";

let world: World;
let protagonists: ProtagonistService;

beforeEach(async () => {
  world = await makeWorld();
  protagonists = createProtagonistService({
    db: world.db.prisma,
    sql: world.db.sql,
    rng: seededRng(7),
  });
});
afterEach(() => world.dispose());

const choices = (overrides: Partial<CreationChoices> = {}): CreationChoices => ({
  ...sampleChoices(),
  name: "Agent Reyes",
  ...overrides,
});

/** The ServiceError a call fails with (anything else fails the test). */
async function failure(call: Promise<unknown>, kind?: ServiceErrorKind): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (kind) expect(error.kind).toBe(kind);
    return error;
  }
  throw new Error("expected the call to fail");
}

/** Everything a refused call must leave alone: row counts and the hero's whole state. */
async function state() {
  const p = world.db.prisma;
  return {
    events: await p.event.count(),
    protagonists: await p.protagonist.count(),
    skills: await p.skill.count(),
    bonds: await p.bond.count(),
    disorders: await p.disorder.count(),
    selections: await p.activeProtagonist.count(),
    hero: await load(world.hero.id),
  };
}

const load = (id: string) => Promise.resolve(loadProtagonist(world.db.sql, world.hero.guildId, id));

async function expectRefused(
  call: Promise<unknown>,
  kind: ServiceErrorKind,
  message?: RegExp | string,
): Promise<ServiceError> {
  const before = await state();
  const error = await failure(call, kind);
  if (message !== undefined) expect(error.userMessage).toMatch(message);
  expect(await state()).toEqual(before);
  return error;
}

/** The problems an import was refused for. */
function problemsOf(error: unknown): readonly ImportProblem[] {
  if (!(error instanceof ImportRefused)) throw new Error(`not an ImportRefused: ${String(error)}`);
  return error.problems;
}

async function lastEvent() {
  return world.db.prisma.event.findFirstOrThrow({
    orderBy: { id: "desc" },
    include: { targets: true },
  });
}

/** A second guild in the same database, with its own campaign and Protagonist. */
async function otherGuild() {
  const campaign = await world.services.campaigns.create({
    actor: gm({ guildId: OTHER_GUILD }),
    name: "Elsewhere",
  });
  const stranger = actor({ guildId: OTHER_GUILD });
  const created = await protagonists.create({
    actor: stranger,
    choices: choices({ name: "Far Away" }),
  });
  return { campaign, stranger, theirs: created.protagonist };
}

describe("creation", () => {
  it("previews a draft under the campaign's era and rules, writing nothing", async () => {
    const before = await state();
    const preview = await protagonists.preview({
      actor: actor(),
      draft: { name: "Half Done", archetypeId: "researcher-scientist", bonusSkills: ["Occult"] },
    });
    expect(preview.era).toBe("modern");
    expect(preview.archetype?.name).toBe("Researcher / Scientist");
    expect(preview.picks.remaining).toBe(9);
    expect(preview.derived).toBeNull();
    expect(preview.violations).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it("previews and creates with the campaign's custom archetypes and skills", async () => {
    await world.db.prisma.campaign.update({
      where: { id: world.campaignId },
      data: {
        customContent: {
          archetypes: [
            {
              id: "drifter",
              name: "Drifter",
              era: "modern",
              skills: [{ skill: "Sailing", rating: 40 }],
              optionalSkillCount: 0,
              optionalSkills: [],
              resources: 2,
              bonds: 1,
            },
          ],
          skills: [{ name: "Sailing", base: 5 }],
        },
      },
    });
    const catalog = await protagonists.creationCatalog({ actor: actor() });
    expect(catalog.archetypes.map((a) => a.id)).toContain("drifter");
    expect(catalog.skills.map((s) => s.name)).toContain("Sailing");
    const drifter = choices({
      name: "Salt",
      archetypeId: "drifter",
      archetypeSpecialisations: {},
      optionalSkills: [],
      bonds: [{ name: "The road crew", kind: "community" }],
    });
    const preview = await protagonists.preview({ actor: actor(), draft: drifter });
    expect(preview.violations).toEqual([]);
    expect(preview.skills.find((s) => s.name === "Sailing")?.rating).toBe(40);
    const { protagonist } = await protagonists.create({ actor: actor(), choices: drifter });
    expect(protagonist.archetype).toBe("Drifter");
  });

  it("reports broken custom content instead of ignoring it", async () => {
    await world.db.prisma.campaign.update({
      where: { id: world.campaignId },
      data: { customContent: { skills: [{ name: "Sailing", base: 500 }] } },
    });
    const error = await failure(protagonists.preview({ actor: actor(), draft: {} }), "invalid");
    expect(error.userMessage).toMatch(
      /custom archetypes\/skills of \*\*Night Floors\*\*.*skills\.0\.base/,
    );
  });

  it("lets a bonus pick raise Unnatural unless the campaign keeps Delta Green's rule", async () => {
    const withUnnatural = choices({
      bonusSkills: [...sampleChoices().bonusSkills.slice(0, 9), "Unnatural"],
    });
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { unnaturalBonusPicks: false },
    });
    await expectRefused(
      protagonists.create({ actor: actor({ userId: OTHER_PLAYER }), choices: withUnnatural }),
      "invalid",
      /does not let bonus picks raise Unnatural at creation/,
    );
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { unnaturalBonusPicks: true },
    });
    const { protagonist } = await protagonists.create({
      actor: actor({ userId: OTHER_PLAYER }),
      choices: withUnnatural,
    });
    expect(protagonist.skills.find((s) => s.name === "Unnatural")?.rating).toBe(20);
  });

  it("creates a Protagonist, logs it and makes it the player's active one", async () => {
    const result = await protagonists.create({
      actor: actor({ userId: OTHER_PLAYER }),
      choices: choices(),
    });
    const { protagonist } = result;
    expect(protagonist).toMatchObject({
      name: "Agent Reyes",
      ownerId: OTHER_PLAYER,
      campaignId: world.campaignId,
      status: "active",
      hp: 10,
      wp: 14,
      san: 70,
      resources: { rating: 5, atHand: 5, stowed: 0, storage: 0, checked: 0 },
    });
    expect(result.selected).toBe(true);
    const event = await lastEvent();
    expect(event).toMatchObject({ id: result.eventId, kind: "protagonist-create", changed: false });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([protagonist.id]);
    expect(event.dice).toMatchObject({ name: "Agent Reyes", stats: { INT: 15 } });
    const row = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: protagonist.id },
    });
    expect(row.creation).toMatchObject({ name: "Agent Reyes", era: "modern" });
    const a = actor({ userId: OTHER_PLAYER });
    const chosen = resolveProtagonist(world.db.sql, a, resolveCampaign(world.db.sql, a));
    expect(chosen.id).toBe(protagonist.id);

    // A second one does not take over the selection.
    const second = await protagonists.create({
      actor: actor({ userId: OTHER_PLAYER }),
      choices: choices({ name: "Agent Diaz" }),
    });
    expect(second.selected).toBe(false);
  });

  it("lists every violation in the player's words and creates nothing", async () => {
    const bad = choices({
      stats: {
        method: "set",
        set: "focused",
        assignment: { STR: 25, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 },
      },
      bonds: [],
    });
    const error = await expectRefused(
      protagonists.create({ actor: actor(), choices: bad }),
      "invalid",
      /^This Protagonist can't be created yet:\n- /,
    );
    const expected = validateCreation(bad).violations;
    expect(expected.length).toBeGreaterThan(1);
    for (const v of expected) expect(error.userMessage).toContain(v.message);
  });

  it("names the field of choices that are not even the right shape", async () => {
    await expectRefused(
      protagonists.create({
        actor: actor(),
        choices: { ...choices(), stats: { method: "points", assignment: { STR: "ten" } } },
      }),
      "invalid",
      "`choices.stats.assignment.STR` must be a number.",
    );
  });

  it("refuses a name already used in the campaign, whatever its case", async () => {
    await expectRefused(
      protagonists.create({ actor: actor(), choices: choices({ name: "DR. MIRIAM VANCE" }) }),
      "conflict",
      "**Night Floors** already has a Protagonist called **Dr. Miriam Vance**. Choose another name.",
    );
  });

  it("lets only a GM create for another player", async () => {
    await expectRefused(
      protagonists.create({ actor: actor(), choices: choices(), ownerId: OTHER_PLAYER }),
      "forbidden",
      /Only a GM of \*\*Night Floors\*\*/,
    );
    const made = await protagonists.create({
      actor: gm(),
      choices: choices(),
      ownerId: OTHER_PLAYER,
    });
    expect(made.protagonist.ownerId).toBe(OTHER_PLAYER);
    expect(made.selected).toBe(true);
    expect((await lastEvent()).summary).toBe(
      `created Agent Reyes (Researcher / Scientist) for <@${OTHER_PLAYER}>`,
    );
  });

  it("rolls stats, logs the dice, and links them to a Protagonist made from them", async () => {
    const rolled = await protagonists.rollStats({ actor: actor() });
    expect(rolled.rolls).toHaveLength(6);
    for (const roll of rolled.rolls) {
      expect(roll.dice).toHaveLength(4);
      expect(roll.total).toBeGreaterThanOrEqual(3);
      expect(roll.total).toBeLessThanOrEqual(18);
    }
    const event = await lastEvent();
    expect(event).toMatchObject({ id: rolled.eventId, kind: "stat-roll", changed: false });
    expect(event.summary).toBe(`rolled stats (4D6 drop lowest): ${rolled.totals.join(", ")}`);

    const [STR, DEX, CON, INT, POW, CHA] = rolled.totals as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const made = await protagonists.create({
      actor: actor(),
      choices: choices({
        stats: {
          method: "rolled",
          rolls: rolled.totals,
          assignment: { STR, DEX, CON, INT, POW, CHA },
        },
      }),
    });
    expect(made.protagonist.stats).toEqual({ STR, DEX, CON, INT, POW, CHA });
    expect((await lastEvent()).input).toMatchObject({ statRollEventId: rolled.eventId });
  });
});

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

  it("searches a big database through an index, quickly", async () => {
    const campaigns = [world.campaignId];
    for (const name of ["Second", "Third"]) {
      campaigns.push((await world.services.campaigns.create({ actor: gm(), name })).id);
    }
    const { campaign: far } = await otherGuild();
    const raw = new BetterSqlite3(world.db.file);
    const insert = raw.prepare(
      `INSERT INTO "Protagonist" ("id","guildId","campaignId","ownerId","name","archetype","str","dex","con","int","pow","cha","hpMax","hp","wpMax","wp","san","breakingPoint","updatedAt")
       VALUES (?,?,?,?,?,'Soldier',10,10,10,10,10,10,10,10,10,10,50,40,CURRENT_TIMESTAMP)`,
    );
    raw.transaction(() => {
      for (let i = 0; i < 40_000; i += 1) {
        const inOther = i % 4 === 3;
        const campaign = inOther ? far.id : (campaigns[i % 3] ?? world.campaignId);
        insert.run(
          `bulk-${i}`,
          inOther ? OTHER_GUILD : world.hero.guildId,
          campaign,
          PLAYER,
          `Recruit ${i}`,
        );
      }
    })();

    // The same SQL the service runs, captured from a logging client on the same file.
    const logged = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: world.db.file }),
      log: [{ emit: "event", level: "query" }],
    });
    const queries: { query: string; params: string }[] = [];
    logged.$on("query", (e) => queries.push({ query: e.query, params: e.params }));
    try {
      const service = createProtagonistService({
        db: logged,
        sql: world.db.sql,
        rng: seededRng(1),
      });
      const started = performance.now();
      const found = await service.search({ actor: actor(), query: "recruit 99" });
      const elapsed = performance.now() - started;
      expect(found.length).toBe(25);
      expect(found.every((p) => p.name.startsWith("Recruit 99"))).toBe(true);
      expect(elapsed).toBeLessThan(1000);

      const search = queries.find(
        (q) => /FROM `main`\.`Protagonist`/.test(q.query) && q.query.includes("LIKE"),
      );
      if (!search) throw new Error(`search query not captured: ${JSON.stringify(queries)}`);
      const params = JSON.parse(search.params) as unknown[];
      const plan = raw
        .prepare(`EXPLAIN QUERY PLAN ${search.query}`)
        .all(...params)
        .map((row) => (row as { detail: string }).detail);
      expect(plan.join("\n")).toMatch(/SEARCH .*Protagonist.* USING (COVERING )?INDEX/);
      expect(plan.join("\n")).not.toMatch(/SCAN .*Protagonist(?! USING)/);
    } finally {
      await logged.$disconnect();
      raw.close();
    }
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

describe("selecting", () => {
  it("channel choice, then campaign choice, then the only active one", async () => {
    const second = await world.addProtagonist(PLAYER, { name: "Second Self" });
    const resolveIn = (channelId: string) =>
      Promise.resolve().then(() => {
        const a = actor({ channelId });
        return resolveProtagonist(world.db.sql, a, resolveCampaign(world.db.sql, a)).name;
      });
    // Two active and nothing chosen: the player must choose.
    await failure(resolveIn(OTHER_CHANNEL), "invalid");

    const campaignWide = await protagonists.select({
      actor: actor(),
      protagonistId: second.id,
      scope: "campaign",
    });
    expect(campaignWide).toMatchObject({ scope: "campaign", protagonist: { name: "Second Self" } });
    const event = await lastEvent();
    expect(event).toMatchObject({ kind: "protagonist-select", changed: false });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([second.id]);

    await protagonists.select({ actor: actor(), protagonistId: world.hero.id, scope: "channel" });
    expect(await resolveIn(actor().channelId)).toBe("Dr. Miriam Vance");
    expect(await resolveIn(OTHER_CHANNEL)).toBe("Second Self");
    expect(
      (await protagonists.get({ actor: actor({ channelId: OTHER_CHANNEL }) })).protagonist.id,
    ).toBe(second.id);

    // Retiring the campaign-wide choice clears it; the only active one is used again.
    await protagonists.retire({ actor: actor(), protagonistId: second.id });
    expect(await resolveIn(OTHER_CHANNEL)).toBe("Dr. Miriam Vance");
  });

  it("players select their own; GMs any; never an inactive one", async () => {
    const theirs = await world.addProtagonist(OTHER_PLAYER, { name: "Not Yours" });
    await expectRefused(
      protagonists.select({ actor: actor(), protagonistId: theirs.id, scope: "campaign" }),
      "forbidden",
      "**Not Yours** is not yours. Only the player or a GM can do that.",
    );
    await protagonists.select({ actor: gm(), protagonistId: theirs.id, scope: "campaign" });
    const gmsChoice = await world.db.prisma.activeProtagonist.findFirstOrThrow({
      where: { userId: GM_USER },
    });
    expect(gmsChoice.protagonistId).toBe(theirs.id);
    await protagonists.retire({ actor: gm(), protagonistId: theirs.id });
    await expectRefused(
      protagonists.select({ actor: gm(), protagonistId: theirs.id, scope: "campaign" }),
      "invalid",
      "**Not Yours** is retired and can't be played.",
    );
  });

  it("refuses a channel choice in a channel of another campaign", async () => {
    const other = await world.services.campaigns.create({ actor: gm(), name: "Second" });
    await world.services.campaigns.bindChannel({
      actor: gm({ channelId: OTHER_CHANNEL }),
      campaignId: other.id,
    });
    await expectRefused(
      protagonists.select({
        actor: actor({ channelId: OTHER_CHANNEL }),
        protagonistId: world.hero.id,
        scope: "channel",
      }),
      "invalid",
      /This channel plays \*\*Second\*\*, but \*\*Dr\. Miriam Vance\*\* belongs to \*\*Night Floors\*\*/,
    );
    const wide = await protagonists.select({
      actor: actor({ channelId: OTHER_CHANNEL }),
      protagonistId: world.hero.id,
      scope: "campaign",
    });
    expect(wide.campaign.name).toBe("Night Floors");
  });
});

describe("editing", () => {
  const edit = (patch: Parameters<ProtagonistService["edit"]>[0]["patch"], who = actor()) =>
    protagonists.edit({ actor: who, protagonistId: world.hero.id, patch });

  async function loggedChange() {
    const event = await lastEvent();
    expect(event.kind).toBe("protagonist-edit");
    expect(event.changed).toBe(true);
    const before = (event.before as Record<string, unknown>)[world.hero.id];
    const after = (event.after as Record<string, unknown>)[world.hero.id];
    return { event, before, after };
  }

  it("renames, refusing a name taken in the campaign", async () => {
    const result = await edit({ name: "  Miriam Vance-Okafor " });
    expect(result.protagonist.name).toBe("Miriam Vance-Okafor");
    expect(result.changes).toEqual(["renamed “Dr. Miriam Vance” → “Miriam Vance-Okafor”"]);
    const { event, before, after } = await loggedChange();
    expect(before).toMatchObject({ name: "Dr. Miriam Vance" });
    expect(after).toMatchObject({ name: "Miriam Vance-Okafor" });
    expect(event.summary).toBe(
      "Dr. Miriam Vance: renamed “Dr. Miriam Vance” → “Miriam Vance-Okafor”",
    );
    expect((await load(world.hero.id)).name).toBe("Miriam Vance-Okafor");

    await world.addProtagonist(OTHER_PLAYER, { name: "Taken" });
    await expectRefused(
      edit({ name: "taken" }),
      "conflict",
      /already has a Protagonist called \*\*Taken\*\*/,
    );
    await expectRefused(edit({ name: "" }), "invalid", "`name` can't be empty.");
  });

  it("sets notes up to 2000 characters", async () => {
    await edit({ notes: "Keeps a revolver in the desk.\nAfraid of deep water." });
    expect((await load(world.hero.id)).notes).toBe(
      "Keeps a revolver in the desk.\nAfraid of deep water.",
    );
    await expectRefused(
      edit({ notes: "x".repeat(2001) }),
      "invalid",
      "`notes` is longer than 2000 characters.",
    );
  });

  it("sets skill ratings and adds skills, a typed one only with a specialisation", async () => {
    const result = await edit({
      skills: [
        { name: "occult", rating: 60 },
        { name: "Art (Painting)", rating: 25 },
      ],
    });
    expect(result.changes).toEqual(["Occult 50 → 60", "new skill Art (Painting) 25"]);
    const after = await load(world.hero.id);
    expect(after.skills.find((s) => s.key === "occult")?.rating).toBe(60);
    expect(after.skills.find((s) => s.key === "art (painting)")).toMatchObject({
      name: "Art (Painting)",
      rating: 25,
      failureMarked: false,
    });
    expect(result.protagonist).toEqual(after);

    await expectRefused(
      edit({ skills: [{ name: "Art", rating: 30 }] }),
      "invalid",
      "Art needs a specialisation: write it in brackets, e.g. “Art (Something)”.",
    );
    await expectRefused(
      edit({ skills: [{ name: "Craft (Type)", rating: 30 }] }),
      "invalid",
      /Craft needs a specialisation/,
    );
    await expectRefused(
      edit({ skills: [{ name: "Basket Weaving", rating: 30 }] }),
      "invalid",
      "There is no skill called “Basket Weaving” in this campaign. Pick one from the list.",
    );
    await expectRefused(
      edit({ skills: [{ name: "Occult", rating: 100 }] }),
      "invalid",
      "`skills.0.rating` must be from 0 to 99.",
    );
  });

  it("raising Unnatural lowers Max SAN and SAN with it", async () => {
    const result = await edit({ skills: [{ name: "Unnatural", rating: 40 }] });
    expect(result.changes).toEqual(["Unnatural 0 → 40", "Max SAN 99 → 59", "SAN 70 → 59"]);
    expect((await load(world.hero.id)).san).toBe(59);
    await expectRefused(edit({ san: 60 }), "invalid", "`san` must be from 0 to 59 (Max SAN).");
  });

  it("changes stats and recomputes HP and WP max, keeping damage taken", async () => {
    await edit({ hp: 6, wp: 10 });
    const result = await edit({ stats: { STR: 14, POW: 12 } });
    expect(result.changes).toEqual([
      "STR 10 → 14",
      "POW 14 → 12",
      "HP max 10 → 12",
      "WP max 14 → 12",
      "HP 6 → 8",
      "WP 10 → 8",
    ]);
    const after = await load(world.hero.id);
    expect(after).toMatchObject({ hpMax: 12, hp: 8, wpMax: 12, wp: 8 });
    expect(after.stats).toMatchObject({ STR: 14, POW: 12 });
    const { before, after: logged } = await loggedChange();
    expect(before).toMatchObject({ hpMax: 10, hp: 6, stats: { STR: 10 } });
    expect(logged).toMatchObject({ hpMax: 12, hp: 8, stats: { STR: 14 } });

    // Lower CHA lowers each individual Bond by as much.
    const cha = await edit({ stats: { CHA: 9 } });
    expect(cha.changes).toEqual(["CHA 12 → 9", "Bond “Her brother Tom” 12 → 9 (CHA −3)"]);

    await expectRefused(
      edit({ stats: { STR: 25 } }),
      "invalid",
      "`stats.STR` must be from 3 to 18.",
    );
    await expectRefused(
      edit({ stats: { DEX: 2 } }),
      "invalid",
      "`stats.DEX` must be from 3 to 18.",
    );
    await expectRefused(
      edit({ stats: { INT: 12.5 } }),
      "invalid",
      "`stats.INT` must be a whole number.",
    );
  });

  it("lowers every individual Bond by as much as CHA drops, breaking those it takes to 0", async () => {
    const tom = world.hero.bonds.find((b) => b.name === "Her brother Tom");
    await world.db.prisma.bond.update({ where: { id: tom?.id ?? "" }, data: { score: 8 } });
    await world.services.bonds.add({ actor: actor(), name: "Old flame", score: 2 });
    const result = await edit({ stats: { CHA: 9 } });
    expect(result.changes).toEqual([
      "CHA 12 → 9",
      "Bond “Her brother Tom” 8 → 5 (CHA −3)",
      "Bond “Old flame” 2 → 0, broken (CHA −3)",
    ]);
    const bonds = Object.fromEntries(
      (await load(world.hero.id)).bonds.map((b) => [b.name, [b.score, b.crossedOff]]),
    );
    expect(bonds).toEqual({
      "Her brother Tom": [5, false],
      "Miskatonic University faculty": [3, false], // a community Bond does not follow CHA
      "Old flame": [0, true],
    });
    // Raising CHA again raises no Bond.
    expect((await edit({ stats: { CHA: 12 } })).changes).toEqual(["CHA 9 → 12"]);
  });

  it("sets current HP, WP and SAN within 0..max", async () => {
    const result = await edit({ hp: 3, wp: 0, san: 41 });
    expect(result.changes).toEqual(["HP 10 → 3", "WP 14 → 0", "SAN 70 → 41"]);
    await expectRefused(edit({ hp: 11 }), "invalid", "`hp` must be from 0 to 10 (max HP).");
    await expectRefused(edit({ wp: -1 }), "invalid", "`wp` must be from 0 to 14 (max WP).");
    await expectRefused(edit({ san: 100 }), "invalid", "`san` must be from 0 to 99 (Max SAN).");
  });

  it("names the pending disorder a breaking point left, adds and cures disorders", async () => {
    await world.services.sanity.sanTest({ actor: actor(), loss: "20/20", threat: "violence" });
    const broken = await load(world.hero.id);
    const pending = broken.disorders[0];
    expect(pending?.name).toBe(pendingDisorder("violence"));

    const renamed = await edit({
      disorders: {
        rename: [{ id: pending?.id ?? "", name: "Nightmares (Violence)" }],
        add: [{ name: "Fear of the dark", threat: "helplessness" }],
      },
    });
    expect(renamed.changes).toEqual([
      `disorder “${pendingDisorder("violence")}” named “Nightmares (Violence)”`,
      "disorder “Fear of the dark” added",
    ]);
    const after = await load(world.hero.id);
    expect(after.disorders.map((d) => [d.name, d.threat, d.cured])).toEqual([
      ["Nightmares (Violence)", "violence", false],
      ["Fear of the dark", "helplessness", false],
    ]);
    const dark = after.disorders[1]?.id ?? "";
    await edit({ disorders: { cure: [dark] } });
    expect((await load(world.hero.id)).disorders[1]?.cured).toBe(true);
    await expectRefused(
      edit({ disorders: { cure: [dark] } }),
      "invalid",
      "“Fear of the dark” is already cured.",
    );
    await expectRefused(
      edit({ disorders: { cure: ["no-such-disorder"] } }),
      "invalid",
      "**Dr. Miriam Vance** has no such disorder. Pick one from the sheet.",
    );
  });

  it("lets only a GM change the status", async () => {
    await expectRefused(
      edit({ status: "dead" }),
      "forbidden",
      "Only a GM can change a Protagonist's status.",
    );
    const result = await edit({ status: "dead" }, gm());
    expect(result.changes).toEqual(["status active → dead"]);
    expect((await load(world.hero.id)).status).toBe("dead");
    await expectRefused(
      edit({ status: "zombie" as "dead" }, gm()),
      "invalid",
      "`status` must be one of “active”, “dead”, “insane”, “retired”.",
    );
  });

  it("sets the Resources rating with its breakdown, never more ticks than boxes", async () => {
    const raised = await edit({ resources: 14, resourcesChecked: 3 });
    expect(raised.changes).toEqual([
      "Resources 5 → 14 (6 at hand, 6 stowed, 2 in storage; 3 check boxes)",
      "Resource check boxes ticked 0 → 3",
    ]);
    expect((await load(world.hero.id)).resources).toEqual({
      rating: 14,
      atHand: 6,
      stowed: 6,
      storage: 2,
      checked: 3,
    });
    await edit({ resources: 4 });
    expect((await load(world.hero.id)).resources).toEqual({
      rating: 4,
      atHand: 4,
      stowed: 0,
      storage: 0,
      checked: 1,
    });
    await expectRefused(
      edit({ resourcesChecked: 2 }),
      "invalid",
      "`resourcesChecked` must be from 0 to 1 (Resources 4 has 1).",
    );
    await expectRefused(edit({ resources: 100 }), "invalid", "`resources` must be from 0 to 99.");
  });

  it("refuses other players, empty and no-op patches, and unknown fields", async () => {
    await expectRefused(
      edit({ notes: "mine now" }, actor({ userId: OTHER_PLAYER })),
      "forbidden",
      "**Dr. Miriam Vance** is not yours. Only the player or a GM can do that.",
    );
    await expectRefused(edit({}), "invalid", "Say what to change.");
    await expectRefused(
      edit({ hp: 10 }),
      "invalid",
      "That changes nothing on **Dr. Miriam Vance**'s sheet.",
    );
    await expectRefused(
      edit({ hitPoints: 3 } as never),
      "invalid",
      "`patch` has unknown field “hitPoints”.",
    );
    // A GM may edit anyone's sheet.
    await edit({ notes: "GM note" }, gm());
    expect((await load(world.hero.id)).notes).toBe("GM note");
  });
});

describe("retiring", () => {
  it("retires, logs before/after, and comes back with undo", async () => {
    const result = await protagonists.retire({ actor: actor(), protagonistId: world.hero.id });
    expect(result.protagonist.status).toBe("retired");
    const event = await lastEvent();
    expect(event).toMatchObject({ id: result.eventId, kind: "protagonist-retire", changed: true });
    expect((await load(world.hero.id)).status).toBe("retired");

    await expectRefused(
      protagonists.retire({ actor: actor(), protagonistId: world.hero.id }),
      "invalid",
      "**Dr. Miriam Vance** is already retired.",
    );

    const undone = await world.services.history.undo({ actor: actor(), eventId: result.eventId });
    expect(undone.protagonists).toEqual(["Dr. Miriam Vance"]);
    expect(await load(world.hero.id)).toEqual(world.hero);
  });

  it("only its player or a GM retires a Protagonist", async () => {
    await expectRefused(
      protagonists.retire({ actor: actor({ userId: OTHER_PLAYER }), protagonistId: world.hero.id }),
      "forbidden",
    );
    await protagonists.retire({ actor: gm(), protagonistId: world.hero.id });
    expect((await load(world.hero.id)).status).toBe("retired");
  });
});

describe("export and import", () => {
  async function richHero() {
    await world.services.sanity.sanTest({ actor: actor(), loss: "20/20", threat: "violence" });
    await protagonists.edit({
      actor: actor(),
      protagonistId: world.hero.id,
      patch: {
        notes: "Line one\nLine two",
        hp: 7,
        resources: 9,
        resourcesChecked: 1,
        skills: [{ name: "Art (Painting)", rating: 35 }],
        disorders: { add: [{ name: "Insomnia" }] },
      },
    });
  }

  it("round-trips a sheet: export, import, export again gives the same sheet", async () => {
    await richHero();
    const exported = await protagonists.exportJson({
      actor: actor(),
      protagonistId: world.hero.id,
    });
    expect(exported).toMatchObject({ format: "cthulhu-eternal-bot/protagonist", version: 1 });
    const json = JSON.stringify(exported);
    expect(json).not.toContain(world.hero.id);
    expect(json).not.toContain(world.hero.guildId);
    expect(json).not.toContain(PLAYER);
    expect(json).not.toContain(world.campaignId);

    const second = await world.services.campaigns.create({ actor: gm(), name: "Second" });
    const imported = await protagonists.importJson({
      actor: actor({ userId: OTHER_PLAYER }),
      campaignId: second.id,
      json,
    });
    expect(imported.protagonist).toMatchObject({ ownerId: OTHER_PLAYER, campaignId: second.id });
    expect(imported.protagonist.id).not.toBe(world.hero.id);
    expect(imported.selected).toBe(true);
    const event = await lastEvent();
    expect(event).toMatchObject({
      kind: "protagonist-import",
      actorId: OTHER_PLAYER,
      campaignId: second.id,
    });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([imported.protagonist.id]);

    const again = await protagonists.exportJson({
      actor: actor(),
      protagonistId: imported.protagonist.id,
    });
    expect(again.protagonist).toEqual(exported.protagonist);
    expect(again.creation).toEqual(exported.creation);
    const original = await load(world.hero.id);
    const copy = await load(imported.protagonist.id);
    const withoutIds = (p: typeof original) => ({
      ...p,
      // An open episode of temporary insanity stays at the table it happened at.
      temporarilyInsane: false,
      id: "",
      ownerId: "",
      campaignId: "",
      skills: p.skills.map((s) => ({ ...s, id: "" })),
      bonds: p.bonds.map((b) => ({ ...b, id: "" })),
      disorders: p.disorders.map((d) => ({ ...d, id: "" })),
    });
    expect(withoutIds(copy)).toEqual(withoutIds(original));
  });

  it("refuses a name the campaign has, unless renamed on import", async () => {
    const json = JSON.stringify(await protagonists.exportJson({ actor: actor() }));
    await expectRefused(
      protagonists.importJson({ actor: actor(), json }),
      "conflict",
      /already has a Protagonist called \*\*Dr\. Miriam Vance\*\*/,
    );
    const copy = await protagonists.importJson({ actor: actor(), json, name: "Miriam's Double" });
    expect(copy.protagonist.name).toBe("Miriam's Double");
    expect(copy.selected).toBe(true);
  });

  it("checks the rules between fields, and names every problem at once", async () => {
    const good = await protagonists.exportJson({ actor: actor() });
    const doc = structuredClone(good);
    const sheet = doc.protagonist;
    sheet.stats.DEX = "ten" as never;
    sheet.bonds[0] = { ...sheet.bonds[0], name: "Her brother Tom", score: 14 } as never;
    sheet.bonds.push(
      { name: "her  brother TOM", kind: "individual", score: 5, crossedOff: false },
      { name: "Old flame", kind: "individual", score: 0, crossedOff: false },
      { name: "Lost cousin", kind: "individual", score: 0, crossedOff: true },
    );
    sheet.adaptation = {
      violence: { boxes: 1, adapted: true },
      helplessness: { boxes: 3, adapted: false },
    };
    sheet.resources = { rating: 5, atHand: 3, stowed: 2, storage: 0, checked: 0 };
    sheet.skills.push({ name: "Basket Weaving", rating: 30, failureMarked: false });
    const error = await expectRefused(
      protagonists.importJson({ actor: actor(), json: JSON.stringify(doc), name: "Copy" }),
      "invalid",
    );
    const skill = sheet.skills.length;
    expect(problemsOf(error)).toEqual([
      { field: "DEX", message: "must be a number" },
      {
        field: "Resources",
        message: "Resources 5 are 5 at hand, 0 stowed and 0 in storage, not 3, 2 and 0",
      },
      {
        field: "Violence adaptation",
        message: "adapted needs all 3 boxes ticked, not 1",
      },
      {
        field: "Helplessness adaptation",
        message: '3 ticked boxes mean adapted: set "adapted" to true, or tick fewer',
      },
      {
        field: "Bond 1 “Her brother Tom” score",
        message: "14 is above CHA 12: an individual Bond never exceeds CHA",
      },
      {
        field: "Bond 3 “her brother TOM” name",
        message: "is the same subject as Bond 1: one standing Bond each",
      },
      {
        field: "Bond 4 “Old flame” score",
        message: "a standing Bond is at least 1 (at 0 it breaks and is crossed off)",
      },
      {
        field: `Skill ${skill} “Basket Weaving”`,
        message:
          "There is no skill called “Basket Weaving” in this campaign. Pick one from the list.",
      },
    ]);
  });

  it("refuses more Bonds, disorders or skills than a sheet holds", async () => {
    const doc = structuredClone(await protagonists.exportJson({ actor: actor() }));
    doc.protagonist.bonds = Array.from({ length: SHEET_LIMITS.bonds + 1 }, (_, i) => ({
      name: `Old tie ${i}`,
      kind: "individual" as const,
      score: 0,
      crossedOff: true,
    }));
    const error = await expectRefused(
      protagonists.importJson({ actor: actor(), json: JSON.stringify(doc), name: "Copy" }),
      "invalid",
    );
    expect(problemsOf(error)).toEqual([
      { field: "Bonds", message: `holds more than a sheet can (at most ${SHEET_LIMITS.bonds})` },
    ]);
  });

  it("refuses malformed files with the bad field named, changing nothing", async () => {
    const good = await protagonists.exportJson({ actor: actor() });
    const variant = (
      change: (doc: Record<string, unknown>, sheet: Record<string, unknown>) => void,
    ) => {
      const doc = structuredClone(good) as unknown as Record<string, unknown>;
      change(doc, doc.protagonist as Record<string, unknown>);
      return JSON.stringify(doc);
    };
    const refuse = (json: string, message: string | RegExp) =>
      expectRefused(
        protagonists.importJson({ actor: actor(), json, name: "Copy" }),
        "invalid",
        message,
      );

    await refuse(
      "{ not json",
      "That is not valid JSON. Attach the file exactly as `/protagonist export` made it.",
    );
    await refuse(
      variant((doc) => (doc.format = "something-else")),
      '`format` must be "cthulhu-eternal-bot/protagonist" (this is not a Protagonist exported by this bot).',
    );
    await refuse(
      variant((doc) => (doc.version = 2)),
      "`version` must be 1; this bot reads version 1 exports only.",
    );
    await refuse(
      variant((doc) => delete doc.protagonist),
      "`protagonist` is missing.",
    );
    const problems = async (json: string) => {
      const error = await expectRefused(
        protagonists.importJson({ actor: actor(), json, name: "Copy" }),
        "invalid",
      );
      return problemsOf(error);
    };
    const refusedFor = async (json: string, field: string, message: string | RegExp) => {
      const found = (await problems(json)).find((problem) => problem.field === field);
      expect(found?.message).toMatch(message);
    };
    await refusedFor(
      variant((_, sheet) => ((sheet.stats as Record<string, number>).STR = 25)),
      "STR",
      "must be from 3 to 18",
    );
    await refusedFor(
      variant((_, sheet) => delete sheet.hpMax),
      "Max HP",
      "is missing",
    );
    await refusedFor(
      variant((_, sheet) => (sheet.hp = 11)),
      "HP",
      "must be from 0 to 10 (max HP)",
    );
    await refusedFor(
      variant((_, sheet) => (sheet.wpMax = 20)),
      "Max WP",
      "must be 14, the same as POW",
    );
    await refusedFor(
      variant((_, sheet) => ((sheet.resources as Record<string, number>).checked = 2)),
      "Resource boxes checked",
      "must be from 0 to 1 (Resources 5)",
    );
    await refusedFor(
      variant(
        (_, sheet) =>
          ((sheet.skills as { rating: number }[])[0] = {
            ...(sheet.skills as { rating: number }[])[0],
            rating: 120,
          } as never),
      ),
      "Skill 1 “Administration” rating",
      "must be from 0 to 99",
    );
    await refusedFor(
      variant((_, sheet) => (sheet.ownerId = PLAYER)),
      "The sheet",
      "has unknown field “ownerId”",
    );
    await refusedFor(
      variant((doc) => (doc.creation = { stats: { method: "magic" } })),
      "Creation choices `stats.method`",
      /^must be one of/,
    );
    await refuse(
      " ".repeat(IMPORT_MAX_BYTES + 1),
      "That file is too large: an export is at most 100 kB.",
    );
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
