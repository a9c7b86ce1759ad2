/**
 * Corruption through the built bot: `corrupting:True` on /hp and /san is refused while the module
 * is off (nothing changed); once on, a corrupting loss lowers the maximum too, shown on the sheet
 * beside the original; a stat can be corrupted; only a GM restores; and a corrupting loss to 0
 * loses the Protagonist for good, refused as an actor from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayText, sheetSection } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-corruption-token";
let t: SeededBot;
let hero: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes Protagonists");
  hero = first;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const row = () => t.db.protagonist.findUniqueOrThrow({ where: { id: hero.id } });
const send = (
  name: string,
  subcommand: string | undefined,
  options: Record<string, string | number | boolean>,
  user?: string,
) =>
  t.fake
    .sendSlashCommand({
      name,
      ...(subcommand ? { subcommand } : {}),
      options,
      ...(user ? { user } : {}),
    })
    .response();

async function sheetField(name: string) {
  const sheet = await send("protagonist", "show", {});
  return sheetSection(sheet.data, name);
}

/** The sheet's SAN, "**SAN** 48/95 max". */
async function sheetSan() {
  const sheet = await send("protagonist", "show", {});
  return /\*\*SAN\*\* \d+\/\d+ max/.exec(displayText(sheet.data ?? {}))?.[0];
}

describe("Corruption, an Extra", () => {
  it("is off by default: a corrupting loss is refused and nothing changes", async () => {
    const before = await row();
    const refused = await send("hp", "damage", { amount: "3", corrupting: true });
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toContain("**Corruption** is an Extra, and it is off");
    expect(refused.data?.content).toContain("`/campaign extras module:corruption enabled:True`");
    const after = await row();
    expect([after.hp, after.hpMax]).toEqual([before.hp, before.hpMax]);
  });

  it("once on, a corrupting wound lowers the maximum too, shown beside the original", async () => {
    await send("campaign", "extras", { module: "corruption", enabled: true }, t.gmId);
    const before = await row();
    const answer = await send("hp", "damage", { amount: "3", corrupting: true });
    expect(answer.data?.embeds?.[0]?.description).toContain(
      `🕳️ Corrupting: maximum HP ${before.hpMax} → **${before.hpMax - 3}**.`,
    );
    const after = await row();
    expect([after.hp, after.hpMax]).toEqual([before.hp - 3, before.hpMax - 3]);
    expect(await sheetField("Corruption")).toBe(`Max HP ${before.hpMax - 3} (of ${before.hpMax})`);
    // A plain wound still lowers only the current HP.
    await send("hp", "damage", { amount: "1" });
    expect((await row()).hpMax).toBe(before.hpMax - 3);
  });

  it("lowers Max SAN with a corrupting SAN loss", async () => {
    const before = await row();
    const sheetBefore = await sheetSan();
    const maxBefore = Number(/\/(\d+) max/.exec(sheetBefore ?? "")?.[1]);
    await send("san", undefined, { loss: "2/2", threat: "unnatural", corrupting: true });
    const after = await row();
    expect(after.san).toBe(before.san - 2);
    expect(await sheetSan()).toBe(`**SAN** ${after.san}/${maxBefore - 2} max`);
    expect(await sheetField("Corruption")).toContain(`Max SAN ${maxBefore - 2} (of ${maxBefore})`);
  });

  it("corrupts a stat (WP follows POW); only a GM restores", async () => {
    const before = await row();
    const answer = await send("corrupt", "stat", { stat: "POW", amount: 2 });
    expect(answer.data?.content).toBe(
      `🕳️ **${hero.name}** is corrupted: POW ${before.pow} → **${before.pow - 2}** (current and maximum alike).`,
    );
    expect((await row()).wpMax).toBe(before.wpMax - 2);
    const refused = await send("corrupt", "restore", {
      protagonist: hero.id,
      attribute: "HP",
      amount: 3,
    });
    expect(isEphemeral(refused.data)).toBe(true);
    const restored = await send(
      "corrupt",
      "restore",
      { protagonist: hero.id, attribute: "HP", amount: 3 },
      t.gmId,
    );
    expect(restored.data?.content).toContain("a GM restores what corruption took");
    expect((await row()).hpMax).toBe(before.hpMax + 3);
  });

  it("loses the Protagonist for good at 0, refused as an actor from then on", async () => {
    const before = await row();
    const answer = await send("corrupt", "stat", { stat: "CHA", amount: 99 });
    expect(answer.data?.content).toContain(`CHA ${before.cha} → **0**`);
    expect(answer.data?.content).toContain(`🕳️ **${hero.name}** is lost to corruption, for good`);
    expect((await row()).status).toBe("lost");
    const sheet = await send("protagonist", "show", { protagonist: hero.id });
    expect(displayText(sheet.data ?? {})).toContain("🕳️ Lost to corruption");
    const party = await send("campaign", "party", {});
    expect(JSON.stringify(party.data?.embeds)).not.toContain(hero.name);
    const refused = await send("hp", "damage", { amount: "1", protagonist: hero.id });
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toContain(`**${hero.name}** is lost and out of play`);
    const noRestore = await send(
      "corrupt",
      "restore",
      { protagonist: hero.id, attribute: "CHA", amount: 5 },
      t.gmId,
    );
    expect(isEphemeral(noRestore.data)).toBe(true);
    expect((await row()).cha).toBe(0);
  });
});
