/**
 * Substances through the built bot: a GM keeps the campaign's list; a player takes an addictive
 * substance and becomes dependent; every skill test is then hard, shown beside its target, a dose
 * relieves it for now, a failed daily test keeps it, and it lasts until a daily test succeeds.
 * The dice are the bot's own: CON is set so that each outcome comes soon.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldValue, sheetSection } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-substance-token";
const UNLIMITED = { WRITE_RATE_LIMIT_BURST: "1000", ROLL_RATE_LIMIT_BURST: "1000" };
let t: SeededBot;
let hero: { id: string; name: string };
let skill: { name: string; rating: number };

beforeAll(async () => {
  // Outcomes are waited for by repeating an action: no rate limit gets in the way.
  t = await startSeededBot(TOKEN, { env: UNLIMITED });
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes Protagonists");
  hero = first;
  skill = await t.db.skill.findFirstOrThrow({
    where: { protagonistId: hero.id, rating: { gte: 30, lte: 70 } },
    select: { name: true, rating: true },
    orderBy: { name: "asc" },
  });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const substance = (
  subcommand: string,
  options: Record<string, string | number | boolean> = {},
  user?: string,
) =>
  t.fake
    .sendSlashCommand({ name: "substance", subcommand, options, ...(user ? { user } : {}) })
    .response();
const setCon = (con: number) => t.setProtagonist(hero.id, { con });

/** Repeats the subcommand until its answer says `wanted`. */
async function until(subcommand: string, options: Record<string, string>, wanted: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const text = (await substance(subcommand, options)).data?.embeds?.[0]?.description ?? "";
    if (text.includes(wanted)) return text;
  }
  throw new Error(`no "${wanted}" in 100 tries`);
}

async function skillTarget(): Promise<string | undefined> {
  const answer = await t.fake
    .sendSlashCommand({ name: "roll", options: { skill: skill.name } })
    .response();
  return fieldValue(answer.data?.embeds?.[0], "Target");
}

describe("Substances, an Extra", () => {
  it("is off by default; once on, only a GM adds to the list, which the table reads", async () => {
    const off = await substance("list");
    expect(isEphemeral(off.data)).toBe(true);
    expect(off.data?.content).toContain("**Substances** is an Extra, and it is off");
    await t.switchOn("substances");
    const laudanum = {
      name: "Laudanum",
      potency: 99,
      beneficial: "No pain for an hour",
      harmful: "Drowsy: Alertness is hard",
      addictive: true,
    };
    expect(isEphemeral((await substance("add", laudanum)).data)).toBe(true);
    const added = await substance("add", laudanum, t.gmId);
    expect(added.data?.content).toBe("**Laudanum** is on **Night Floors**'s list of substances.");
    const listed = await substance("list");
    expect(listed.data?.embeds?.[0]?.description).toBe(
      "**Laudanum** — potency 99 · addictive\n➕ No pain for an hour\n➖ Drowsy: Alertness is hard",
    );
  });

  it("makes a failed taker dependent: both effects, and every skill test hard", async () => {
    expect(await skillTarget()).toBe(String(skill.rating));
    await setCon(1);
    // A plain failure (a doubled one is a fumble: only the harmful effects), taken while not yet
    // dependent: the sheet is cleared of a dependency a fumble may have left before each try.
    let text = "";
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await t.setProtagonist(hero.id, { extras: {} });
      text =
        (await substance("take", { substance: "Laudanum" })).data?.embeds?.[0]?.description ?? "";
      if (text.includes("its beneficial and its harmful effects")) break;
    }
    expect(text).toContain("its beneficial and its harmful effects");
    expect(text).toContain("⛓️ Dependent on Laudanum");
    expect(text).toContain("➖ Drowsy: Alertness is hard");
    expect(await skillTarget()).toBe(`${skill.rating - 20} (${skill.rating} − 20)\nDependent −20`);
    const sheet = await t.fake
      .sendSlashCommand({ name: "protagonist", subcommand: "show", options: {} })
      .response();
    expect(sheetSection(sheet.data, "Substances")).toContain("Dependent on Laudanum");
  });

  it("is relieved for now by a dose, and a failed daily test brings the penalty back", async () => {
    await substance("take", { substance: "Laudanum" });
    expect(await skillTarget()).toBe(String(skill.rating));
    // CON 1: a daily test passes on 01–05 only; should it pass, the taker is hooked again.
    let failed = "";
    for (let attempt = 0; attempt < 20 && !failed; attempt += 1) {
      const text = (await substance("daily")).data?.embeds?.[0]?.description ?? "";
      if (text.includes("Failure.")) failed = text;
      else await until("take", { substance: "Laudanum" }, "⛓️ Dependent on Laudanum");
    }
    expect(failed).toContain("Dependent on Laudanum");
    expect(await skillTarget()).toBe(`${skill.rating - 20} (${skill.rating} − 20)\nDependent −20`);
  });

  it("lasts until a daily test succeeds", async () => {
    await setCon(20);
    const freed = await until("daily", {}, "Success: free of Laudanum.");
    expect(freed).toContain("CON × 5: **");
    expect(await skillTarget()).toBe(String(skill.rating));
    const none = await substance("daily");
    expect(isEphemeral(none.data)).toBe(true);
    expect(none.data?.content).toBe(
      `**${hero.name}** is not dependent on anything: there is no daily test to make.`,
    );
  });
});
