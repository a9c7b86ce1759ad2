/**
 * The Extras through the built bot: Training and Talents is off until a GM switches it on
 * (`/train` refused privately, nothing changed), then a player trains to the 20th session, makes
 * the talent check and gains a talent a GM confirms; the sheet and `/help` show the module.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetSection } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-extras-token";
let t: SeededBot;
let hero: { id: string; name: string };
let skill: { id: string; name: string; rating: number };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes Protagonists");
  hero = first;
  const found = await t.db.skill.findFirst({
    where: { protagonistId: hero.id, rating: { gte: 10, lte: 90 } },
    select: { id: true, name: true, rating: true },
    orderBy: { name: "asc" },
  });
  if (!found) throw new Error("the seeded sheet has no mid-rated skill");
  skill = found;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const rating = async (): Promise<number> =>
  (await t.db.skill.findUnique({ where: { id: skill.id } }))?.rating ?? -1;
const events = (kind: string): Promise<number> => t.db.event.count({ where: { kind } });

function train(subcommand: string, options: Record<string, string | number>, user?: string) {
  return t.fake
    .sendSlashCommand({ name: "train", subcommand, options, ...(user ? { user } : {}) })
    .response();
}

async function sheet() {
  const response = await t.fake
    .sendSlashCommand({ name: "protagonist", subcommand: "show", options: {} })
    .response();
  return response.data;
}

describe("Training and Talents, an Extra", () => {
  it("is off by default: /train is refused privately, saying how a GM switches it on", async () => {
    const refused = await train("session", { skill: skill.name });
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      "**Training and Talents** is an Extra, and it is off in **Night Floors**: nothing was done. A GM switches it on with `/campaign extras module:training enabled:True`.",
    );
    expect(await rating()).toBe(skill.rating);
    expect(await events("training-session")).toBe(0);
    expect(sheetSection(await sheet(), "Training")).toBeUndefined();
  });

  it("is offered to a GM by autocomplete and switched on with /campaign extras", async () => {
    const choices = await t.fake
      .sendAutocomplete({
        name: "campaign",
        subcommand: "extras",
        options: { module: "tra" },
        focused: "module",
        user: t.gmId,
      })
      .response();
    expect(choices.data?.choices).toEqual([
      { name: "Training and Talents (training)", value: "training" },
    ]);
    const refused = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "extras",
        options: { module: "training", enabled: true },
      })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(await events("extras-change")).toBe(0);
    const switched = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "extras",
        options: { module: "training", enabled: true },
        user: t.gmId,
      })
      .response();
    expect(switched.data?.content).toContain(
      "**Training and Talents** is now **on** in **Night Floors**.",
    );
    expect(switched.data?.embeds?.[0]?.fields?.[0]?.name).toBe(
      "Training and Talents (`training`): on",
    );
  });

  it("trains a skill: +1 and one session, shown on the sheet", async () => {
    const response = await train("session", { skill: skill.name });
    expect(isEphemeral(response.data)).toBe(false);
    const text = response.data?.embeds?.[0]?.description ?? "";
    expect(text).toContain(`**${skill.name}** ${skill.rating} → **${skill.rating + 1}**`);
    expect(text).toContain("1 session toward a talent (20 needed).");
    expect(await rating()).toBe(skill.rating + 1);
    expect(sheetSection(await sheet(), "Training")).toBe(`${skill.name} — 1/20`);
  });

  it("reaches the 20th session, then gains a talent by the check; a GM confirms it", async () => {
    // 19 sessions logged, and a rating of 98 so that the check (d100 at or under it) is likely.
    await t.db.skill.update({ where: { id: skill.id }, data: { rating: 98 } });
    await t.setProtagonist(hero.id, {
      extras: {
        training: { skills: { [skill.id]: { sessions: 19, failedAt: null } }, talents: [] },
      },
    });
    const twentieth = await train("session", { skill: skill.name });
    const text = twentieth.data?.embeds?.[0]?.description ?? "";
    expect(text).toContain("20 sessions toward a talent (20 needed).");
    expect(text).toContain(`A talent check is open: \`/train talent skill:${skill.name}`);
    expect(await rating()).toBe(99);

    // A 100 fails even at 99: then one more session opens another try.
    let gained = false;
    for (let attempt = 0; attempt < 4 && !gained; attempt += 1) {
      const check = await train("talent", { skill: skill.name, name: "Keen Eye" });
      const verdict = check.data?.embeds?.[0]?.description ?? "";
      gained = verdict.includes("Success: **Keen Eye** is gained");
      if (!gained) await train("session", { skill: skill.name });
    }
    expect(gained).toBe(true);
    const shown = await sheet();
    expect(sheetSection(shown, "Talents")).toBe(`Keen Eye (${skill.name}) — awaiting a GM`);
    expect(sheetSection(shown, "Training")).toBe("No training sessions yet.");

    const refused = await train("approve", { protagonist: hero.id, talent: "Keen Eye" });
    expect(isEphemeral(refused.data)).toBe(true);
    const approved = await train("approve", { protagonist: hero.id, talent: "Keen Eye" }, t.gmId);
    expect(approved.data?.content).toBe(`**${hero.name}**'s talent **Keen Eye** is confirmed.`);
    expect(sheetSection(await sheet(), "Talents")).toBe(`Keen Eye (${skill.name})`);
  });

  it("is listed by /help with its settings and whether it is on here", async () => {
    const handle = t.fake.sendSlashCommand({ name: "help", options: {} });
    const messages = [await handle.waitForOriginal()];
    const extrasEmbed = () =>
      messages.flatMap((message) => message.embeds).find((e) => e.title === "🧩 Extras");
    while (extrasEmbed() === undefined) {
      messages.splice(1, Infinity, ...(await handle.waitForFollowUps(messages.length)));
    }
    const embed = extrasEmbed();
    expect(embed?.fields?.[0]?.name).toBe("Training and Talents: on");
    expect(embed?.fields?.[0]?.value).toContain(
      "`talent-sessions` Sessions for a talent: **20 sessions** (default)",
    );
  });
});
