/**
 * A failure mark ticked by a secret roll is read only by the roller and the GMs, on every path that
 * shows marks: the sheet posted in the channel, its private note, skill autocomplete, the export
 * and the session end (the table's summary, the GM's private notice). An openly ticked mark on the
 * same sheet is the control: everyone sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";
import { displayText } from "./support/messages.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-hidden-marks-token";
let t: SeededBot;
let hero: { id: string; name: string };

type Viewer = "roller" | "other player" | "GM";
const VIEWERS: readonly Viewer[] = ["roller", "other player", "GM"];
const userOf = (viewer: Viewer): string =>
  ({ roller: t.playerId, "other player": t.secondPlayerId, GM: t.gmId })[viewer];
/** Who may read a secret roll's result: its roller and the GMs. */
const maySee = (viewer: Viewer) => viewer !== "other player";

async function marked(key: string): Promise<boolean> {
  const row = await t.db.skill.findFirst({ where: { protagonistId: hero.id, key } });
  return row?.failureMarked === true;
}

/** At 0% only a roll of 01 succeeds: roll again in that 1% case, until the mark is ticked. */
async function failUntilMarked(skill: string, secret: boolean): Promise<void> {
  await t.db.skill.updateMany({
    where: { protagonistId: hero.id, name: skill },
    data: { rating: 0 },
  });
  for (let tries = 0; !(await marked(skill.toLowerCase())) && tries < 5; tries += 1) {
    await t.fake
      .sendSlashCommand({ name: "roll", options: { skill, protagonist: hero.id, secret } })
      .response();
  }
  expect(await marked(skill.toLowerCase())).toBe(true);
}

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes two Protagonists");
  hero = first;
  await failUntilMarked("Occult", true);
  await failUntilMarked("Alertness", false);
}, 90_000);

afterAll(async () => {
  await t.stop();
});

describe.each(VIEWERS)("read by %s", (viewer) => {
  it("the sheet posted in the channel shows only the open mark; a private note the secret one", async () => {
    const handle = t.fake.sendSlashCommand({
      name: "protagonist",
      subcommand: "show",
      options: { protagonist: hero.id },
      user: userOf(viewer),
    });
    const sheet = await handle.waitForOriginal();
    expect(isEphemeral(sheet)).toBe(false);
    const posted = displayText(sheet);
    expect(posted).toContain("Alertness **0** ☒");
    expect(posted).toContain("Occult **0**");
    expect(posted).not.toContain("Occult **0** ☒");
    if (maySee(viewer)) {
      const [note] = await handle.waitForFollowUps(1);
      expect(isEphemeral(note)).toBe(true);
      expect(note?.content).toContain("Occult ☒");
    } else {
      await handle.response();
      expect(handle.followUps()).toEqual([]);
    }
  });

  it("skill autocomplete shows the secret mark to whom may see it", async () => {
    const response = await t.fake
      .sendAutocomplete({
        name: "roll",
        options: { skill: "", protagonist: hero.id },
        focused: "skill",
        user: userOf(viewer),
      })
      .response();
    const names = ((response.data as { choices?: { name: string }[] }).choices ?? []).map(
      (c) => c.name,
    );
    expect(names).toContain("Alertness 0% ☒");
    expect(names).toContain(maySee(viewer) ? "Occult 0% ☒" : "Occult 0%");
  });

  it("the export carries the sheet as the table sees it", async () => {
    const response = await t.fake
      .sendSlashCommand({
        name: "protagonist",
        subcommand: "export",
        options: { protagonist: hero.id },
        user: userOf(viewer),
      })
      .response();
    const document = JSON.parse(response.files[0]?.data.toString("utf8") ?? "{}") as {
      protagonist: { skills: { name: string; failureMarked: boolean }[] };
    };
    const markOf = (name: string) =>
      document.protagonist.skills.find((s) => s.name === name)?.failureMarked;
    expect(markOf("Alertness")).toBe(true);
    expect(markOf("Occult")).toBe(false);
  });
});

describe("the session end", () => {
  it("posts only the open mark's improvement; the GM alone is told the secret one's", async () => {
    const handle = t.fake.sendSlashCommand({
      name: "campaign",
      subcommand: "session-end",
      user: t.gmId,
    });
    await handle.waitForOriginal();
    const confirm = await t.press(handle, "campaign:end:", t.gmId);
    const [summary] = await confirm.waitForFollowUps(1);
    expect(isEphemeral(summary)).toBe(false);
    const field = summary?.embeds[0]?.fields?.find((f) => f.name === hero.name)?.value ?? "";
    expect(field).toMatch(/📈 Alertness 1D4 = \d: 0 → \d; mark cleared\./);
    expect(field).not.toContain("Occult");
    const notice = await handle.waitForOriginal({
      predicate: (m) => (m.components ?? []).length === 0,
    });
    expect(isEphemeral(notice)).toBe(true);
    expect(notice.content).toMatch(/🔒.*\n📈 .*: Occult 1D4 = \d: 0 → \d; mark cleared\./);
    expect(await marked("occult")).toBe(false);
    // Nothing the table may read kept the improvement: the logged session end holds the open one.
    const logged = await t.db.event.findFirst({
      where: { kind: "session-end" },
      orderBy: { id: "desc" },
    });
    expect(JSON.stringify(logged?.dice)).toContain("Alertness");
    expect(JSON.stringify(logged?.dice)).not.toContain("Occult");
  });
});
