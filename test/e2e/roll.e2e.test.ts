/**
 * /roll on a seeded table: a skill test through the real bot process, its autocomplete, the
 * failure mark and the event in the database.
 */
import { rowLine } from "../support/event-lines.js";
import { MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeDiscord } from "../support/fake-discord/index.js";
import { startSeededBot, type SeededBot } from "./support/seeded-bot.js";
import { sampleChoices } from "../games/cthulhu-eternal/rules/creation/sample.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-roll-token";
const LAW_INSTEAD_OF_DRIVE = sampleChoices().bonusSkills.map((skill) =>
  skill === "Drive" ? "Law (Criminal)" : skill,
);
let t: SeededBot;
let fake: FakeDiscord;

beforeAll(async () => {
  // One player, with a specialised skill, for "Did you mean Law (Criminal)?".
  t = await startSeededBot(TOKEN, { players: [{ bonusSkills: LAW_INSTEAD_OF_DRIVE }] });
  fake = t.fake;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

/** The logged events of a kind, each as its /history line. */
async function events(kind: string): Promise<{ line: string | undefined }[]> {
  const rows = await t.db.event.findMany({ where: { kind }, orderBy: { id: "asc" } });
  return rows.map((row) => ({ line: rowLine(row) }));
}

describe("/roll on a Protagonist", () => {
  it("autocompletes only the skills the Protagonist has", async () => {
    const response = await fake
      .sendAutocomplete({ name: "roll", options: { skill: "occ" }, focused: "skill" })
      .response();
    const choices =
      (response.data as { choices?: { name: string; value: string }[] }).choices ?? [];
    expect(choices.map((c) => c.value)).toEqual(["Occult"]);
    expect(choices[0]?.name).toBe("Occult 50%");
  });

  it("tests a skill: both dice, the target and the outcome, logged in the database", async () => {
    const response = await fake
      .sendSlashCommand({ name: "roll", options: { skill: "Occult", modifier: -20 } })
      .response();
    expect(((response.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0).toBe(false);
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toMatch(/(Critical success|Success|Failure|Fumble) — Occult$/);
    expect(embed?.description).toBe(`**${t.table.protagonists[0]?.name ?? ""}**`);
    const fields = Object.fromEntries((embed?.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.Target).toBe("30 (50 − 20)");
    expect(fields.Roll).toMatch(/^\*\*\d{2,3}\*\* \(tens \d, ones \d\)$/);
    const logged = await events("test");
    expect(logged.at(-1)?.line).toMatch(/^Protagonist 1: Occult \d+ vs 30: /);
  });

  it.each([
    ["Law", "**Protagonist 1** has no skill “Law”. Did you mean **Law (Criminal)**?"],
    ["Shooting", "**Protagonist 1** has no skill “Shooting”. Did you mean **Firearms**?"],
    ["alterness", "**Protagonist 1** has no skill “alterness”. Did you mean **Alertness**?"],
    [
      "Basket Weaving",
      "**Protagonist 1** has no skill “Basket Weaving”. Type a few letters and pick one from the list, or see them all with `/protagonist show`.",
    ],
  ])(
    "explains a skill the Protagonist does not have (%s), with the closest, privately, and logs nothing",
    async (skill, words) => {
      const before = (await events("test")).length;
      const response = await fake.sendSlashCommand({ name: "roll", options: { skill } }).response();
      expect(((response.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0).toBe(true);
      expect(response.data?.content).toBe(words);
      expect(await events("test")).toHaveLength(before);
    },
  );

  it("tests the Protagonist named in full without picking it, and suggests for a typo", async () => {
    const named = await fake
      .sendSlashCommand({
        name: "roll",
        options: { skill: "Occult", protagonist: "protagonist 1" },
      })
      .response();
    expect(named.data?.embeds?.[0]?.title).toMatch(/— Occult$/);
    const typo = await fake
      .sendSlashCommand({ name: "roll", options: { skill: "Occult", protagonist: "Protagonst 1" } })
      .response();
    expect(typo.data?.content).toBe(
      "There is no Protagonist “Protagonst 1” in **Night Floors**. Did you mean **Protagonist 1**?",
    );
  });

  it("rolls an opposed test: both sides, who wins and why, logged as one event", async () => {
    const before = (await events("test")).length;
    const response = await fake
      .sendSlashCommand({
        name: "roll",
        options: { skill: "Occult", versus: 60, "versus-label": "the @everyone guard" },
      })
      .response();
    expect(((response.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0).toBe(false);
    expect(response.data?.allowed_mentions).toEqual({ parse: [] });
    const embed = response.data?.embeds?.[0];
    expect(embed?.title).toBe("⚔️ Opposed test — Occult");
    expect(embed?.description).toMatch(
      /^\*\*(Protagonist 1 \(Occult\) wins|the @\u200beveryone guard wins|No winner)\*\*: (only|both) /,
    );
    const sides = (embed?.fields ?? []).slice(0, 2);
    expect(sides.map((field) => field.name)).toEqual([
      "Protagonist 1 (Occult)",
      "the @\u200beveryone guard",
    ]);
    expect(sides[0]?.value).toMatch(/\nRoll \*\*\d{2,3}\*\* \(tens \d, ones \d\)\nTarget 50$/);
    expect(sides[1]?.value).toMatch(/\nTarget 60$/);
    const logged = await events("test");
    expect(logged).toHaveLength(before + 1);
    expect(logged.at(-1)?.line).toMatch(
      /^Protagonist 1: Occult \d+ vs 50: [a-z ]+; versus the @everyone guard \d+ vs 60: [a-z ]+; (won|lost|no winner) /,
    );
  });

  it("keeps a secret opposed test to the roller, logged for the roller and the GMs", async () => {
    const response = await fake
      .sendSlashCommand({ name: "roll", options: { target: 40, versus: 55, secret: true } })
      .response();
    expect(((response.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0).toBe(true);
    expect(response.data?.embeds?.[0]?.fields?.[1]?.name).toBe("The other side");
    const row = await t.db.event.findFirst({ where: { kind: "test" }, orderBy: { id: "desc" } });
    expect(row?.visibility).toBe("actor-and-gms");
    expect(rowLine(row ?? null)).toMatch(/^Test \d+ vs 40: [a-z ]+; versus target \d+ vs 55: /);
  });

  it("explains, privately, an opposing label without a target, or dice opposed", async () => {
    const before = (await events("test")).length;
    const label = await fake
      .sendSlashCommand({ name: "roll", options: { skill: "Occult", "versus-label": "guard" } })
      .response();
    expect(((label.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0).toBe(true);
    expect(label.data?.content).toMatch(/^`versus-label` names the other side/);
    const dice = await fake
      .sendSlashCommand({ name: "roll", options: { expression: "1d100", versus: 50 } })
      .response();
    expect(dice.data?.content).toMatch(/^Only a test can be opposed, not dice/);
    expect(await events("test")).toHaveLength(before);
  });

  it("asks for one thing at a time", async () => {
    const response = await fake
      .sendSlashCommand({ name: "roll", options: { expression: "1d6", luck: true } })
      .response();
    expect(response.data?.content).toMatch(/Roll one thing at a time/);
  });
});
