/**
 * The bestiary through the built bot: a GM's entities stay private until shown (list,
 * autocomplete and history alike); shown, the table sees the GM's words, never the stat block;
 * tags a GM mistypes are refused with every problem named, nothing added.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-entities-token";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  await t.switchOn("entities");
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const entity = (subcommand: string, options: Record<string, string | number>, user?: string) =>
  t.fake
    .sendSlashCommand({ name: "entity", subcommand, options, ...(user ? { user } : {}) })
    .response();
const names = async (user: string) => {
  const choices = await t.fake
    .sendAutocomplete({
      name: "entity",
      subcommand: "show",
      options: { name: "" },
      focused: "name",
      user,
    })
    .response();
  return (choices.data?.choices ?? []).map((c) => c.value);
};
/** What `/roll opponent:` offers the user while typing. */
const opponents = async (user: string) => {
  const choices = await t.fake
    .sendAutocomplete({
      name: "roll",
      options: { skill: "Alertness", opponent: "" },
      focused: "opponent",
      user,
    })
    .response();
  return (choices.data?.choices ?? []).map((c) => c.value);
};
const history = async (user: string) => {
  const page = await t.fake.sendSlashCommand({ name: "history", options: {}, user }).response();
  return JSON.stringify(page.data?.embeds ?? []);
};

describe("the bestiary, an Extra", () => {
  it("refuses mistyped tags, naming each problem, and adds nothing", async () => {
    const refused = await entity(
      "add",
      { name: "Deep One", kind: "creature", tags: "Weird, Slimy" },
      t.gmId,
    );
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toContain("Weird needs its rating");
    expect(refused.data?.content).toContain("“Slimy” is no tag");
    expect(await names(t.gmId)).toEqual([]);
  });

  it("keeps a GM's entity from the players: list, autocomplete and history", async () => {
    const added = await entity(
      "add",
      {
        name: "Deep One",
        kind: "creature",
        hp: 14,
        tags: "Weird 1, Scary 1, Armored 2",
        strengths: "Swim",
        weaknesses: "Stealth",
      },
      t.gmId,
    );
    expect(isEphemeral(added.data)).toBe(true);
    expect(added.data?.content).toContain("Tags: Weird (1), Scary (1), Armored (2)");
    expect(await names(t.gmId)).toEqual(["Deep One"]);
    expect(await names(t.playerId)).toEqual([]);
    expect(await opponents(t.gmId)).toEqual(["Deep One"]);
    expect(await opponents(t.playerId)).toEqual([]);
    const listed = await entity("list", {});
    expect(isEphemeral(listed.data)).toBe(false);
    expect(JSON.stringify(listed.data?.embeds)).not.toContain("Deep One");
    const gmList = await entity("list", {}, t.gmId);
    expect(isEphemeral(gmList.data)).toBe(true);
    expect(JSON.stringify(gmList.data?.embeds)).toContain("HP 14");
    expect(await history(t.playerId)).not.toContain("Deep One");
    expect(await history(t.gmId)).toContain("Deep One added (hidden)");
    const player = await entity("show", { name: "Deep One" });
    expect(isEphemeral(player.data)).toBe(true);
    expect(player.data?.content).not.toContain("Deep One");
  });

  it("shows an entity with the GM's words, never its stat block", async () => {
    const shown = await entity(
      "show",
      { name: "Deep One", description: "Scales glisten in the lamplight." },
      t.gmId,
    );
    expect(isEphemeral(shown.data)).toBe(false);
    const text = JSON.stringify(shown.data?.embeds);
    expect(text).toContain("👁️ Deep One");
    expect(text).toContain("Scales glisten in the lamplight.");
    expect(text).not.toContain("HP");
    expect(text).not.toContain("Weird");
    const listed = await entity("list", {});
    expect(listed.data?.embeds?.[0]?.description).toBe(
      "**Deep One** (Creature): Scales glisten in the lamplight.",
    );
    expect(await names(t.playerId)).toEqual(["Deep One"]);
    expect(await opponents(t.playerId)).toEqual(["Deep One"]);
    expect(await history(t.playerId)).toContain("a GM showed Deep One to the table");
  });

  it("hides it again, and removes it, for GMs only", async () => {
    const hidden = await entity("hide", { name: "Deep One" }, t.gmId);
    expect(hidden.data?.content).toBe("**Deep One** is hidden from the table again.");
    expect(await names(t.playerId)).toEqual([]);
    expect((await entity("remove", { name: "Deep One" })).data?.content).not.toContain("Deep One");
    await entity("remove", { name: "Deep One" }, t.gmId);
    expect(await names(t.gmId)).toEqual([]);
  });

  it("makes a /roll against it hard on a strength, easy on a weakness; a hidden one can't be named by players", async () => {
    await entity(
      "add",
      {
        name: "Night-gaunt",
        kind: "creature",
        tags: "Flying",
        strengths: "Alertness",
        weaknesses: "Stealth",
      },
      t.gmId,
    );
    const skill = await t.db.skill.findFirstOrThrow({
      where: { protagonistId: t.table.protagonists[0]?.id ?? "", name: "Alertness" },
    });
    const roll = (options: Record<string, string>, user?: string) =>
      t.fake.sendSlashCommand({ name: "roll", options, ...(user ? { user } : {}) }).response();
    const hiddenToPlayer = await roll({ skill: "Alertness", opponent: "Night-gaunt" });
    expect(isEphemeral(hiddenToPlayer.data)).toBe(true);
    expect(hiddenToPlayer.data?.content).toBe(
      "The bestiary has no **Night-gaunt**: pick one from the list (`/entity list`).",
    );
    await entity("show", { name: "Night-gaunt" }, t.gmId);
    const hard = await roll({ skill: "Alertness", opponent: "night-gaunt" });
    const target = hard.data?.embeds?.[0]?.fields?.find((f) => f.name === "Target")?.value;
    expect(target).toBe(`${skill.rating - 20} (${skill.rating} − 20)\nOpponent's strength ↑ −20`);
    const off = await roll({ luck: "true", opponent: "Night-gaunt" });
    expect(off.data?.content).toContain("give `skill:` or `stat:` with it");
  });
});
