/**
 * Which campaign a channel plays, through the real bot: a thread (cached or archived) plays its
 * parent channel's campaign; a Protagonist named from another campaign's channel is tested in
 * its own campaign (its log, its GM channel, its GMs' undo); and a GM of one campaign can take
 * neither a channel bound to another nor the server default from it.
 */
import { ChannelType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-campaign-binding-token";
const HARBOUR = "510000000000000001";
const THREAD = "510000000000000002";
const ARCHIVED_THREAD = "510000000000000003";
const GM_ROOM = "510000000000000004";
/** A GM of Harbour Lights only. */
const HARBOUR_GM = "410000000000000007";

let t: SeededBot;
let first: { id: string; name: string };
let harbourId: string;

function campaign(
  subcommand: string,
  options: Record<string, string | boolean>,
  where: { user?: string; channelId?: string } = {},
) {
  return t.fake
    .sendSlashCommand({ name: "campaign", subcommand, options, user: t.gmId, ...where })
    .response();
}

beforeAll(async () => {
  t = await startSeededBot(TOKEN, {
    channels: [
      { id: HARBOUR, name: "harbour" },
      { id: THREAD, name: "the-docks", type: ChannelType.PublicThread, parentId: HARBOUR },
      {
        id: ARCHIVED_THREAD,
        name: "old-case",
        type: ChannelType.PublicThread,
        parentId: HARBOUR,
        archived: true,
      },
      { id: GM_ROOM, name: "gm-room" },
    ],
  });
  const [p1] = t.table.protagonists;
  if (!p1) throw new Error("the seed makes two Protagonists");
  first = p1;
  await campaign("create", { name: "Harbour Lights" }, { channelId: HARBOUR });
  harbourId = (await t.db.campaign.findFirst({ where: { name: "Harbour Lights" } }))?.id ?? "";
  await campaign("bind", { campaign: harbourId }, { channelId: HARBOUR });
  await t.fake
    .sendSlashCommand({
      name: "campaign",
      subcommandGroup: "gm",
      subcommand: "add",
      options: { campaign: harbourId, user: HARBOUR_GM },
      user: t.gmId,
    })
    .response();
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("threads", () => {
  it.each([
    ["a thread the bot has cached", THREAD],
    ["an archived thread it has not", ARCHIVED_THREAD],
  ])("%s plays its parent channel's campaign", async (_name, channelId) => {
    const settings = await campaign("settings", {}, { channelId });
    expect(settings.data?.embeds?.[0]?.title).toBe("⚙️ Settings of Harbour Lights");
  });
});

describe("a Protagonist named from another campaign's channel", () => {
  it("is tested in its own campaign, whose GMs alone may undo it", async () => {
    const san = await t.fake
      .sendSlashCommand({
        name: "san",
        options: { loss: "1/1", threat: "unnatural", protagonist: first.id },
        channelId: HARBOUR,
      })
      .response();
    expect(san.data?.embeds?.[0]?.title).toMatch(/SAN test/);
    const event = await t.db.event.findFirst({
      where: { kind: "san-test" },
      orderBy: { id: "desc" },
    });
    expect(event?.campaignId).toBe(t.table.campaignId);

    const refused = await t.fake
      .sendSlashCommand({
        name: "undo",
        options: { event: event?.id ?? 0 },
        user: HARBOUR_GM,
        channelId: HARBOUR,
      })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe("Only a GM can undo someone else's change.");
  });

  it("sends a secret roll's copy to its own campaign's GM channel", async () => {
    await campaign("settings", { "secret-rolls": "gm-channel", "gm-channel": GM_ROOM });
    const rolled = await t.fake
      .sendSlashCommand({
        name: "roll",
        options: { skill: "Occult", protagonist: first.id, secret: true },
        channelId: HARBOUR,
      })
      .response();
    expect(isEphemeral(rolled.data)).toBe(true);
    const copy = await t.fake.waitForChannelMessage(GM_ROOM, (m) =>
      m.content.startsWith("Secret roll by"),
    );
    expect(copy.embeds[0]?.title).toContain("Occult");
    const event = await t.db.event.findFirst({
      where: { kind: "test" },
      orderBy: { id: "desc" },
      select: { campaignId: true, visibility: true },
    });
    expect(event).toEqual({ campaignId: t.table.campaignId, visibility: "actor-and-gms" });
  });
});

describe("rights over what is taken", () => {
  it("a GM of one campaign can't rebind a channel bound to another", async () => {
    await campaign("bind", { campaign: t.table.campaignId });
    const refused = await campaign("bind", { campaign: harbourId }, { user: HARBOUR_GM });
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      "This channel plays **Night Floors**: only a GM of it (or someone with Manage Server) can bind it to another campaign.",
    );
    const binding = await t.db.channelBinding.findFirst({
      where: { channelId: t.fake.defaultChannelId() },
    });
    expect(binding?.campaignId).toBe(t.table.campaignId);
  });

  it("nor take the server default from another campaign", async () => {
    const refused = await campaign(
      "settings",
      { campaign: harbourId, default: true },
      { user: HARBOUR_GM, channelId: HARBOUR },
    );
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      "**Night Floors** is the server's default campaign: only a GM of it (or someone with Manage Server) can make another campaign the default.",
    );
    const defaults = await t.db.campaign.findMany({
      where: { isDefault: true },
      select: { name: true },
    });
    expect(defaults).toEqual([{ name: "Night Floors" }]);
  });
});
