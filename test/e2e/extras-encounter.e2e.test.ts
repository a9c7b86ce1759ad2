/**
 * An encounter through the built bot: a GM's Weird and Scary entity meets three Protagonists in
 * one step; the table gets one summary (a SAN test and a will test each); a player projects their
 * SAN loss onto a Bond from it, and the summary is edited in place, will tests and all. The dice
 * are the bot's own: the projector's SAN is set low so that a failure (a loss to project) comes soon.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customIds, isEphemeral, menuOptions } from "./support/messages.js";
import { SECOND_PLAYER_ID, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-encounter-token";
const UNLIMITED = { WRITE_RATE_LIMIT_BURST: "1000", ROLL_RATE_LIMIT_BURST: "1000" };
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { env: UNLIMITED, players: 3 });
  await t.switchOn("entities");
  await entity("add", { name: "Ghoul", kind: "creature", hp: 12, tags: "Weird 1, Scary 1" });
  await entity("add", { name: "Old tome", kind: "tome", tags: "Spectral" });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

function entity(subcommand: string, options: Record<string, string | number>, user = t.gmId) {
  return t.fake.sendSlashCommand({ name: "entity", subcommand, options, user }).response();
}
const encounter = (name: string, user = t.gmId) =>
  t.fake.sendSlashCommand({ name: "entity", subcommand: "encounter", options: { name }, user });
const byKind = (kind: string) => t.db.event.count({ where: { kind } });
const sheetOf = (id: string) => t.db.protagonist.findUniqueOrThrow({ where: { id } });

describe("an encounter, an Extra", () => {
  it("tests three Protagonists in one summary; one projects onto a Bond, the summary follows", async () => {
    const [, projector] = t.table.protagonists;
    if (!projector) throw new Error("the seed makes three Protagonists");
    expect(projector.ownerId).toBe(SECOND_PLAYER_ID);
    const tom = await t.db.bond.findFirstOrThrow({ where: { protagonistId: projector.id } });

    for (let attempt = 0; attempt < 20; attempt += 1) {
      await t.setProtagonist(projector.id, { san: 10, breakingPoint: 0, wp: 12 });
      const before = { san: await byKind("san-test"), will: await byKind("will-test") };
      const message = await encounter("Ghoul").waitForOriginal();
      expect(isEphemeral(message)).toBe(false);
      // One summary: a SAN test (Weird 1) and a will test (Scary 1) for each of the three.
      const [san, will] = message.embeds;
      expect(message.embeds).toHaveLength(2);
      expect(san?.title).toBe("🧠 Group SAN test — Unnatural, 0/1D10");
      expect(will?.title).toBe("🫨 Will tests — POW × 5, WP lost on a failure: 1D10");
      const names = t.table.protagonists.map((p) => p.name);
      expect(san?.fields?.map((f) => f.name.replace(/^.* — /, ""))).toEqual(names);
      expect(will?.fields?.map((f) => f.name.replace(/^.* — /, ""))).toEqual(names);
      // Hidden from the table: the entity's name is nowhere in the summary.
      expect(JSON.stringify(message.embeds)).not.toContain("Ghoul");
      expect(await byKind("san-test")).toBe(before.san + 3);
      expect(await byKind("will-test")).toBe(before.will + 3);

      const pickProject = customIds(message).find((id) => id.startsWith("san:pick-project"));
      const mine = pickProject
        ? menuOptions(message, pickProject).find((o) => o.label === projector.name)
        : undefined;
      if (!pickProject || !mine) continue; // the low SAN passed its test: meet it again

      const lostBefore = (await sheetOf(projector.id)).san;
      const panel = await t.fake
        .sendSelect({
          customId: pickProject,
          values: [mine.value],
          messageId: message.id,
          user: SECOND_PLAYER_ID,
        })
        .waitForOriginal();
      expect(isEphemeral(panel)).toBe(true);
      const bondMenu = customIds(panel).find((id) => id.startsWith(`san:bond:${mine.value}`));
      const mark = t.fake.requestMark();
      await t.fake
        .sendSelect({
          customId: bondMenu ?? "",
          values: [tom.id],
          messageId: panel.id,
          user: SECOND_PLAYER_ID,
        })
        .waitForFollowUps(1);
      expect((await sheetOf(projector.id)).san).toBeGreaterThan(lostBefore);
      await t.fake.waitForRequest(
        (r) => r.method === "PATCH" && r.path.endsWith(`/messages/${message.id}`),
        { after: mark, description: "the encounter summary's edit" },
      );
      const summary = t.fake.message(message.id);
      // Still one summary with both parts; the projection shows on the projector's line.
      expect(summary?.embeds).toHaveLength(2);
      expect(summary?.embeds[1]?.title).toBe(will?.title);
      const field = summary?.embeds[0]?.fields?.find((f) => f.name.endsWith(projector.name));
      expect(field?.value).toMatch(/SAN loss \d+ → \d+/);
      return;
    }
    throw new Error("SAN 10 passed twenty tests in a row");
  });

  it("refuses, privately and changing nothing: a player, and an entity that calls for no test", async () => {
    const before = await t.latestEventId();
    const player = await encounter("Ghoul", t.playerId).response();
    expect(isEphemeral(player.data)).toBe(true);
    const tome = await encounter("Old tome").response();
    expect(isEphemeral(tome.data)).toBe(true);
    expect(tome.data?.content).toContain(
      "**Old tome** has no Weird, Eldritch, Scary or Undead tag",
    );
    expect(await t.latestEventId()).toBe(before);
  });
});
