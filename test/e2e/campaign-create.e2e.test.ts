/**
 * /campaign create from an empty database through the real bot: the first campaign may be started
 * by anyone (who becomes its GM), another one needs Manage Server.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord/index.js";
import { emptyDir, startBotProcess, type BotProcess } from "./support/bot-process.js";
import { isEphemeral } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-campaign-create-token";
const OTHER_PLAYER = "400000000000000077";
let fake: FakeDiscord;
let dir: string;
let bot: BotProcess;

beforeAll(async () => {
  fake = await startFakeDiscord({ requiredToken: TOKEN, defaultTimeoutMs: 20_000 });
  dir = emptyDir();
  bot = startBotProcess(
    {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: `file:${join(dir, "bot.db")}`,
      DEV_GUILD_ID: fake.guild().id,
    },
    dir,
  );
  await bot.waitForLog((line) => line.msg === "commands registered", "the registration", 30_000);
}, 40_000);

afterAll(async () => {
  await bot.kill();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function rows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new BetterSqlite3(join(dir, "bot.db"), { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

interface CampaignRow {
  id: string;
  name: string;
  era: string;
  isDefault: number;
}

describe("/campaign create", () => {
  it("is registered for every member: the bot checks GM rights itself", () => {
    const command = fake.commands(fake.guild().id).find((c) => c.name === "campaign");
    expect(command?.default_member_permissions).toBeNull();
  });

  it("lets anyone start the server's first campaign, and makes them its GM", async () => {
    const response = await fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "create",
        options: { name: "Night Floors", era: "future" },
      })
      .response();
    expect(isEphemeral(response.data)).toBe(false);
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("🎬 New campaign: Night Floors");
    expect(embed?.description).toContain(`<@${fake.defaultUser.id}> is its GM. Era: **future**.`);
    expect(embed?.description).toContain("server's default campaign");
    const [campaign] = rows<CampaignRow>("SELECT id, name, era, isDefault FROM Campaign");
    expect(campaign).toMatchObject({ name: "Night Floors", era: "future", isDefault: 1 });
    expect(
      rows<{ kind: string; discordId: string }>(
        "SELECT kind, discordId FROM CampaignGm WHERE campaignId = ?",
        campaign?.id,
      ),
    ).toEqual([{ kind: "user", discordId: fake.defaultUser.id }]);
  });

  it("refuses a second campaign to a member without Manage Server, privately", async () => {
    const response = await fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "create",
        options: { name: "Second Story" },
        user: OTHER_PLAYER,
      })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toBe(
      "Creating another campaign needs the Manage Server permission.",
    );
    expect(rows("SELECT id FROM Campaign")).toHaveLength(1);
  });

  it("lets the server owner add another one, not the default, and refuses a name in use", async () => {
    const created = await fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "create",
        options: { name: "Second Story" },
        user: fake.guild().ownerId,
      })
      .response();
    expect(created.data?.embeds?.[0]?.description).toContain("/campaign bind");
    expect(
      rows<CampaignRow>("SELECT name, era, isDefault FROM Campaign ORDER BY createdAt"),
    ).toEqual([
      { name: "Night Floors", era: "future", isDefault: 1 },
      { name: "Second Story", era: "modern", isDefault: 0 },
    ]);
    const clash = await fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "create",
        options: { name: "Second Story" },
        user: fake.guild().ownerId,
      })
      .response();
    expect(isEphemeral(clash.data)).toBe(true);
    expect(clash.data?.content).toBe("A campaign called **Second Story** already exists here.");
  });
});
