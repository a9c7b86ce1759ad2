/**
 * Advancement in Downtime through the built bot: off until a GM switches it on; then a player
 * makes the improvement check in downtime: a marked skill at or below the d100 gains 1 and is
 * unmarked, what a secret roll marked is told to the player alone, a second check in the same
 * downtime is refused (nothing changed), and the next downtime opens another.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetSection } from "./support/messages.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-advance-token";
let t: SeededBot;
let hero: { id: string; name: string };
let open: { id: string; name: string };
let secret: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes Protagonists");
  hero = first;
  const skills = await t.db.skill.findMany({
    where: { protagonistId: hero.id, name: { not: "Unnatural" } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
    take: 2,
  });
  const [a, b] = skills;
  if (!a || !b) throw new Error("the seeded sheet has too few skills");
  [open, secret] = [a, b];
  // Rated 0, a marked skill is at or below any d100: the check always improves it.
  await t.db.skill.update({ where: { id: open.id }, data: { rating: 0, failureMarked: true } });
  await t.db.skill.update({
    where: { id: secret.id },
    data: { rating: 0, failureMarked: true, failureMarkVisibleTo: t.playerId },
  });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const advance = (user?: string) =>
  t.fake.sendSlashCommand({
    name: "advance",
    subcommand: "check",
    options: {},
    ...(user ? { user } : {}),
  });
const skillRow = (id: string) => t.db.skill.findUnique({ where: { id } });
const checks = () => t.db.event.count({ where: { kind: "advancement-check" } });

async function sheet() {
  const response = await t.fake
    .sendSlashCommand({ name: "protagonist", subcommand: "show", options: {} })
    .response();
  return response.data;
}

describe("Advancement in Downtime, an Extra", () => {
  it("is off by default: /advance is refused privately and nothing changes", async () => {
    const refused = await advance().response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toContain(
      "**Advancement in Downtime** is an Extra, and it is off",
    );
    expect(refused.data?.content).toContain("`/campaign extras module:advancement enabled:True`");
    expect(await checks()).toBe(0);
    expect((await skillRow(open.id))?.failureMarked).toBe(true);
  });

  it("once on, a player's check improves the marked skills; a secret mark is told privately", async () => {
    await t.switchOn("advancement");
    expect(sheetSection(await sheet(), "Downtime checks")).toBe("1 check open: `/advance check`");

    const handle = advance();
    const answer = await handle.response();
    expect(isEphemeral(answer.data)).toBe(false);
    const embed = answer.data?.embeds?.[0];
    expect(embed?.title).toBe(`📈 ${hero.name}: improvement check in downtime`);
    expect(embed?.description).toContain(`📈 ${open.name} 0 is at or below the check`);
    expect(embed?.description).not.toContain(secret.name);
    const [whisper] = await handle.waitForFollowUps(1);
    expect(isEphemeral(whisper)).toBe(true);
    expect(whisper?.content).toContain("🔒 Marks from secret rolls");
    expect(whisper?.content).toContain(`📈 ${secret.name} 0 is at or below the check`);
    expect(await skillRow(open.id)).toMatchObject({ rating: 1, failureMarked: false });
    expect(await skillRow(secret.id)).toMatchObject({ rating: 1, failureMarked: false });
    expect(sheetSection(await sheet(), "Downtime checks")).toBe("Made for this downtime.");
  });

  it("is refused a second time in one downtime, changing nothing", async () => {
    await t.db.skill.update({ where: { id: open.id }, data: { rating: 0, failureMarked: true } });
    const refused = await advance().response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      `**${hero.name}** has made 1 check in this downtime (1 allowed). The next opens once a GM ends session 1 (\`/campaign session-end\`).`,
    );
    expect(await checks()).toBe(1);
    expect(await skillRow(open.id)).toMatchObject({ rating: 0, failureMarked: true });
  });

  it("opens again in the next downtime, and the check is a roll only a GM undoes", async () => {
    const campaign = await t.db.campaign.findFirstOrThrow({ select: { id: true } });
    await t.db.campaign.update({ where: { id: campaign.id }, data: { sessionNumber: 2 } });
    const answer = await advance().response();
    expect(answer.data?.embeds?.[0]?.description).toContain(`📈 ${open.name} 0 is at or below`);
    expect(await checks()).toBe(2);
    const eventId = await t.latestEventId();
    const refused = await t.fake
      .sendSlashCommand({ name: "undo", options: { event: eventId } })
      .response();
    expect(refused.data?.content).toContain("Undoing a roll or test is a reroll");
    expect(await skillRow(open.id)).toMatchObject({ rating: 1, failureMarked: false });
  });
});
