/**
 * A secret roll through the real bot stays hidden: /history posted for the table (and its Older
 * button, pressed later) leaves it out whoever asks, another player's private /history too, while
 * the roller and the GM see it marked 🔒; undoing its failure mark tells nobody but the roller.
 * An open change's undo still tells the table (the control).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, listedIds, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-secret-rolls-token";
let t: SeededBot;
let first: { id: string; name: string };
let second: { id: string; name: string };
/** The secret Occult test that ticked the mark. */
let secretId: number;

async function occultMarked(): Promise<boolean> {
  const row = await t.db.skill.findFirst({ where: { protagonistId: first.id, key: "occult" } });
  return row?.failureMarked === true;
}

function history(options: Record<string, string | boolean>, user?: string) {
  return t.fake.sendSlashCommand({ name: "history", options, ...(user ? { user } : {}) });
}

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [p1, p2] = t.table.protagonists;
  if (!p1 || !p2) throw new Error("the seed makes two Protagonists");
  first = p1;
  second = p2;
  // At 0% only a roll of 01 succeeds: roll again in that 1% case, until the mark is ticked.
  await t.db.skill.updateMany({
    where: { protagonistId: first.id, key: "occult" },
    data: { rating: 0 },
  });
  for (let tries = 0; !(await occultMarked()) && tries < 5; tries += 1) {
    const response = await t.fake
      .sendSlashCommand({
        name: "roll",
        options: { skill: "Occult", protagonist: first.id, secret: true },
      })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
  }
  expect(await occultMarked()).toBe(true);
  secretId = await t.latestEventId();
  // Eleven open changes after it: the secret roll is on the Older page of every view.
  for (let i = 0; i < 11; i += 1) {
    await t.fake
      .sendSlashCommand({
        name: "hp",
        subcommand: i % 2 ? "heal" : "damage",
        options: { amount: "1", protagonist: second.id },
        user: t.secondPlayerId,
      })
      .response();
  }
}, 90_000);

afterAll(async () => {
  await t.stop();
});

describe("/history public:true", () => {
  it.each([
    ["the roller", undefined],
    ["the GM", "gm"],
  ] as const)(
    "asked by %s, leaves the secret roll out, on the Older page too",
    async (_who, user) => {
      const handle = history({ public: true }, user === "gm" ? t.gmId : undefined);
      const page = await handle.waitForOriginal();
      expect(isEphemeral(page)).toBe(false);
      expect(page.embeds[0]?.description).not.toContain("Occult");
      const older = await (
        await t.press(handle, "history:older", user === "gm" ? t.gmId : undefined)
      ).response();
      const ids = listedIds(older.data?.embeds?.[0]?.description);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(secretId);
      expect(older.data?.embeds?.[0]?.description).not.toContain("Occult");
    },
  );
});

describe("/history, private", () => {
  it("shows the roller and the GM the secret roll, marked, and another player nothing of it", async () => {
    for (const user of [t.playerId, t.gmId]) {
      const handle = history({ protagonist: first.id }, user);
      const page = await handle.waitForOriginal();
      expect(isEphemeral(page)).toBe(true);
      const line = page.embeds[0]?.description
        ?.split("\n")
        .find((l) => l.startsWith(`\`#${secretId}\``));
      expect(line).toMatch(/🔒 Protagonist 1: Occult \d+ vs 0: (failure|fumble) \(marked\)$/);
      expect(page.embeds[0]?.footer?.text).toContain(
        "🔒 secret: only its roller and the GMs see it.",
      );
    }
    const other = await history({ protagonist: first.id }, t.secondPlayerId).waitForOriginal();
    expect(listedIds(other.embeds[0]?.description)).not.toContain(secretId);
  });
});

describe("/undo of the secret roll's failure mark", () => {
  // The roller undoing their own roll needs the campaign to let players undo rolls.
  beforeAll(async () => {
    await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "settings",
        options: { "player-undo-rolls": true },
        user: t.gmId,
      })
      .response();
  });

  it("is offered to the roller but never to another player", async () => {
    const offered = async (user: string) => {
      const response = await t.fake
        .sendAutocomplete({ name: "undo", options: { event: "" }, focused: "event", user })
        .response();
      return ((response.data as { choices?: { value: number }[] }).choices ?? []).map(
        (c) => c.value,
      );
    };
    expect(await offered(t.playerId)).toContain(secretId);
    expect(await offered(t.secondPlayerId)).not.toContain(secretId);
    const refused = await t.fake
      .sendSlashCommand({ name: "undo", options: { event: secretId }, user: t.secondPlayerId })
      .response();
    expect(refused.data?.content).toBe(`Change #${secretId} was not found in this server.`);
  });

  it("undoes it privately, with no notice to the table; an open undo still tells the table", async () => {
    // The second player's last HP change.
    const open = await t.latestEventId(t.secondPlayerId);
    const handle = t.fake.sendSlashCommand({ name: "undo", options: { event: secretId } });
    const confirm = await t.press(handle, "undo:confirm");
    const done = await confirm.response();
    expect(done.data?.embeds?.[0]?.title).toBe(`↩️ Undone #${secretId}`);
    expect(await occultMarked()).toBe(false);

    // The control, afterwards: the second player's last HP change, undone in the open.
    const openUndo = t.fake.sendSlashCommand({ name: "undo", user: t.secondPlayerId });
    const openConfirm = await t.press(openUndo, "undo:confirm", t.secondPlayerId);
    const [notice] = await openConfirm.waitForFollowUps(1);
    expect(isEphemeral(notice)).toBe(false);
    expect(notice?.content).toMatch(new RegExp(`^↩️ <@${t.secondPlayerId}> undid #${open}: `));

    expect(confirm.followUps()).toEqual([]);
    const notices = t.fake
      .channelMessages(t.fake.defaultChannelId())
      .filter((m) => m.content.includes("undid #"));
    expect(notices.map((m) => m.content)).toEqual([notice?.content]);
  });
});
