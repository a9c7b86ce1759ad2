/**
 * /san on a seeded table (a GM and two players) through the real bot process: the SAN test embed
 * and its event, projection onto a Bond through the button and menu, Flee/Struggle/Submit, the
 * GM's group test, and refusals. Dice are random in the bot, so the tests force outcomes through
 * the sheet (SAN 1 fails unless 01) and fixed losses (5/5), and check the embed against the DB.
 */
import { rowLine } from "../support/event-lines.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeDiscord } from "../support/fake-discord/index.js";
import { customIds, fieldValue, isEphemeral, menuOptions } from "./support/messages.js";
import { SECOND_PLAYER_ID, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-san-token";
let t: SeededBot;
let fake: FakeDiscord;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  fake = t.fake;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const first = () => t.table.protagonists[0] ?? { id: "", name: "", ownerId: "" };
const second = () => t.table.protagonists[1] ?? { id: "", name: "", ownerId: "" };

/** The seeded sheet: POW 14 → SAN 70, breaking point 56, WP 14; Tom is an individual Bond at 12. */
beforeEach(async () => {
  for (const p of t.table.protagonists) {
    await t.setProtagonist(p.id, { san: 70, breakingPoint: 56, wp: 14, status: "active" });
  }
});

/** The logged SAN tests, each with its /history line. */
async function sanEvents(): Promise<{ id: number; line: string | undefined }[]> {
  const rows = await t.db.event.findMany({ where: { kind: "san-test" }, orderBy: { id: "asc" } });
  return rows.map((row) => ({ id: row.id, line: rowLine(row) }));
}

async function sheet(id: string): Promise<{ san: number; wp: number; status: string }> {
  const row = await t.db.protagonist.findUnique({ where: { id } });
  if (!row) throw new Error("no such Protagonist");
  return row;
}

async function bondId(protagonistId: string, name: string): Promise<string> {
  return (await t.db.bond.findFirst({ where: { protagonistId, name } }))?.id ?? "";
}

describe("/san", () => {
  it("shows a failed test's dice, the loss and SAN before → after, and logs it", async () => {
    await t.setProtagonist(first().id, { san: 1, breakingPoint: 0 });
    const before = (await sanEvents()).length;
    const message = await fake
      .sendSlashCommand({
        name: "san",
        options: { loss: "0/1", threat: "unnatural", source: "the *thing* in the cellar" },
      })
      .waitForOriginal();
    const embed = message.embeds[0];
    expect(isEphemeral(message)).toBe(false);
    expect(embed?.title).toMatch(/ · SAN test \(Unnatural, 0\/1\)$/);
    expect(embed?.description).toBe("**Protagonist 1**\nFacing: the \\*thing\\* in the cellar");
    expect(fieldValue(embed, "SAN test")).toMatch(
      /^\*\*\d{2,3}\*\* \(tens \d, ones \d\) vs SAN 1$/,
    );
    // SAN 1 fails unless the roll is 01.
    const failed = !/Critical success/.test(embed?.title ?? "");
    const lost = failed ? 1 : 0;
    expect(fieldValue(embed, "Loss rolled")).toBe(failed ? "**1** (failure)" : "**0** (success)");
    expect(embed?.title).toMatch(failed ? / — lost 1 SAN · / : / — no SAN lost · /);
    expect(fieldValue(embed, "SAN")).toBe(`1 → **${1 - lost}** (lost ${lost})`);
    const events = await sanEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)?.line).toBe(
      `Protagonist 1: SAN test (Unnatural, 0/1) lost ${lost}, SAN 1 → ${1 - lost}`,
    );
    expect((await sheet(first().id)).san).toBe(1 - lost);
    if (failed) {
      expect(fieldValue(embed, "What it set off")).toMatch(/Permanently insane/);
      expect((await sheet(first().id)).status).toBe("insane");
    }
  });

  it("projects onto a Bond: button → menu → re-resolved result; never twice, never by another player", async () => {
    const message = await fake
      .sendSlashCommand({ name: "san", options: { loss: "5/5", threat: "unnatural" } })
      .waitForOriginal();
    const eventId = (await sanEvents()).at(-1)?.id ?? 0;
    const project = `san:project:${eventId}`;
    expect(fieldValue(message.embeds[0], "What it set off")).toMatch(/Temporarily insane/);
    expect(customIds(message)).toEqual([
      project,
      `san:react:${eventId}:flee`,
      `san:react:${eventId}:struggle`,
      `san:react:${eventId}:submit`,
      `san:calm:${eventId}`,
    ]);

    const stranger = await fake
      .sendButton({ customId: project, messageId: message.id, user: SECOND_PLAYER_ID })
      .response();
    expect(isEphemeral(stranger.data)).toBe(true);
    expect(stranger.data?.content).toBe(
      "These buttons are for **Protagonist 1**'s player or a GM.",
    );

    const opened = await fake
      .sendButton({ customId: project, messageId: message.id })
      .waitForOriginal({ predicate: (m) => customIds(m).includes(`san:bond:${eventId}`) });
    const tom = await bondId(first().id, "Her brother Tom");
    expect(menuOptions(opened, `san:bond:${eventId}`).map((o) => o.value)).toContain(tom);

    const projected = await fake
      .sendSelect({ customId: `san:bond:${eventId}`, values: [tom], messageId: message.id })
      .waitForOriginal({
        predicate: (m) => fieldValue(m.embeds[0], "Projected onto a Bond") !== undefined,
      });
    const { san, wp } = await sheet(first().id);
    const roll = 14 - wp;
    expect(roll).toBeGreaterThanOrEqual(1);
    expect(roll).toBeLessThanOrEqual(4);
    expect(san).toBe(70 - (5 - roll));
    const embed = projected.embeds[0];
    expect(fieldValue(embed, "Projected onto a Bond")).toBe(
      `🔗 Onto **Her brother Tom**: 1D4 = **${roll}**\nWP 14 → ${wp} · Bond 12 → ${12 - roll} · SAN loss 5 → ${5 - roll}`,
    );
    expect(fieldValue(embed, "SAN")).toBe(`70 → **${san}** (lost ${5 - roll})`);
    // Less than 5 lost now: no temporary insanity, so no reactions, and no second projection.
    expect(customIds(projected)).toEqual([]);
    expect(await t.db.event.count({ where: { kind: "san-projection" } })).toBe(1);

    const again = await fake.sendButton({ customId: project, messageId: message.id }).response();
    expect(isEphemeral(again.data)).toBe(true);
    expect(again.data?.content).toMatch(/already been projected/);
    expect((await sheet(first().id)).san).toBe(san);
  });

  it("offers Flee / Struggle / Submit when temporarily insane, and announces the choice", async () => {
    const message = await fake
      .sendSlashCommand({ name: "san", options: { loss: "6/6", threat: "unnatural" } })
      .waitForOriginal();
    const eventId = (await sanEvents()).at(-1)?.id ?? 0;
    expect(customIds(message)).toContain(`san:react:${eventId}:struggle`);

    const stranger = await fake
      .sendButton({
        customId: `san:react:${eventId}:flee`,
        messageId: message.id,
        user: SECOND_PLAYER_ID,
      })
      .response();
    expect(isEphemeral(stranger.data)).toBe(true);

    const press = fake.sendButton({
      customId: `san:react:${eventId}:struggle`,
      messageId: message.id,
    });
    const [announcement] = await press.waitForFollowUps(1);
    expect(isEphemeral(announcement)).toBe(false);
    expect(announcement?.content).toMatch(
      /^👊 \*\*Protagonist 1\*\*, temporarily insane, struggles/,
    );
    // The choice is narrative: the reactions go, the projection stays on offer, and the GM
    // can end the episode.
    expect(customIds(await press.waitForOriginal())).toEqual([
      `san:project:${eventId}`,
      `san:calm:${eventId}`,
    ]);
  });

  it("lets a GM test every active Protagonist at once, in one summary", async () => {
    const before = (await sanEvents()).length;
    const message = await fake
      .sendSlashCommand({
        name: "san",
        options: { loss: "1/1", threat: "unnatural", all: true },
        user: fake.guild().ownerId,
      })
      .waitForOriginal();
    expect(message.embeds).toHaveLength(1);
    const embed = message.embeds[0];
    expect(embed?.title).toBe("🧠 Group SAN test — Unnatural, 1/1");
    expect(embed?.fields?.map((f) => f.name.replace(/^.* — /, ""))).toEqual([
      "Protagonist 1",
      "Protagonist 2",
    ]);
    for (const field of embed?.fields ?? [])
      expect(field.value).toMatch(/SAN 70 → \*\*69\*\* \(lost 1\)/);
    expect(await sanEvents()).toHaveLength(before + 2);
    expect((await sheet(second().id)).san).toBe(69);

    const pickProject = customIds(message).find((id) => id.startsWith("san:pick-project")) ?? "";
    const options = menuOptions(message, pickProject);
    const mine = options.find((o) => o.label === "Protagonist 2")?.value ?? "";
    const theirs = options.find((o) => o.label === "Protagonist 1")?.value ?? "";
    const refused = await fake
      .sendSelect({
        customId: pickProject,
        values: [theirs],
        messageId: message.id,
        user: SECOND_PLAYER_ID,
      })
      .response();
    expect(refused.data?.content).toBe("These buttons are for **Protagonist 1**'s player or a GM.");

    // Each player projects their own loss from a private menu; the table sees the result.
    const pick = fake.sendSelect({
      customId: pickProject,
      values: [mine],
      messageId: message.id,
      user: SECOND_PLAYER_ID,
    });
    const panel = await pick.waitForOriginal();
    expect(isEphemeral(panel)).toBe(true);
    expect(panel.content).toMatch(/^Project \*\*Protagonist 2\*\*'s SAN loss \(lost 1\)/);
    const bondMenu = customIds(panel).find((id) => id.startsWith(`san:bond:${mine}`)) ?? "";
    const mark = fake.requestMark();
    const choose = fake.sendSelect({
      customId: bondMenu,
      values: [await bondId(second().id, "Her brother Tom")],
      messageId: panel.id,
      user: SECOND_PLAYER_ID,
    });
    const [result] = await choose.waitForFollowUps(1);
    expect(isEphemeral(result)).toBe(false);
    expect(fieldValue(result?.embeds[0], "Projected onto a Bond")).toMatch(/SAN loss 1 → 0$/);
    expect((await sheet(second().id)).san).toBe(70);

    // The group's summary is edited in place: the new numbers, and no second projection offered.
    await fake.waitForRequest(
      (r) => r.method === "PATCH" && r.path.endsWith(`/messages/${message.id}`),
      { after: mark, description: "the group summary's edit" },
    );
    const summary = fake.message(message.id);
    const field = summary?.embeds[0]?.fields?.find((f) => f.name.endsWith("— Protagonist 2"));
    expect(field?.name).toMatch(/^.* — no SAN lost — Protagonist 2$/);
    expect(field?.value).toMatch(/SAN loss 1 → 0/);
    expect(field?.value).toMatch(/SAN 70 → \*\*70\*\* \(lost 0\)/);
    expect(menuOptions(summary ?? {}, pickProject).map((o) => o.label)).toEqual(["Protagonist 1"]);
  });

  it("refuses, privately and without a trace: another's Protagonist, `all` as a player, bad notation", async () => {
    const before = (await sanEvents()).length;
    const notYours = await fake
      .sendSlashCommand({
        name: "san",
        options: { loss: "1/1", threat: "violence", protagonist: second().id },
      })
      .response();
    expect(isEphemeral(notYours.data)).toBe(true);
    expect(notYours.data?.content).toMatch(/\*\*Protagonist 2\*\* is not yours/);

    const party = await fake
      .sendSlashCommand({ name: "san", options: { loss: "1/1", threat: "violence", all: true } })
      .response();
    expect(party.data?.content).toMatch(/^Only a GM can test every Protagonist at once/);

    const notation = await fake
      .sendSlashCommand({ name: "san", options: { loss: "lots", threat: "violence" } })
      .response();
    expect(isEphemeral(notation.data)).toBe(true);
    expect(notation.data?.content).toBe(
      "`lots` is not a SAN loss: write the loss on a success, `/`, then the loss on a failure — for example `loss:0/1D6` or `loss:1/1D4+1`.",
    );

    expect(await sanEvents()).toHaveLength(before);
    expect((await sheet(first().id)).san).toBe(70);
  });
});
