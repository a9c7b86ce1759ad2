/**
 * /campaign create from an empty database through the real bot: the first campaign may be started
 * by anyone (who becomes its GM), another one needs Manage Server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeDiscord } from "../support/fake-discord/index.js";
import { isEphemeral, startSeededBot, type BotOnFake } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-campaign-create-token";
const OTHER_PLAYER = "400000000000000077";
let t: BotOnFake;
let fake: FakeDiscord;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { seed: false });
  fake = t.fake;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

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
    const campaign = await t.db.campaign.findFirst();
    expect(campaign).toMatchObject({ name: "Night Floors", era: "future", isDefault: true });
    expect(
      await t.db.campaignGm.findMany({
        where: { campaignId: campaign?.id ?? "" },
        select: { kind: true, discordId: true },
      }),
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
    expect(await t.db.campaign.count()).toBe(1);
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
      await t.db.campaign.findMany({
        select: { name: true, era: true, isDefault: true },
        orderBy: { createdAt: "asc" },
      }),
    ).toEqual([
      { name: "Night Floors", era: "future", isDefault: true },
      { name: "Second Story", era: "modern", isDefault: false },
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
