/**
 * A campaign to a file and back through the built bot: a GM's export is a private file holding
 * the Extras and their catalogues (a hidden entity included); imported on another server it makes
 * a campaign with the same modules, settings and bestiary; a player can't export, and a file the
 * bot can't take is refused privately with nothing made.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-campaign-transfer-token";
const OTHER_SERVER = "100000000000000777";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, {
    otherGuilds: [{ id: OTHER_SERVER, name: "The next table" }],
  });
  await t.switchOn("entities");
  await t.fake
    .sendSlashCommand({
      name: "entity",
      subcommand: "add",
      options: { name: "Star spawn", kind: "creature", hp: 30, tags: "Eldritch 2" },
      user: t.gmId,
    })
    .response();
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("/campaign export and import", () => {
  it("moves a campaign with its Extras to another server; the file is the GM's alone", async () => {
    const refused = await t.fake
      .sendSlashCommand({ name: "campaign", subcommand: "export" })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.files).toHaveLength(0);

    const exported = await t.fake
      .sendSlashCommand({ name: "campaign", subcommand: "export", user: t.gmId })
      .response();
    expect(isEphemeral(exported.data)).toBe(true);
    const text = exported.files[0]?.data.toString("utf8") ?? "";
    expect(exported.files[0]?.filename).toBe("night-floors.campaign.json");
    expect(text).toContain("Star spawn");

    const owner = t.fake.guild(OTHER_SERVER).ownerId;
    const bad = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "import",
        guildId: OTHER_SERVER,
        options: { json: "{}" },
        user: owner,
      })
      .response();
    expect(isEphemeral(bad.data)).toBe(true);
    expect(bad.data?.content).toContain("not a campaign file");
    expect(await t.db.campaign.count({ where: { guildId: OTHER_SERVER } })).toBe(0);

    const imported = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "import",
        guildId: OTHER_SERVER,
        options: { json: text },
        user: owner,
      })
      .response();
    expect(imported.data?.content).toContain("Campaign **Night Floors** imported");
    const list = await t.fake
      .sendSlashCommand({
        name: "entity",
        subcommand: "list",
        guildId: OTHER_SERVER,
        user: owner,
      })
      .response();
    expect(JSON.stringify(list.data?.embeds)).toContain("Star spawn");
  });
});
