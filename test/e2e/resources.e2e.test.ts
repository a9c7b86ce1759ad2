/**
 * /resources on a seeded table through the real bot: status, a test made certain by the rating,
 * the exhausted refusal, pooling (across players once they accept, at once for the GM), gains
 * and losses (GM only), manual boxes and downtime.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buttonIds,
  buttonLabels,
  isEphemeral,
  startSeededBot,
  type SeededBot,
} from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-resources-token";
let t: SeededBot;
let first: { id: string; name: string };
let second: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [p1, p2] = t.table.protagonists;
  if (!p1 || !p2) throw new Error("the seed makes two Protagonists");
  first = p1;
  second = p2;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

/** Resources as the service would store them for this rating (the first 6 at hand, 6 stowed). */
async function setResources(id: string, rating: number, checked: number): Promise<void> {
  const atHand = Math.min(rating, 6);
  const stowed = Math.min(rating - atHand, 6);
  await t.setProtagonist(id, {
    resourcesRating: rating,
    resourcesAtHand: atHand,
    resourcesStowed: stowed,
    resourcesStorage: rating - atHand - stowed,
    resourcesChecked: checked,
  });
}

async function resources(id: string): Promise<{ rating: number; checked: number }> {
  const row = await t.db.protagonist.findUnique({ where: { id } });
  if (!row) throw new Error(`no Protagonist ${id}`);
  return { rating: row.resourcesRating, checked: row.resourcesChecked };
}

function eventCount(kind: string): Promise<number> {
  return t.db.event.count({ where: { kind } });
}

function field(
  embed: { fields?: { name: string; value: string }[] } | undefined,
  name: string,
): string | undefined {
  return embed?.fields?.find((f) => f.name === name)?.value;
}

describe("/resources", () => {
  it("shows the rating, breakdown, boxes and targets privately", async () => {
    await setResources(first.id, 14, 1);
    const response = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "status" })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe(`🎒 Resources — ${first.name}`);
    expect(field(embed, "Rating")).toBe("**14**");
    expect(field(embed, "Check boxes")).toBe("☒☐☐ 1/3 checked");
    expect(field(embed, "Breakdown")).toBe("at hand 6 · stowed 6 · in storage 2");
    expect(field(embed, "Effective rating")).toBe(
      "at hand: **6** (target 30)\nwith vehicle: **12** (target 60)\nhome: **14** (target 70)",
    );
  });

  it("tests at home against rating × 5 and checks a box on a success", async () => {
    // Resources 20 at home: target 100, so every roll but 100 succeeds.
    await setResources(first.id, 20, 0);
    const before = await eventCount("resource-test");
    const response = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "test", options: { where: "home" } })
      .response();
    expect(isEphemeral(response.data)).toBe(false);
    const embed = response.data?.embeds?.[0];
    expect(field(embed, "Target")).toBe("100 (20 home × 5)");
    const roll = Number(/\*\*(\d+)\*\*/.exec(field(embed, "Roll") ?? "")?.[1]);
    if (roll === 100) {
      expect(embed?.title).toBe("💀 Fumble — Resources (home)");
      expect((await resources(first.id)).checked).toBe(0);
    } else {
      expect(embed?.title).toMatch(/^(✨ Critical success|✅ Success) — Resources \(home\)$/);
      expect(field(embed, "Found")).toMatch(/best quality|standard quality|sub-standard/);
      expect(field(embed, "Boxes")).toBe("☒☐☐ 1/3 checked");
      expect((await resources(first.id)).checked).toBe(1);
    }
    expect(await eventCount("resource-test")).toBe(before + 1);
  });

  it("halves the target for a hard-to-get item", async () => {
    await setResources(first.id, 20, 0);
    const response = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "test",
        options: { where: "with-vehicle", difficulty: "hard" },
      })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(field(embed, "Target")).toBe("30 (12 with vehicle × 5 ÷ 2)");
    expect(embed?.title).toMatch(/Resources \(with vehicle, hard to get\)$/);
  });

  it("refuses a test with every box checked, privately, says to replenish, and logs nothing", async () => {
    await setResources(first.id, 5, 1);
    const before = await eventCount("resource-test");
    const response = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "test", options: { where: "at-hand" } })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    expect(response.data?.content).toMatch(/every Resource check box .* is checked/);
    expect(response.data?.content).toMatch(/Replenish it in downtime/);
    expect(await eventCount("resource-test")).toBe(before);
    expect(await resources(first.id)).toEqual({ rating: 5, checked: 1 });

    const status = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "status" })
      .response();
    expect(status.data?.embeds?.[0]?.description).toMatch(/replenishes them in downtime/);
  });

  it("at Resources 0 says there is nothing to test and that a gain would help, not to replenish", async () => {
    await setResources(first.id, 0, 0);
    const before = await eventCount("resource-test");
    const response = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "test", options: { where: "home" } })
      .response();
    expect(isEphemeral(response.data)).toBe(true);
    const refusal = response.data?.content ?? "";
    expect(refusal).toMatch(
      /has Resources 0: there is nothing to test\. Only a Resources gain from the GM would give some\.$/,
    );
    expect(refusal).not.toMatch(/replenish/i);
    expect(await eventCount("resource-test")).toBe(before);

    const status = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "status" })
      .response();
    const note = status.data?.embeds?.[0]?.description ?? "";
    expect(note).toMatch(/^Resources 0: there is nothing to test\. A Resources gain from the GM/);
    expect(note).not.toMatch(/replenish/i);
  });

  it("offers fellow Protagonists to pool with", async () => {
    const response = await t.fake
      .sendAutocomplete({
        name: "resources",
        subcommand: "pool",
        options: { where: "home", with1: "2" },
        focused: "with1",
      })
      .response();
    const choices = (response.data as { choices?: { name: string; value: string }[] }).choices;
    expect(choices).toEqual([{ name: second.name, value: second.id }]);
  });

  it("asks the other player to accept a pool with their Protagonist, and rolls once they do", async () => {
    // Lead 20 at home + ⌈5/5⌉ = 21 → target 105: every roll but 100 succeeds.
    await setResources(first.id, 20, 0);
    await setResources(second.id, 5, 0);
    const before = await eventCount("resource-pool");
    const command = t.fake.sendSlashCommand({
      name: "resources",
      subcommand: "pool",
      options: { where: "home", with1: second.id },
    });
    // The offer names players by mention, and pings none of them.
    expect((await command.response()).data?.allowed_mentions).toEqual({ parse: [] });
    const offer = await command.waitForOriginal();
    expect(isEphemeral(offer)).toBe(false);
    expect(buttonLabels(offer)).toEqual(["Accept", "Decline"]);
    expect(offer.embeds[0]?.title).toBe("🤝 Pooling Resources: waiting for the other players");
    expect(field(offer.embeds[0], "Waiting for")).toBe(`<@${t.secondPlayerId}>`);
    expect(field(offer.embeds[0], "Pool")).toBe(`**21** (lead: ${first.name})`);
    expect(await eventCount("resource-pool")).toBe(before);
    const accept = buttonIds(offer).find((id) => id.startsWith("resources:pool-accept:")) ?? "";

    const byProposer = await t.fake
      .sendButton({ customId: accept, messageId: offer.id })
      .response();
    expect(isEphemeral(byProposer.data)).toBe(true);
    expect(byProposer.data?.content).toBe(
      `This offer waits for the player of **${second.name}** to accept; it doesn't pool a Protagonist of yours.`,
    );
    expect(await eventCount("resource-pool")).toBe(before);

    const accepted = await t.fake
      .sendButton({ customId: accept, messageId: offer.id, user: t.secondPlayerId })
      .waitForOriginal({ predicate: (m) => field(m.embeds[0], "Contributions") !== undefined });
    expect(accepted.components).toEqual([]);
    expect(field(accepted.embeds[0], "Target")).toBe("105 (pool 21 × 5)");
    expect(await eventCount("resource-pool")).toBe(before + 1);
    const logged = await t.db.event.findFirst({
      where: { kind: "resource-pool" },
      orderBy: { id: "desc" },
    });
    expect(logged?.actorId).toBe(t.playerId);
    expect(logged?.input).toMatchObject({ acceptedBy: [t.secondPlayerId] });

    // Pressed again after the roll (a press racing the edit): refused privately, result kept.
    const late = await t.fake
      .sendButton({ customId: accept, messageId: offer.id, user: t.secondPlayerId })
      .response();
    expect(isEphemeral(late.data)).toBe(true);
    expect(late.data?.content).toMatch(/^This pool offer is over: it has been rolled/);
    expect(await eventCount("resource-pool")).toBe(before + 1);
  });

  it("calls a pool offer off on Decline, changing nothing; a stranger can't", async () => {
    await setResources(first.id, 5, 0);
    await setResources(second.id, 5, 0);
    const before = await eventCount("resource-pool");
    const offer = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "pool",
        options: { where: "at-hand", with1: second.id },
      })
      .waitForOriginal();
    const cancel = buttonIds(offer).find((id) => id.startsWith("resources:pool-cancel:")) ?? "";
    const stranger = await t.fake
      .sendButton({ customId: cancel, messageId: offer.id, user: "400000000000000099" })
      .response();
    expect(isEphemeral(stranger.data)).toBe(true);
    expect(stranger.data?.content).toMatch(/^Only whoever proposed this pool/);
    const cancelled = await t.fake
      .sendButton({ customId: cancel, messageId: offer.id, user: t.secondPlayerId })
      .waitForOriginal({ predicate: (m) => m.embeds[0]?.title?.includes("not rolled") ?? false });
    expect(cancelled.embeds[0]?.description).toBe(
      `<@${t.secondPlayerId}> called the pool off. Nothing was rolled and nothing changed.`,
    );
    expect(cancelled.components).toEqual([]);
    expect(await eventCount("resource-pool")).toBe(before);
    expect((await resources(first.id)).checked).toBe(0);
  });

  it("lets the GM pool: each contribution shown, the lead checks the box", async () => {
    // Lead 20 at home (full rating) + ⌈5/5⌉ = 21 → target 105: every roll but 100 succeeds.
    await setResources(first.id, 20, 0);
    await setResources(second.id, 5, 0);
    const response = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "pool",
        user: t.gmId,
        options: { where: "home", protagonist: second.id, with1: first.id },
      })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(field(embed, "Contributions")).toBe(
      `**${second.name}** — 5 home, adds ⌈5/5⌉ = 1\n**${first.name}** — 20 home, adds 20 (lead: full rating)`,
    );
    expect(field(embed, "Target")).toBe("105 (pool 21 × 5)");
    const roll = Number(/\*\*(\d+)\*\*/.exec(field(embed, "Roll") ?? "")?.[1]);
    const checked = roll === 100 ? 0 : 1;
    expect((await resources(first.id)).checked).toBe(checked);
    expect((await resources(second.id)).checked).toBe(0);
    if (checked)
      expect(field(embed, "Boxes")).toBe(`**${first.name}** checks a box: ☒☐☐ 1/3 checked`);
  });

  it("refuses a player's own gain: the GM decides the award", async () => {
    await setResources(second.id, 0, 0);
    const before = await eventCount("resource-gain");
    const refused = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "gain",
        user: t.secondPlayerId,
        options: { amount: "1D6" },
      })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toBe(
      "The GM decides what a find is worth: ask your GM to award it, and they roll the gain for you.",
    );
    expect((await resources(second.id)).rating).toBe(0);
    expect(await eventCount("resource-gain")).toBe(before);
  });

  it("gains Resources the GM awards: Resources 0 cannot miss, and the dice award is shown", async () => {
    await setResources(second.id, 0, 0);
    const response = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "gain",
        user: t.gmId,
        options: { amount: "1D6", protagonist: second.id },
      })
      .response();
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe(`📈 Resources gained — ${second.name}`);
    expect(field(embed, "Needed")).toBe("above 0 (0 × 5)");
    const gained = (await resources(second.id)).rating;
    expect(gained).toBeGreaterThanOrEqual(1);
    expect(gained).toBeLessThanOrEqual(6);
    expect(field(embed, "Rating")).toBe(`0 → **${gained}**`);
    expect(field(embed, "Award")).toMatch(new RegExp(`^\\+${gained} \\(1d6`, "i"));
  });

  it("refuses a loss asked by a player, and applies the GM's", async () => {
    await setResources(second.id, 8, 2);
    const refused = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "lose",
        user: t.secondPlayerId,
        options: { amount: 3 },
      })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect(refused.data?.content).toMatch(/^Only a GM of \*\*Night Floors\*\*/);
    expect(await resources(second.id)).toEqual({ rating: 8, checked: 2 });

    const applied = await t.fake
      .sendSlashCommand({
        name: "resources",
        subcommand: "lose",
        user: t.gmId,
        options: { amount: 3, why: "robbed by @everyone", protagonist: second.id },
      })
      .response();
    const embed = applied.data?.embeds?.[0];
    expect(field(embed, "Rating")).toBe("8 → **5**");
    // Resources 5 has one box; the second check goes with the lost box.
    expect(field(embed, "Boxes")).toBe("☒ 1/1 checked");
    expect(embed?.description).toBe("Why: robbed by @\u200beveryone");
    expect(await resources(second.id)).toEqual({ rating: 5, checked: 1 });
  });

  it("checks a box by hand, refuses a player's uncheck, and replenishes in downtime", async () => {
    await setResources(first.id, 10, 0);
    const checked = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "check", options: { boxes: 2 } })
      .response();
    expect(field(checked.data?.embeds?.[0], "Boxes")).toBe("☐☐ → ☒☒ 2/2 checked");
    expect(checked.data?.embeds?.[0]?.description).toMatch(/replenishes them in downtime/);

    const refused = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "uncheck" })
      .response();
    expect(isEphemeral(refused.data)).toBe(true);
    expect((await resources(first.id)).checked).toBe(2);

    const downtime = await t.fake
      .sendSlashCommand({ name: "resources", subcommand: "replenish", user: t.gmId })
      .response();
    expect(downtime.data?.embeds?.[0]?.description).toContain(`**${first.name}**: ☒☒ → ☐☐`);
    expect((await resources(first.id)).checked).toBe(0);
  });
});
