/**
 * /campaign on a seeded table through the real bot: settings shown and changed (and obeyed by
 * /roll), GMs added by a GM only, channel binding, the party, and session end behind a button.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttonIds, isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";
import { customIds, displayText, menuOptions } from "./support/messages.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-campaign-token";
let t: SeededBot;
let first: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [p1] = t.table.protagonists;
  if (!p1) throw new Error("the seed makes two Protagonists");
  first = p1;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

async function campaign() {
  const row = await t.db.campaign.findUnique({ where: { id: t.table.campaignId } });
  if (!row) throw new Error("the seeded campaign is gone");
  return row;
}

async function occult(protagonistId: string): Promise<{ rating: number; failureMarked: boolean }> {
  const row = await t.db.skill.findFirst({ where: { protagonistId, key: "occult" } });
  if (!row) throw new Error("no Occult skill");
  return row;
}

function settings(options: Record<string, string | number | boolean>, user?: string) {
  return t.fake
    .sendSlashCommand({
      name: "campaign",
      subcommand: "settings",
      options,
      user: user ?? t.gmId,
    })
    .response();
}

describe("/campaign settings", () => {
  it("shows every setting in force, each with its default", async () => {
    const response = await settings({});
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("⚙️ Settings of Night Floors");
    const fields = Object.fromEntries((embed?.fields ?? []).map((f) => [f.name, f.value]));
    expect(Object.keys(fields)).toEqual([
      "Era",
      "Secret rolls",
      "GM channel",
      "Failure marks",
      "Skill improvement",
      "Projection, WP short",
      "Adaptation reset",
      "Temporary insanity",
      "Sub-standard items",
      "Creation skill cap",
      "Unnatural bonus picks",
      "Exhaustion penalty",
      "Broken Bond SAN loss",
      "Players undo rolls",
    ]);
    expect(fields["Failure marks"]).toMatch(/^\*\*on\*\* \(default\)\n/);
    expect(fields["Unnatural bonus picks"]).toMatch(/^\*\*allowed \(SRD\)\*\* \(default\)\n/);
    expect(fields["Temporary insanity"]).toMatch(/^\*\*5\+ SAN lost\*\* \(default\)\n/);
  });

  it("refuses gm-channel mode without a channel, privately, and changes nothing", async () => {
    const response = await settings({ "secret-rolls": "gm-channel" });
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toBe(
      "Posting secret rolls to a GM channel needs `gm-channel` set to a channel.",
    );
    expect(await campaign()).toMatchObject({ secretRollMode: "ephemeral", gmChannelId: null });
  });

  it("takes gm-channel mode with a channel and shows what changed", async () => {
    const channel = t.fake.defaultChannelId();
    const response = await settings({ "secret-rolls": "gm-channel", "gm-channel": channel });
    const [changed, card] = response.data?.embeds ?? [];
    expect(changed?.title).toBe("⚙️ Night Floors: settings changed");
    expect(changed?.description).toBe(
      [
        "• Secret rolls: ephemeral: only the roller sees it → **gm-channel: the roller and the GM channel see it**",
        `• GM channel: none → **<#${channel}>**`,
      ].join("\n"),
    );
    expect(card?.title).toBe("⚙️ Settings of Night Floors");
    expect(await campaign()).toMatchObject({ secretRollMode: "gm-channel", gmChannelId: channel });
  });

  it("turns failure marks off, and then a failed /roll skill: marks nothing", async () => {
    const response = await settings({ "failure-marks": false, "insanity-threshold": 6 });
    expect(response.data?.embeds?.[0]?.description).toBe(
      ["• Failure marks: on → **off**", "• Temporary insanity: 5+ SAN lost → **6+ SAN lost**"].join(
        "\n",
      ),
    );
    expect((await campaign()).ruleOptions).toMatchObject({
      failureMarks: false,
      temporaryInsanityThreshold: 6,
    });
    // −100 leaves only a roll of 01 to succeed; try again in that rare case.
    let title = "";
    for (let attempt = 0; attempt < 5 && !/Failure|Fumble/.test(title); attempt += 1) {
      const roll = await t.fake
        .sendSlashCommand({ name: "roll", options: { skill: "Occult", modifier: -100 } })
        .response();
      title = roll.data?.embeds?.[0]?.title ?? "";
    }
    expect(title).toMatch(/(Failure|Fumble) — Occult$/);
    expect((await occult(first.id)).failureMarked).toBe(false);
  });
});

describe("/campaign gm and bind", () => {
  it("lets a GM add a GM, and refuses a player, privately", async () => {
    const added = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommandGroup: "gm",
        subcommand: "add",
        options: { user: t.secondPlayerId },
        user: t.gmId,
      })
      .response();
    expect(added.data?.content).toBe(
      `<@${t.secondPlayerId}> is now a GM of **Night Floors**.\nGMs: <@${t.gmId}>, <@${t.secondPlayerId}>.`,
    );
    expect(added.data?.allowed_mentions).toEqual({ parse: [] });
    const refused = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommandGroup: "gm",
        subcommand: "add",
        options: { user: t.playerId },
        user: t.playerId,
      })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      "Only a GM of **Night Floors** (or someone with Manage Server) can do that.",
    );
    const gms = await t.db.campaignGm.findMany({
      where: { campaignId: t.table.campaignId },
      orderBy: { createdAt: "asc" },
    });
    expect(gms.map((row) => row.discordId)).toEqual([t.gmId, t.secondPlayerId]);
  });

  it("lets the new GM bind this channel to the campaign picked by autocomplete", async () => {
    const suggestions = await t.fake
      .sendAutocomplete({
        name: "campaign",
        subcommand: "bind",
        options: { campaign: "night" },
        focused: "campaign",
        user: t.secondPlayerId,
      })
      .response();
    expect(suggestions.data?.choices).toEqual([
      { name: "Night Floors (default)", value: t.table.campaignId },
    ]);
    const bound = await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "bind",
        options: { campaign: t.table.campaignId },
        user: t.secondPlayerId,
      })
      .response();
    expect(bound.data?.content).toMatch(/^This channel now plays \*\*Night Floors\*\*/);
    expect(
      await t.db.channelBinding.findMany({
        where: { channelId: t.fake.defaultChannelId() },
        select: { channelId: true, campaignId: true },
      }),
    ).toEqual([{ channelId: t.fake.defaultChannelId(), campaignId: t.table.campaignId }]);
  });
});

describe("/campaign party", () => {
  it("shows every active Protagonist in one embed", async () => {
    const response = await t.fake
      .sendSlashCommand({ name: "campaign", subcommand: "party", user: t.gmId })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("👥 The party of Night Floors");
    expect(embed?.fields?.map((f) => f.name)).toEqual(["Protagonist 1", "Protagonist 2"]);
    const value = embed?.fields?.[0]?.value ?? "";
    expect(value).toContain(`<@${t.playerId}>`);
    expect(value).toMatch(
      /HP \*\*\d+\*\*\/\d+ · WP \*\*\d+\*\*\/\d+ · SAN \*\*\d+\*\*\/99 · BP \d+/,
    );
    expect(value).toContain("Adaptation: violence ☐☐☐ · helplessness ☐☐☐");
    expect(value).toContain("Bonds: Her brother Tom 12 · Miskatonic University faculty");
    expect(value).toMatch(/Resources \d+: [☐☒]+/);
    expect(customIds(response.data ?? {})).toEqual([
      `campaign:psheet:${t.table.campaignId}:0:${t.gmId}`,
    ]);
    expect(menuOptions(response.data ?? {}, customIds(response.data ?? {})[0] ?? "")).toEqual([
      { label: "Protagonist 1", value: first.id },
      { label: expect.any(String) as string, value: expect.any(String) as string },
    ]);
  });

  it("opens a sheet from its menu, privately, with roll menus its player can use", async () => {
    const party = await t.fake
      .sendSlashCommand({ name: "campaign", subcommand: "party", user: t.gmId })
      .waitForOriginal();
    const choice = t.fake.sendSelect({
      customId: customIds(party)[0] ?? "",
      messageId: party.id,
      values: [first.id],
      user: t.playerId,
    });
    const [sheet] = await choice.waitForFollowUps(1);
    expect(isEphemeral(sheet)).toBe(true);
    expect(displayText(sheet ?? {})).toContain(`## ${first.name}`);
    const statMenu = customIds(sheet ?? {}).find((id) => id.startsWith("protagonist:sstat:"));
    const panel = await t.fake
      .sendSelect({
        customId: statMenu ?? "",
        messageId: sheet?.id ?? "",
        values: ["INT"],
        user: t.playerId,
      })
      .waitForFollowUps(1);
    expect(panel[0]?.content).toContain("**INT × 5**");
  });
});

describe("/campaign session-end", () => {
  /** Ticks the first Protagonist's Occult mark, then asks the GM's prompt to end the session. */
  async function askToEndWithOccultMarked() {
    await t.db.skill.updateMany({
      where: { protagonistId: first.id, key: "occult" },
      data: { failureMarked: true },
    });
    const before = (await occult(first.id)).rating;
    const handle = t.fake.sendSlashCommand({
      name: "campaign",
      subcommand: "session-end",
      user: t.gmId,
    });
    return { before, handle, prompt: await handle.waitForOriginal() };
  }

  it("asks privately, then improves the marked skill and posts the summary", async () => {
    const { before, handle, prompt } = await askToEndWithOccultMarked();
    expect(isEphemeral(prompt)).toBe(true);
    expect(prompt.embeds[0]?.title).toBe("End session 1 of Night Floors?");
    expect(buttonIds(prompt)).toEqual([
      `campaign:end:${t.table.campaignId}:1`,
      "campaign:end-cancel",
    ]);

    const confirm = await t.press(handle, "campaign:end:", t.gmId);
    const [summary] = await confirm.waitForFollowUps(1);
    expect(isEphemeral(summary)).toBe(false);
    const embed = summary?.embeds[0];
    expect(embed?.title).toBe("📘 Session 1 of Night Floors has ended");
    const field = embed?.fields?.find((f) => f.name === first.name)?.value ?? "";
    const after = await occult(first.id);
    expect(after.failureMarked).toBe(false);
    expect(after.rating - before).toBeGreaterThanOrEqual(1);
    expect(after.rating - before).toBeLessThanOrEqual(4);
    expect(field).toContain(
      `📈 Occult 1D4 = ${after.rating - before}: ${before} → ${after.rating}; mark cleared.`,
    );
    expect((await campaign()).sessionNumber).toBe(2);
    const updated = await handle.waitForOriginal({
      predicate: (m) => (m.components ?? []).length === 0,
    });
    expect(updated.content).toBe("Session 1 of **Night Floors** ended.");
  });

  it("refuses a player before any prompt, ending nothing", async () => {
    const sessionBefore = (await campaign()).sessionNumber;
    const response = await t.fake
      .sendSlashCommand({ name: "campaign", subcommand: "session-end", user: t.playerId })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.embeds ?? []).toEqual([]);
    expect(response.data?.components ?? []).toEqual([]);
    expect(response.data?.content).toBe(
      "Only a GM of **Night Floors** (or someone with Manage Server) can do that.",
    );
    expect((await campaign()).sessionNumber).toBe(sessionBefore);
  });

  it("does not end a session twice from the same prompt", async () => {
    const again = await t.fake
      .sendButton({ customId: `campaign:end:${t.table.campaignId}:1`, user: t.gmId })
      .response();
    expect(again.data?.content).toBe(
      "Session 1 of **Night Floors** has already ended; this is session 2.",
    );
    expect((await campaign()).sessionNumber).toBe(2);
  });

  it("ends the session once when End is pressed several times at once", async () => {
    const { before, prompt } = await askToEndWithOccultMarked();
    const end = buttonIds(prompt).find((id) => id.startsWith("campaign:end:"));
    expect(end).toBe(`campaign:end:${t.table.campaignId}:2`);
    const presses = [1, 2, 3].map(() =>
      t.fake.sendButton({ customId: end ?? "", messageId: prompt.id, user: t.gmId }),
    );
    const answers = await Promise.all(presses.map((p) => p.response()));
    const isLate = (a: (typeof answers)[number]) => a.data?.content?.includes("has already ended");
    const late = answers.filter(isLate);
    expect(late).toHaveLength(2);
    await presses[answers.findIndex((a) => !isLate(a))]?.waitForFollowUps(1);
    for (const answer of late) {
      expect(isEphemeral(answer.data)).toBe(true);
      expect(answer.data?.content).toBe(
        "Session 2 of **Night Floors** has already ended; this is session 3.",
      );
    }
    const summaries = t.fake
      .channelMessages(t.fake.defaultChannelId())
      .filter((m) => m.embeds[0]?.title === "📘 Session 2 of Night Floors has ended");
    expect(summaries).toHaveLength(1);
    expect((await campaign()).sessionNumber).toBe(3);
    expect(await t.db.event.count({ where: { kind: "session-end" } })).toBe(2);
    const improved = (await occult(first.id)).rating - before;
    expect(improved).toBeGreaterThanOrEqual(1);
    expect(improved).toBeLessThanOrEqual(4);
  });
});
