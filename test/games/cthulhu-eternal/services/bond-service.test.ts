import { bondDestroyText } from "../../../../src/games/cthulhu-eternal/presentation/bond-reasons.js";
import { rowLine } from "../../../support/event-lines.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import {
  createBondService,
  type BondService,
} from "../../../../src/games/cthulhu-eternal/services/bond-service.js";
import { ServiceError } from "../../../../src/games/cthulhu-eternal/services/errors.js";
import { actor, gm, OTHER_GUILD, OTHER_PLAYER, type World } from "../../../support/fixtures.js";
import {
  eventCount,
  fillSheet,
  otherGuildCampaign,
  scriptedWorld,
  stateOf,
} from "../../../support/service-world.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let faces: number[];
let bonds: BondService;
let tom: string;
let faculty: string;

beforeEach(async () => {
  const made = await scriptedWorld();
  world = made.world;
  faces = made.faces;
  bonds = createBondService({ store: world.db.store, rng: made.rng });
  // The sample sheet: CHA 12, "Her brother Tom" 12, "Miskatonic University faculty" 3.
  tom = bondIdByName("Her brother Tom");
  faculty = bondIdByName("Miskatonic University faculty");
});
afterEach(() => world.dispose());

function bondIdByName(name: string): string {
  const bond = world.hero.bonds.find((b) => b.name === name);
  if (!bond) throw new Error(`the sample has no Bond ${name}`);
  return bond.id;
}

async function bondOf(id: string) {
  const state = await stateOf(world, world.hero.id);
  return state.bonds.find((b) => b.id === id);
}

describe("bond service: add", () => {
  it("an individual Bond starts at CHA; a community Bond at the score given", async () => {
    const wife = await bonds.add({ actor: actor(), name: "  My wife ", kind: "individual" });
    expect(wife.bond).toMatchObject({ name: "My wife", score: 12, max: 12, status: "active" });
    const guild = await bonds.add({
      actor: actor(),
      name: "The Guild",
      kind: "community",
      score: 5,
    });
    expect(guild.bond).toMatchObject({ score: 5, max: 20, kind: "community" });
    const state = await stateOf(world, world.hero.id);
    expect(state.bonds.map((b) => [b.name, b.score])).toEqual([
      ["Her brother Tom", 12],
      ["Miskatonic University faculty", 3],
      ["My wife", 12],
      ["The Guild", 5],
    ]);
    const event = await world.db.prisma.event.findUnique({ where: { id: wife.eventId } });
    expect(rowLine(event)).toBe("Dr. Miriam Vance: new individual Bond “My wife” at 12");
  });

  it("the rules refuse bad Bonds and nothing is written", async () => {
    const events = await eventCount(world);
    await expect(
      refusal(bonds.add({ actor: actor(), name: "Old Club", kind: "community" })),
    ).resolves.toMatch(/community Bond needs a starting score/);
    await expect(
      bonds.add({ actor: actor(), name: "Rival", kind: "individual", score: 13 }),
    ).rejects.toBeInstanceOf(RulesError);
    await expect(
      refusal(bonds.add({ actor: actor(), name: "her brother tom", kind: "individual" })),
    ).resolves.toMatch(/already an active Bond/);
    await expect(
      bonds.add({ actor: actor(), name: "   ", kind: "individual" }),
    ).rejects.toMatchObject({ problem: { field: "name", issue: { kind: "empty" } } });
    expect(await eventCount(world)).toBe(events);
    expect((await stateOf(world, world.hero.id)).bonds).toHaveLength(2);
  });
});

describe("bond service: damage", () => {
  it("by points and by 1D4, with the roll in the summary", async () => {
    const points = await bonds.damage({ actor: actor(), bondId: tom, amount: 3 });
    expect(points.change).toMatchObject({ before: 12, after: 9, broke: false });
    expect(points.rolled).toBeNull();
    faces.push(3);
    const rolled = await bonds.damage({ actor: actor(), bondId: tom, amount: "1d4" });
    expect(rolled).toMatchObject({ rolled: 3, amount: 3, broke: false });
    expect(rolled.bond.score).toBe(6);
    expect((await bondOf(tom))?.score).toBe(6);
    const event = await world.db.prisma.event.findUnique({ where: { id: rolled.eventId } });
    expect(rowLine(event)).toBe("Dr. Miriam Vance: Bond “Her brother Tom” 9 → 6 (1D4: 3)");
  });

  it("at 0 the Bond breaks: crossed off, kept, a Helplessness test likely; then refused", async () => {
    const result = await bonds.damage({ actor: actor(), bondId: faculty, amount: 5 });
    expect(result.broke).toBe(true);
    expect(result.helplessnessTestLikely).toBe(true);
    expect(result.helplessnessTestLikely).toBe(true);
    expect(result.bond).toMatchObject({ score: 0, crossedOff: true, status: "broken" });
    expect(await bondOf(faculty)).toMatchObject({ score: 0, crossedOff: true });

    const events = await eventCount(world);
    await expect(
      bonds.damage({ actor: actor(), bondId: faculty, amount: 1 }),
    ).rejects.toMatchObject({ code: "bond-broken" });
    await expect(
      bonds.improve({ actor: actor(), bondId: faculty, amount: 1 }),
    ).rejects.toBeInstanceOf(RulesError);
    expect(await eventCount(world)).toBe(events);

    const list = await bonds.list({ actor: actor() });
    expect(list.bonds.map((b) => [b.name, b.status])).toEqual([
      ["Her brother Tom", "active"],
      ["Miskatonic University faculty", "broken"],
    ]);
  });

  it("refuses amounts other than points or 1D4", async () => {
    await expect(
      bonds.damage({ actor: actor(), bondId: tom, amount: "2D6" }),
    ).rejects.toMatchObject({
      problem: {
        field: "amount",
        issue: { kind: "points-or-dice", minimum: 1, maximum: 99, onlyDice: "1D4" },
      },
    });
    await expect(bonds.damage({ actor: actor(), bondId: tom, amount: 0 })).rejects.toBeInstanceOf(
      ServiceError,
    );
    expect((await bondOf(tom))?.score).toBe(12);
  });
});

describe("bond service: improve and destroy", () => {
  it("improvement is capped at CHA (individual) and 20 (community)", async () => {
    await bonds.damage({ actor: actor(), bondId: tom, amount: 6 });
    const tomUp = await bonds.improve({ actor: actor(), bondId: tom, amount: 10 });
    expect(tomUp).toMatchObject({ requested: 10, gained: 6, capped: true });
    expect(tomUp.bond.score).toBe(12);
    const event = await world.db.prisma.event.findUnique({ where: { id: tomUp.eventId } });
    expect(rowLine(event)).toBe(
      "Dr. Miriam Vance: Bond “Her brother Tom” 6 → 12 (+10, capped at 12)",
    );
    const facultyUp = await bonds.improve({ actor: actor(), bondId: faculty, amount: 30 });
    expect(facultyUp.bond.score).toBe(20);
    await expect(
      refusal(bonds.improve({ actor: actor(), bondId: tom, amount: 1 })),
    ).resolves.toMatch(/already at its maximum \(12\)/);
  });

  it("destroying crosses the Bond off and keeps its score", async () => {
    const result = await bonds.destroy({ actor: actor(), bondId: tom, why: "Tom died" });
    expect(result.bond).toMatchObject({ score: 12, crossedOff: true, status: "destroyed" });
    expect(result.reason).toMatchObject({ code: "destroyed", why: "Tom died" });
    expect(bondDestroyText(result.reason)).toMatch(/destroyed \(Tom died\)/);
    await expect(bonds.destroy({ actor: actor(), bondId: tom })).rejects.toMatchObject({
      code: "bond-destroyed",
    });
    const list = await bonds.list({ actor: actor() });
    expect(list.bonds.find((b) => b.id === tom)?.status).toBe("destroyed");
  });
});

describe("bond service: who may act", () => {
  it("another player may not change the Bonds; a GM may", async () => {
    await expect(
      bonds.damage({
        actor: actor({ userId: OTHER_PLAYER }),
        protagonistId: world.hero.id,
        bondId: tom,
        amount: 1,
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    const byGm = await bonds.damage({
      actor: gm(),
      protagonistId: world.hero.id,
      bondId: tom,
      amount: 1,
    });
    expect(byGm.bond.score).toBe(11);
  });

  it("another guild's Protagonist and another Protagonist's Bond are not found", async () => {
    await otherGuildCampaign(world);
    await expect(
      bonds.damage({
        actor: gm({ guildId: OTHER_GUILD }),
        protagonistId: world.hero.id,
        bondId: tom,
        amount: 1,
      }),
    ).rejects.toMatchObject({ kind: "not-found" });
    await expect(
      bonds.list({ actor: actor({ guildId: OTHER_GUILD }), protagonistId: world.hero.id }),
    ).rejects.toMatchObject({ kind: "not-found" });

    const other = await world.addProtagonist(OTHER_PLAYER, { name: "Jack Brand" });
    const othersBond = other.bonds[0]?.id ?? "";
    await expect(
      bonds.damage({ actor: gm(), protagonistId: world.hero.id, bondId: othersBond, amount: 1 }),
    ).rejects.toMatchObject({ kind: "not-found" });
    expect((await stateOf(world, other.id)).bonds).toEqual(other.bonds);
  });
});

describe("bond service: undo", () => {
  it("undoing each kind of change restores the exact state", async () => {
    const start = await stateOf(world, world.hero.id);
    const undo = async (eventId: number) => {
      await world.services.history.undo({ actor: actor(), eventId });
      expect(await stateOf(world, world.hero.id)).toEqual(start);
    };
    await undo((await bonds.add({ actor: actor(), name: "Ada", kind: "individual" })).eventId);
    faces.push(4);
    await undo((await bonds.damage({ actor: actor(), bondId: faculty, amount: "1D4" })).eventId);
    await undo((await bonds.damage({ actor: actor(), bondId: tom, amount: 2 })).eventId);
    await bonds.damage({ actor: actor(), bondId: tom, amount: 5 });
    const afterDamage = await stateOf(world, world.hero.id);
    const improved = await bonds.improve({ actor: actor(), bondId: tom, amount: 9 });
    await world.services.history.undo({ actor: actor(), eventId: improved.eventId });
    expect(await stateOf(world, world.hero.id)).toEqual(afterDamage);
    const destroyed = await bonds.destroy({ actor: actor(), bondId: tom });
    await world.services.history.undo({ actor: actor(), eventId: destroyed.eventId });
    expect(await stateOf(world, world.hero.id)).toEqual(afterDamage);
  });
});

describe("bond service: concurrency", () => {
  it("100 parallel damages of 1 lose no update", async () => {
    // Scores this high never happen in play; set directly so one Bond takes every hit.
    await world.db.prisma.bond.update({ where: { id: tom }, data: { score: 150 } });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => bonds.damage({ actor: actor(), bondId: tom, amount: 1 })),
    );
    expect((await bondOf(tom))?.score).toBe(50);
    expect(await eventCount(world, "bond-damage")).toBe(100);
    // Each call saw the one before it: the scores reached are exactly 149 … 50.
    expect(results.map((r) => r.change.after).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 100 }, (_, i) => 149 - i),
    );
  });
});

describe("bond service: a Bond to a fellow Protagonist", () => {
  it("links the Bond to the fellow, named after them unless named", async () => {
    const ada = await world.addProtagonist(OTHER_PLAYER, { name: "Ada Quill" });
    const added = await bonds.add({ actor: actor(), fellowId: ada.id });
    expect(added.bond).toMatchObject({
      name: "Ada Quill",
      kind: "individual",
      score: 12,
      fellowId: ada.id,
    });
    const row = await world.db.prisma.bond.findUniqueOrThrow({ where: { id: added.bond.id } });
    expect(row.fellowProtagonistId).toBe(ada.id);
    await expect(
      refusal(bonds.add({ actor: actor(), name: "Ada again", fellowId: ada.id })),
    ).resolves.toMatch(/already an active Bond with that Protagonist/);
  });

  it("refuses a fellow of another campaign or guild, oneself, and a nameless Bond", async () => {
    const other = await world.services.campaigns.create({ actor: gm(), name: "Elsewhere" });
    const stranger = await world.addProtagonist(OTHER_PLAYER, { name: "Stranger" });
    await world.db.prisma.protagonist.update({
      where: { id: stranger.id },
      data: { campaignId: other.id },
    });
    await expect(refusal(bonds.add({ actor: actor(), fellowId: stranger.id }))).resolves.toMatch(
      /plays in another campaign/,
    );
    await expect(refusal(bonds.add({ actor: actor(), fellowId: world.hero.id }))).resolves.toMatch(
      /cannot have a Bond with themselves/,
    );
    await expect(refusal(bonds.add({ actor: actor(), fellowId: "no-such-id" }))).resolves.toMatch(
      /not found/,
    );
    await expect(refusal(bonds.add({ actor: actor() }))).resolves.toMatch(/Name the Bond/);
    expect((await stateOf(world, world.hero.id)).bonds).toHaveLength(2);
  });
});

describe("bond service: a full sheet", () => {
  it("refuses a Bond past the sheet's limit, saying the limit and what to do", async () => {
    await fillSheet(world, "bonds", SHEET_LIMITS.bonds);
    const events = await eventCount(world);
    await expect(refusal(bonds.add({ actor: actor(), name: "Tom's wife" }))).resolves.toMatch(
      `A sheet holds at most ${SHEET_LIMITS.bonds} Bonds and this one has ${SHEET_LIMITS.bonds}`,
    );
    expect(await eventCount(world)).toBe(events);
  });

  it("lets a GM erase a crossed-off Bond (undoable), and nothing else", async () => {
    await bonds.destroy({ actor: actor(), bondId: faculty });
    await expect(refusal(bonds.erase({ actor: actor(), bondId: faculty }))).resolves.toMatch(
      /Only a GM/,
    );
    await expect(
      refusal(bonds.erase({ actor: gm(), protagonistId: world.hero.id, bondId: tom })),
    ).resolves.toMatch(/still stands/);
    const erased = await bonds.erase({
      actor: gm(),
      protagonistId: world.hero.id,
      bondId: faculty,
    });
    expect(erased.bond).toMatchObject({
      name: "Miskatonic University faculty",
      status: "destroyed",
    });
    expect((await stateOf(world, world.hero.id)).bonds.map((b) => b.name)).toEqual([
      "Her brother Tom",
    ]);
    await world.services.history.undo({ actor: gm(), eventId: erased.eventId });
    expect((await bondOf(faculty))?.crossedOff).toBe(true);
  });
});
