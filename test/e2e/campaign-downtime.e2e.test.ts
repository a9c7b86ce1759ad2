/**
 * /campaign downtime on a seeded table through the real bot: Resources replenished, SAN recovered
 * up to Recovery SAN, a Bond improved up to CHA, a GM-pending disorder named and cured, and shared
 * adversity from the SAN tests to a survivor's choice in the menu only they may use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";
import { sheetSection } from "./support/messages.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-downtime-token";
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

function downtime(subcommand: string, options: Record<string, string | number | boolean>) {
  return t.fake.sendSlashCommand({
    name: "campaign",
    subcommandGroup: "downtime",
    subcommand,
    options,
    user: t.gmId,
  });
}

async function protagonist(id: string): Promise<{ san: number; resourcesChecked: number }> {
  const row = await t.db.protagonist.findUnique({ where: { id } });
  if (!row) throw new Error("no such Protagonist");
  return row;
}

interface BondRow {
  id: string;
  name: string;
  score: number;
  fellowProtagonistId: string | null;
}

function bonds(protagonistId: string): Promise<BondRow[]> {
  return t.db.bond.findMany({
    where: { protagonistId },
    select: { id: true, name: true, score: true, fellowProtagonistId: true },
    orderBy: { createdAt: "asc" },
  });
}

describe("/campaign downtime", () => {
  it("replenish clears every checked Resources box", async () => {
    await t.setProtagonist(first.id, { resourcesChecked: 1 });
    const response = await downtime("replenish", {}).response();
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("🛠️ Downtime: Resources replenished");
    expect(embed?.description).toBe(`**${first.name}**: ☒ → ☐`);
    expect((await protagonist(first.id)).resourcesChecked).toBe(0);
  });

  it("recover raises SAN, but never above Recovery SAN", async () => {
    await t.setProtagonist(first.id, { san: 65 });
    const response = await downtime("recover", { protagonist: first.id, amount: 10 }).response();
    expect(response.data?.embeds?.[0]?.description).toBe(
      "SAN 65 → **70** (Recovery SAN 70)\nRecovered 5 of 10 SAN: mundane recovery stops at Recovery SAN 70.",
    );
    expect((await protagonist(first.id)).san).toBe(70);
  });

  it("bond improves the Bond picked by autocomplete, capped at CHA", async () => {
    const tom = (await bonds(first.id)).find((b) => b.name === "Her brother Tom");
    await t.db.bond.update({ where: { id: tom?.id ?? "" }, data: { score: 8 } });
    const suggestions = await t.fake
      .sendAutocomplete({
        name: "campaign",
        subcommandGroup: "downtime",
        subcommand: "bond",
        options: { protagonist: first.id, bond: "tom" },
        focused: "bond",
        user: t.gmId,
      })
      .response();
    expect(suggestions.data?.choices).toEqual([
      { name: "Her brother Tom (individual, 8)", value: tom?.id },
    ]);
    const response = await downtime("bond", {
      protagonist: first.id,
      bond: tom?.id ?? "",
      amount: 10,
    }).response();
    expect(response.data?.embeds?.[0]?.description).toBe(
      "“Her brother Tom” 8 → **12**\nOnly +4 of +10: a Bond never goes above 12.",
    );
    expect((await bonds(first.id)).find((b) => b.id === tom?.id)?.score).toBe(12);
  });

  it("disorder names the GM-pending disorder, then cures it", async () => {
    await t.db.disorder.create({
      data: { id: "e2e-disorder-1", protagonistId: first.id, name: "", threat: "violence" },
    });
    const suggestions = await t.fake
      .sendAutocomplete({
        name: "campaign",
        subcommandGroup: "downtime",
        subcommand: "disorder",
        options: { protagonist: first.id, disorder: "" },
        focused: "disorder",
        user: t.gmId,
      })
      .response();
    expect(suggestions.data?.choices).toEqual([
      { name: "Disorder from Violence — the GM names it", value: "e2e-disorder-1" },
    ]);
    const sheet = await t.fake
      .sendSlashCommand({
        name: "protagonist",
        subcommand: "show",
        options: { protagonist: first.id },
        user: t.gmId,
      })
      .response();
    expect(sheetSection(sheet.data, "Disorders")).toBe("Disorder from Violence — the GM names it");
    const named = await downtime("disorder", {
      protagonist: first.id,
      disorder: "e2e-disorder-1",
      name: "Insomnia",
    }).response();
    expect(named.data?.embeds?.[0]?.description).toBe("• unnamed disorder named “Insomnia”");
    const cured = await downtime("disorder", {
      protagonist: first.id,
      disorder: "e2e-disorder-1",
      cure: true,
    }).response();
    expect(cured.data?.embeds?.[0]?.title).toBe(`🧠 ${first.name}: disorder cured`);
    const cure = await t.db.disorder.findUnique({ where: { id: "e2e-disorder-1" } });
    expect(cure).toMatchObject({ name: "Insomnia", curedAt: expect.any(Date) as Date });
  });
});

describe("/campaign downtime adversity", () => {
  it("needs at least two survivors", async () => {
    const response = await downtime("adversity", { survivor1: first.id }).response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toMatch(/^Shared adversity needs at least two survivors/);
  });

  it("tests every survivor's SAN; a failed survivor's player picks the Bond that pays", async () => {
    // SAN 1: only a roll of 01 passes, so (short of two 01s) at least one survivor fails.
    await t.setProtagonist(first.id, { san: 1 });
    await t.setProtagonist(second.id, { san: 1 });
    const handle = downtime("adversity", { all: true });
    const tests = await handle.waitForOriginal();
    expect(tests.embeds[0]?.title).toBe("🤝 Bonds forged through shared adversity");
    const failed = (tests.embeds[0]?.fields ?? []).filter((f) => f.value.includes("Bonds with"));
    expect(failed.length).toBeGreaterThan(0);
    const menus = await handle.waitForFollowUps(failed.length);
    const menu = menus[0];
    const survivor = menu?.embeds[0]?.title?.endsWith(first.name) ? first : second;
    const fellow = survivor === first ? second : first;
    expect(menu?.content).toBe(`<@${survivor.ownerId}>`);
    const select = (
      menu?.components?.[0] as {
        components: { custom_id: string; options: { label: string; value: string }[] }[];
      }
    ).components[0];
    expect(select?.custom_id).toMatch(/^campaign:adv:\d+:[0-9a-z]+:$/);
    expect(select?.options.map((o) => o.label)).toEqual([
      "Her brother Tom",
      "Miskatonic University faculty",
    ]);
    const faculty = (await bonds(survivor.id)).find(
      (b) => b.name === "Miskatonic University faculty",
    );

    const stranger = await t.fake
      .sendSelect({
        customId: select?.custom_id ?? "",
        messageId: menu?.id ?? "",
        values: ["1"],
        user: fellow.ownerId,
      })
      .response();
    expect(isEphemeral(stranger.data)).toBe(true);
    expect(stranger.data?.content).toBe(
      `**${survivor.name}** is not yours. Only the player or a GM can do that.`,
    );

    const chosen = await t.fake
      .sendSelect({
        customId: select?.custom_id ?? "",
        messageId: menu?.id ?? "",
        values: ["1"],
        user: survivor.ownerId,
      })
      .response();
    const result = chosen.data?.embeds?.[0]?.description ?? "";
    expect(result).toContain(
      `**${fellow.name}** (new Bond, 0 → 6): new Bond forged through shared adversity: half CHA 12, rounded up = 6`,
    );
    expect(chosen.data?.components).toEqual([]);
    const after = await bonds(survivor.id);
    expect(after.find((b) => b.fellowProtagonistId === fellow.id)).toMatchObject({
      name: fellow.name,
      score: 6,
    });
    const paid = after.find((b) => b.id === faculty?.id)?.score ?? 0;
    expect((faculty?.score ?? 0) - paid).toBeGreaterThanOrEqual(1);
    expect(result).toContain(`“Miskatonic University faculty” ${faculty?.score ?? 0} → ${paid}`);

    const again = await t.fake
      .sendSelect({
        customId: select?.custom_id ?? "",
        messageId: menu?.id ?? "",
        values: ["0"],
        user: survivor.ownerId,
      })
      .response();
    expect(again.data?.content).toBe("That shared adversity has already been applied.");
  });
});
