/**
 * The rules audit's sheet points through the real bot and the fake Discord, on the seeded table
 * (every sheet CHA 12, POW 14, Occult 50, Resources 5, "Her brother Tom" 12): exhaustion's
 * penalty on tests until rest, CHA lowered by /protagonist edit, an import with many problems,
 * a full sheet's disorders, and the Unnatural bonus-picks setting.
 */
import type { APIEmbed } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredApiMessage } from "../support/fake-discord/index.js";
import { SHEET_LIMITS } from "../../src/games/cthulhu-eternal/rules/sheet-limits.js";
import { fieldValue } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-sheet-rules-token";
let t: SeededBot;
let first: { id: string; name: string; ownerId: string };
let second: { id: string; name: string; ownerId: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [p1, p2] = t.table.protagonists;
  if (!p1 || !p2) throw new Error("the seed makes two Protagonists");
  first = p1;
  second = p2;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

async function slash(
  name: string,
  subcommand: string | undefined,
  options: Record<string, string | number | boolean> = {},
  user?: string,
) {
  return (
    await t.fake
      .sendSlashCommand({
        name,
        ...(subcommand === undefined ? {} : { subcommand }),
        options,
        ...(user === undefined ? {} : { user }),
      })
      .response()
  ).data;
}

const target = (embed: APIEmbed | undefined) => fieldValue(embed, "Target");

describe("exhaustion", () => {
  it("takes −20 off skill, Luck and Resources tests, shown as a line, until /wp rest", async () => {
    await t.setProtagonist(first.id, {
      resourcesRating: 20,
      resourcesAtHand: 6,
      resourcesStowed: 6,
    });
    await t.setProtagonist(first.id, { resourcesStorage: 8, resourcesChecked: 0 });
    const exhausted = await slash("wp", "exhaust");
    expect(exhausted?.embeds?.[0]?.title).toMatch(/exhausted/i);

    const skill = await slash("roll", undefined, { skill: "Occult" });
    expect(target(skill?.embeds?.[0])).toBe("30 (50 − 20)\nExhausted −20");
    const hard = await slash("roll", undefined, { skill: "Occult", modifier: -20 });
    expect(target(hard?.embeds?.[0])).toBe("10 (50 − 20 − 20)\nExhausted −20");
    const luck = await slash("roll", undefined, { luck: true });
    expect(target(luck?.embeds?.[0])).toBe("30 (50 − 20)\nExhausted −20");
    const resources = await slash("resources", "test", { where: "home" });
    expect(target(resources?.embeds?.[0])).toBe("80 (20 home × 5 − 20)\nExhausted −20");

    await slash("wp", "rest");
    const rested = await slash("roll", undefined, { skill: "Occult" });
    expect(target(rested?.embeds?.[0])).toBe("50");
  });
});

describe("/protagonist edit of CHA", () => {
  it("lowers each individual Bond by as much, and breaks one it takes to 0", async () => {
    await t.db.bond.updateMany({
      where: { protagonistId: second.id, name: "Her brother Tom" },
      data: { score: 8 },
    });
    await t.db.bond.create({
      data: {
        id: "e2e-flame",
        protagonistId: second.id,
        name: "Old flame",
        kind: "individual",
        score: 2,
      },
    });
    const edited = await slash("protagonist", "edit", { stat: "CHA", value: 9 }, second.ownerId);
    expect(edited?.embeds?.[0]?.description).toBe(
      [
        "• CHA 12 → 9",
        "• Bond “Her brother Tom” 8 → 5 (CHA −3)",
        "• Bond “Old flame” 2 → 0, broken (CHA −3)",
      ].join("\n"),
    );
    // The seeded Bonds share a creation time: by name among them.
    const rows = await t.db.bond.findMany({
      where: { protagonistId: second.id },
      orderBy: [{ createdAt: "asc" }, { name: "asc" }],
    });
    expect(rows.map((b) => [b.name, b.score, b.crossedOff])).toEqual([
      ["Her brother Tom", 5, false],
      ["Miskatonic University faculty", 3, false],
      ["Old flame", 0, true],
    ]);
  });
});

describe("/protagonist import", () => {
  it("names every problem of a sheet no command could make, at once, privately", async () => {
    const exported = await t.fake
      .sendSlashCommand({ name: "protagonist", subcommand: "export" })
      .response();
    const document = JSON.parse(exported.files[0]?.data.toString("utf8") ?? "{}") as {
      protagonist: {
        bonds: { name: string; score: number }[];
        adaptation: { violence: { boxes: number; adapted: boolean } };
        skills: { name: string; rating: number; failureMarked: boolean }[];
      };
    };
    const sheet = document.protagonist;
    const tom = sheet.bonds[0];
    if (tom) tom.score = 14;
    sheet.adaptation.violence = { boxes: 1, adapted: true };
    sheet.skills.push({ name: "Basket Weaving", rating: 30, failureMarked: false });
    const before = await t.db.protagonist.count();
    const refused = await slash("protagonist", "import", {
      json: JSON.stringify(document),
      name: "Imported Twin",
    });
    expect(isEphemeral(refused)).toBe(true);
    expect(refused?.content).toBe(
      [
        '📥 That file can\'t be imported: 3 problems on the sheet. Nothing was changed; fix them in the file (under "protagonist") and import it again.',
        "• **Violence adaptation**: adapted needs all 3 boxes ticked, not 1.",
        "• **Bond 1 “Her brother Tom” score**: 14 is above CHA 12: an individual Bond never exceeds CHA.",
        `• **Skill ${sheet.skills.length} “Basket Weaving”**: There is no skill called “Basket Weaving” in this campaign. Pick one from the list.`,
      ].join("\n"),
    );
    expect(await t.db.protagonist.count()).toBe(before);
  });
});

describe("a full sheet's disorders", () => {
  it("refuses one more, and a GM's erase of a cured one makes room", async () => {
    for (let i = 0; i < SHEET_LIMITS.disorders; i += 1) {
      await t.db.disorder.create({
        data: {
          id: `e2e-old-${i}`,
          protagonistId: first.id,
          name: `Old fear ${i}`,
          curedAt: new Date(),
          createdAt: new Date(Date.now() + i),
        },
      });
    }
    const refused = await slash("protagonist", "edit", { disorder_name: "Claustrophobia" });
    expect(isEphemeral(refused)).toBe(true);
    expect(refused?.content).toBe(
      `A sheet holds at most ${SHEET_LIMITS.disorders} disorders and this one has ${SHEET_LIMITS.disorders}, so there is no room for another disorder: cured ones stay on it. A GM can erase a cured disorder (\`/campaign downtime disorder … erase:True\`) to make room.`,
    );
    const offered = await t.fake
      .sendAutocomplete({
        name: "campaign",
        subcommandGroup: "downtime",
        subcommand: "disorder",
        options: { protagonist: first.id, disorder: "Old fear 7", erase: true },
        focused: "disorder",
        user: t.gmId,
      })
      .response();
    expect(offered.data?.choices).toEqual([{ name: "Old fear 7", value: "e2e-old-7" }]);
    const erased = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommandGroup: "downtime",
        subcommand: "disorder",
        options: { protagonist: first.id, disorder: "e2e-old-7", erase: true },
        user: t.gmId,
      })
      .response();
    expect(erased.data?.embeds?.[0]?.description).toBe("• cured disorder “Old fear 7” erased");
    const added = await slash("protagonist", "edit", { disorder_name: "Claustrophobia" });
    expect(added?.embeds?.[0]?.description).toBe("• disorder “Claustrophobia” added");
    await t.db.disorder.deleteMany({ where: { protagonistId: first.id } });
  });
});

describe("the Unnatural bonus-picks setting", () => {
  it("is shown in /campaign settings and /help, and a GM can switch to Delta Green's rule", async () => {
    const changed = await slash("campaign", "settings", { "unnatural-bonus-picks": false }, t.gmId);
    expect(changed?.embeds?.[0]?.description).toBe(
      "• Unnatural bonus picks: allowed (SRD) → **not allowed (Delta Green)**",
    );
    const handle = t.fake.sendSlashCommand({ name: "help" });
    const messages: StoredApiMessage[] = [await handle.waitForOriginal()];
    const rules = () =>
      messages.flatMap((m) => m.embeds).find((e) => e.title?.startsWith("⚙️ Rules") === true);
    while (rules() === undefined) {
      messages.splice(1, Infinity, ...(await handle.waitForFollowUps(messages.length)));
    }
    expect(rules()?.description).toContain(
      "Unnatural bonus picks: **not allowed (Delta Green)** (default: allowed (SRD))",
    );
  });
});
