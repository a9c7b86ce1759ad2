/**
 * /campaign for a table set up as the README says, with no server setting touched: members of a
 * GM role see and run it, players see the party (read-only) and are told who may do the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";
import { customIds } from "./support/messages.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-campaign-access";
const KEEPER = "400000000000000077";
let t: SeededBot;
let keepersRole: string;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { roles: [{ name: "Keepers" }] });
  keepersRole = t.fake.world.roleId(t.fake.guild(), "Keepers");
  const added = await t.fake
    .sendSlashCommand({
      name: "campaign",
      subcommandGroup: "gm",
      subcommand: "add",
      options: { role: keepersRole },
      user: t.gmId,
    })
    .response();
  expect(added.data?.content).toContain("is now a GM of **Night Floors**");
}, 60_000);

afterAll(async () => {
  await t.stop();
});

async function failureMarks(): Promise<string> {
  const row = await t.db.campaign.findFirst({ select: { ruleOptions: true } });
  return JSON.stringify(row?.ruleOptions ?? {});
}

describe("/campaign without Manage Server", () => {
  it("is run by a member of a GM role added with /campaign gm add", async () => {
    const response = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "settings",
        options: { "failure-marks": false },
        user: KEEPER,
        roles: ["Keepers"],
      })
      .response();
    expect(response.data?.content ?? "").not.toMatch(/Only a GM/);
    expect(await failureMarks()).toContain('"failureMarks":false');
  });

  it("shows a player the party, read-only", async () => {
    const response = await t.fake
      .sendSlashCommand({ name: "campaign", subcommand: "party", user: t.playerId })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("👥 The party of Night Floors");
    expect(embed?.fields?.map((f) => f.name)).toEqual(["Protagonist 1", "Protagonist 2"]);
    // Its one control opens a sheet to read; nothing on it changes the table.
    expect(customIds(response.data ?? {})).toEqual([
      `campaign:psheet:${t.table.campaignId}:0:${t.playerId}`,
    ]);
  });

  it("refuses a player a GM subcommand, privately, saying who may, and changes nothing", async () => {
    const before = await failureMarks();
    const response = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "settings",
        options: { "failure-marks": true },
        user: t.playerId,
      })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toBe(
      "Only a GM of **Night Floors** (or someone with Manage Server) can do that.",
    );
    expect(await failureMarks()).toBe(before);
  });
});
