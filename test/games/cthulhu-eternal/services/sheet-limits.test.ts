/**
 * How much a sheet holds, on every path that adds to it, and what that bounds: the event-log row
 * one change writes.
 */
import { sheetChangeText } from "../../../../src/games/cthulhu-eternal/presentation/sheet-change-text.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHEET_LIMITS } from "../../../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { NOTES_MAX } from "../../../../src/games/cthulhu-eternal/services/protagonist-edit.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import { actor, gm, makeWorld, type World } from "../../../support/fixtures.js";
import { fillSheet, stateOf } from "../../../support/service-world.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

/** Text of `length` characters, each three bytes in UTF-8 (the most a character of text costs). */
const wide = (length: number, tag: string) => `${tag}${"€".repeat(length - tag.length)}`;

const edit = (patch: Parameters<World["services"]["protagonists"]["edit"]>[0]["patch"]) =>
  world.services.protagonists.edit({ actor: actor(), protagonistId: world.hero.id, patch });

describe("disorders on a full sheet", () => {
  it("refuses one more by /protagonist edit, saying the limit and what to do", async () => {
    await fillSheet(world, "disorders", SHEET_LIMITS.disorders);
    await expect(refusal(edit({ disorders: { add: [{ name: "Insomnia" }] } }))).resolves.toMatch(
      `A sheet holds at most ${SHEET_LIMITS.disorders} disorders and this one has ${SHEET_LIMITS.disorders}, so there is no room for another disorder: cured ones stay on it. A GM can erase a cured disorder (\`/campaign downtime disorder … erase:True\`) to make room.`,
    );
    expect((await stateOf(world, world.hero.id)).disorders).toHaveLength(SHEET_LIMITS.disorders);
  });

  it("lets a GM erase a cured disorder, and only a cured one, to make room", async () => {
    await fillSheet(world, "disorders", SHEET_LIMITS.disorders);
    const cured = (await stateOf(world, world.hero.id)).disorders[0];
    await expect(refusal(edit({ disorders: { erase: [cured?.id ?? ""] } }))).resolves.toMatch(
      /Only a GM/,
    );
    const result = await world.services.protagonists.edit({
      actor: gm(),
      protagonistId: world.hero.id,
      patch: { disorders: { erase: [cured?.id ?? ""], add: [{ name: "Nightmares" }] } },
    });
    expect(result.changes.map(sheetChangeText)).toEqual([
      `cured disorder “${cured?.name ?? ""}” erased`,
      "disorder “Nightmares” added",
    ]);
    const standing = (await stateOf(world, world.hero.id)).disorders.find((d) => !d.cured);
    await expect(
      refusal(
        world.services.protagonists.edit({
          actor: gm(),
          protagonistId: world.hero.id,
          patch: { disorders: { erase: [standing?.id ?? ""] } },
        }),
      ),
    ).resolves.toMatch(/only a cured disorder can be erased/);
  });

  it("still lets a breaking point happen, but records no disorder, and says so", async () => {
    await fillSheet(world, "disorders", SHEET_LIMITS.disorders);
    rng.queue(...percentileFaces(99));
    const [outcome] = await world.services.sanity.sanTest({
      actor: actor(),
      loss: "20/20",
      threat: "unnatural",
    });
    expect(outcome?.result.breakingPointReached).toBe(true);
    expect(outcome?.result.events.find((e) => e.type === "breaking-point")).toMatchObject({
      disorderRecorded: false,
      breakingPoint: { before: 56, after: 36 },
    });
    const after = await stateOf(world, world.hero.id);
    expect(after.disorders).toHaveLength(SHEET_LIMITS.disorders);
    expect(after.breakingPoint).toBe(36);
  });
});

describe("skills on a full sheet", () => {
  it("refuses a new skill by /protagonist edit, but still sets one already there", async () => {
    const held = (await stateOf(world, world.hero.id)).skills.length;
    for (let i = held; i < SHEET_LIMITS.skills; i += 20) {
      const batch = Array.from({ length: Math.min(20, SHEET_LIMITS.skills - i) }, (_, j) => ({
        name: `Craft (Work ${i + j})`,
        rating: 10,
      }));
      await edit({ skills: batch });
    }
    expect((await stateOf(world, world.hero.id)).skills).toHaveLength(SHEET_LIMITS.skills);
    await expect(
      refusal(edit({ skills: [{ name: "Art (Poetry)", rating: 20 }] })),
    ).resolves.toMatch(
      `A sheet holds at most ${SHEET_LIMITS.skills} skills and this one has ${SHEET_LIMITS.skills}`,
    );
    expect(
      (await edit({ skills: [{ name: "Occult", rating: 60 }] })).changes.map(sheetChangeText),
    ).toEqual(["Occult 50 → 60"]);
  });
});

describe("the event log", () => {
  it("writes at most 180 kB for one change, even on a sheet at every limit in three-byte text", async () => {
    await edit({ name: wide(100, "M"), notes: wide(NOTES_MAX, "n") });
    await fillSheet(world, "bonds", SHEET_LIMITS.bonds, (i) => wide(100, `b${i}`));
    await fillSheet(world, "disorders", SHEET_LIMITS.disorders, (i) => wide(200, `d${i}`));
    const held = (await stateOf(world, world.hero.id)).skills.length;
    await world.db.prisma.skill.createMany({
      data: Array.from({ length: SHEET_LIMITS.skills - held }, (_, i) => {
        const name = wide(100, `Craft (${i}`);
        return { protagonistId: world.hero.id, name, key: name.toLowerCase(), rating: 10 };
      }),
    });
    const sheet = await stateOf(world, world.hero.id);
    expect([sheet.bonds.length, sheet.disorders.length, sheet.skills.length]).toEqual([
      SHEET_LIMITS.bonds,
      SHEET_LIMITS.disorders,
      SHEET_LIMITS.skills,
    ]);

    const { eventId } = await world.services.harm.hp({
      actor: actor(),
      action: "damage",
      amount: 1,
    });
    const row = await world.db.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    // The event's text as JSON, in UTF-8: what the columns hold, whatever the engine's format.
    const bytes = [row.input, row.dice, row.before, row.after, row.summary, row.payload]
      .map((value) =>
        value === null
          ? 0
          : Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value)),
      )
      .reduce((sum, size) => sum + size, 0);
    // Two copies of the sheet (before and after), each of which the limits bound.
    expect(bytes).toBeGreaterThan(100_000);
    expect(bytes).toBeLessThanOrEqual(180_000);
  });
});
