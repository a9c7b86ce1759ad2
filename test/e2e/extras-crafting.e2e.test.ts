/**
 * Crafting through the built bot: off until a GM switches it on; a player starts a project, works
 * on it until a critical success (twice the roll) and a fumble (the roll taken away) have both
 * happened, then to completion; the table sees the projects with their progress bars; abandoning
 * one is logged. The dice are the bot's own: ratings are set so that each outcome comes soon.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetSection } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-crafting-token";
const PROJECT = "Silver dagger";
const UNLIMITED = { WRITE_RATE_LIMIT_BURST: "1000", ROLL_RATE_LIMIT_BURST: "1000" };
let t: SeededBot;
let hero: { id: string; name: string };
let skill: { id: string; name: string };

beforeAll(async () => {
  // Outcomes are waited for by repeating an action: no rate limit gets in the way.
  t = await startSeededBot(TOKEN, { env: UNLIMITED });
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes Protagonists");
  hero = first;
  skill = await t.db.skill.findFirstOrThrow({
    where: { protagonistId: hero.id, name: { not: "Unnatural" } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const craft = (subcommand: string, options: Record<string, string | number | boolean> = {}) =>
  t.fake.sendSlashCommand({ name: "craft", subcommand, options }).response();
const setRating = (rating: number) =>
  t.db.skill.update({ where: { id: skill.id }, data: { rating } });

interface StoredProject {
  name: string;
  progress: number;
  complexity: number;
  done: boolean;
}
async function projects(): Promise<StoredProject[]> {
  const row = await t.db.protagonist.findUniqueOrThrow({
    where: { id: hero.id },
    select: { extras: true },
  });
  const extras = row.extras as { crafting?: { projects: StoredProject[] } } | null;
  return extras?.crafting?.projects ?? [];
}
const progress = async () => (await projects())[0]?.progress ?? -1;

/** Works until an answer says `wanted`; returns that answer's text and the progress around it. */
async function workUntil(wanted: string, options: Record<string, string | boolean> = {}) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const before = await progress();
    const answer = await craft("work", { project: PROJECT, ...options });
    const text = answer.data?.embeds?.[0]?.description ?? "";
    if (text.includes(wanted)) return { text, before, after: await progress() };
  }
  throw new Error(`no "${wanted}" in 300 attempts`);
}

describe("Crafting, an Extra", () => {
  it("is off by default: /craft is refused privately and nothing is started", async () => {
    const refused = await craft("start", { name: PROJECT, skill: skill.name });
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toContain("**Crafting** is an Extra, and it is off");
    expect(await projects()).toEqual([]);
  });

  it("starts a project once a GM switches it on, shown on the sheet", async () => {
    await t.switchOn("crafting");
    const started = await craft("start", { name: PROJECT, skill: skill.name, complexity: 10000 });
    expect(isEphemeral(started.data)).toBe(false);
    expect(started.data?.embeds?.[0]?.description).toContain(
      `**${PROJECT}** (${skill.name}) ▱▱▱▱▱▱▱▱▱▱ 0/10000`,
    );
    const sheet = await t.fake
      .sendSlashCommand({ name: "protagonist", subcommand: "show", options: {} })
      .response();
    expect(sheetSection(sheet.data, "Crafting")).toContain(`**${PROJECT}**`);
    const again = await craft("start", { name: "silver DAGGER", skill: skill.name });
    expect(again.data?.content).toContain("There already is a project called **silver DAGGER**");
    expect(await projects()).toHaveLength(1);
  });

  it("adds twice the roll on a critical success", async () => {
    await setRating(99);
    const { text, before, after } = await workUntil("Critical success");
    const roll = Number(/: \*\*(\d+)\*\* vs/.exec(text)?.[1]);
    expect(after - before).toBe(2 * roll);
    expect(text).toContain(`Critical success: twice the roll, **+${2 * roll}**.`);
  });

  it("takes the roll away on a fumble (hard work with poor gear on an untrained skill)", async () => {
    await setRating(0);
    const { text, before, after } = await workUntil("Fumble", { gear: "poor" });
    const roll = Number(/: \*\*(\d+)\*\* vs/.exec(text)?.[1]);
    expect(after).toBe(Math.max(0, before - roll));
  });

  it("is done once the progress reaches the complexity, and refuses more work", async () => {
    await setRating(99);
    const project = (await projects())[0];
    if (!project) throw new Error("the project is gone");
    await t.setProtagonist(hero.id, {
      extras: { crafting: { projects: [{ ...project, progress: project.complexity - 1 }] } },
    });
    const { text } = await workUntil("**Done**");
    expect(text).toContain("▰▰▰▰▰▰▰▰▰▰");
    expect((await projects())[0]?.done).toBe(true);
    const refused = await craft("work", { project: PROJECT });
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      `**${PROJECT}** is already done. \`/craft abandon\` puts it away.`,
    );
  });

  it("lists the projects for the table, autocompletes them, and logs an abandon", async () => {
    await craft("start", { name: "Lantern", skill: skill.name, complexity: 50 });
    const listed = await craft("list");
    expect(isEphemeral(listed.data)).toBe(false);
    const lines = listed.data?.embeds?.[0]?.description?.split("\n") ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("✅ done");
    const choices = await t.fake
      .sendAutocomplete({
        name: "craft",
        subcommand: "abandon",
        options: { project: "lan" },
        focused: "project",
      })
      .response();
    expect(choices.data?.choices).toEqual([
      { name: "Lantern — ▱▱▱▱▱▱▱▱▱▱ 0/50", value: "Lantern" },
    ]);
    const abandoned = await craft("abandon", { project: "Lantern" });
    expect(abandoned.data?.content).toBe(`**${hero.name}** abandons **Lantern** at 0/50.`);
    expect(await t.db.event.count({ where: { kind: "crafting-abandon" } })).toBe(1);
    expect((await projects()).map((p) => p.name)).toEqual([PROJECT]);
  });
});
