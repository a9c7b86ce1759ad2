/**
 * `/protagonist show | list | select | edit | retire | export | import` on a seeded table, through
 * the real bot: sheets and lists that ping nobody, authority (a player can't edit another's
 * Protagonist), the retire confirmation, and an export imported back.
 */
import { readFileSync } from "node:fs";
import { InteractionResponseType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  FakeCallbackData,
  FakeDiscord,
  StoredApiMessage,
} from "../support/fake-discord/index.js";
import { displayText, sheetSection } from "./support/messages.js";
import {
  isEphemeral,
  SECOND_PLAYER_ID,
  startSeededBot,
  type SeededBot,
} from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-protagonist";
let t: SeededBot;
let fake: FakeDiscord;
let mine: { id: string; name: string };
let theirs: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  fake = t.fake;
  const [first, second] = t.table.protagonists;
  if (first === undefined || second === undefined) throw new Error("the seed made no players");
  [mine, theirs] = [first, second];
  // A failure mark, to see it on the sheet.
  await t.db.skill.updateMany({
    where: { protagonistId: mine.id, name: "Occult" },
    data: { failureMarked: true },
  });
}, 60_000);

afterAll(async () => {
  await t.stop();
});

function command(
  subcommand: string,
  options: Record<string, string | number | boolean> = {},
  user?: string,
) {
  return fake.sendSlashCommand({
    name: "protagonist",
    subcommand,
    options,
    ...(user === undefined ? {} : { user }),
  });
}

/** `/protagonist edit`'s suggestions for its `disorder` option, as `user` types `query`. */
function disorderChoices(protagonist: string, query: string, user: string) {
  return fake
    .sendAutocomplete({
      name: "protagonist",
      subcommand: "edit",
      options: { protagonist, disorder: query },
      focused: "disorder",
      user,
    })
    .response();
}

async function answer(
  subcommand: string,
  options: Record<string, string | number | boolean> = {},
  user?: string,
): Promise<FakeCallbackData> {
  return (await command(subcommand, options, user).response()).data ?? {};
}

async function hpOf(id: string): Promise<number> {
  return (await t.db.protagonist.findUnique({ where: { id } }))?.hp ?? -1;
}

describe("/protagonist show and list", () => {
  it("shows the sheet: stats with ×5 and words, HP/WP/SAN, skills with failure marks", async () => {
    const data = await answer("show");
    expect(isEphemeral(data)).toBe(false);
    expect(data.allowed_mentions).toEqual({ parse: [] });
    expect((data.flags ?? 0) & MessageFlags.IsComponentsV2).not.toBe(0);
    const text = displayText(data);
    expect(text).toContain(`## ${mine.name}`);
    expect(text).toContain(`played by <@${fake.defaultUser.id}>`);
    expect(text).toContain("**INT** 15 · 75% · *Perceptive*");
    expect(text).toContain("**HP** 10/10");
    expect(text).toContain("**SAN** 70/99 max");
    expect(sheetSection(data, "Bonds")).toContain("Her brother Tom — **12** (individual)");
    expect(sheetSection(data, "Resources")).toMatch(/^\*\*5\*\* — .* at hand .* checks ☐/);
    expect(sheetSection(data, "Skills")).toContain("Occult **50** ☒");
    expect(sheetSection(data, "Skills")).toContain("Search **80**");
  });

  it("lists the campaign's Protagonists with their players, pinging nobody", async () => {
    const data = await answer("list");
    expect(data.allowed_mentions).toEqual({ parse: [] });
    const text = data.embeds?.[0]?.description ?? "";
    expect(text).toContain(`**${mine.name}** — <@${fake.defaultUser.id}>`);
    expect(text).toContain(`**${theirs.name}** — <@${SECOND_PLAYER_ID}>`);
    expect(text).toMatch(/HP 10\/10 · WP 14\/14 · SAN 70/);
  });

  it("explains a Protagonist that does not exist", async () => {
    const data = await answer("show", { protagonist: "Nobody at all" });
    expect(isEphemeral(data)).toBe(true);
    expect(data.content).toBe(
      "There is no Protagonist “Nobody at all” in **Night Floors**. Type a few letters and pick one from the list, or see them all with `/protagonist list`.",
    );
  });
});

describe("/protagonist select", () => {
  it("offers only the player's own Protagonists", async () => {
    const response = await fake
      .sendAutocomplete({
        name: "protagonist",
        subcommand: "select",
        options: { protagonist: "Protag" },
        focused: "protagonist",
      })
      .response();
    expect(response.data?.choices).toEqual([{ name: mine.name, value: mine.id }]);
  });

  it("selects for the whole campaign, privately", async () => {
    const data = await answer("select", { protagonist: mine.id, scope: "campaign" });
    expect(isEphemeral(data)).toBe(true);
    expect(data.content).toBe(`You now play **${mine.name}** everywhere in **Night Floors**.`);
    const rows = await t.db.activeProtagonist.findMany({
      where: { userId: fake.defaultUser.id },
      select: { protagonistId: true },
    });
    expect(rows).toEqual([{ protagonistId: mine.id }]);
  });
});

describe("/protagonist edit", () => {
  it("changes a stat and a skill and shows what changed", async () => {
    const data = await answer("edit", { stat: "STR", value: 12, skill: "Occult", rating: 60 });
    expect(isEphemeral(data)).toBe(false);
    const changes = data.embeds?.[0]?.description ?? "";
    expect(changes).toContain("• STR 10 → 12");
    expect(changes).toContain("• HP max 10 → 11");
    expect(changes).toContain("• Occult 50 → 60");
    const row = await t.db.protagonist.findUnique({
      where: { id: mine.id },
      select: { str: true, hpMax: true },
    });
    expect(row).toEqual({ str: 12, hpMax: 11 });
  });

  it("edits name and notes in a form", async () => {
    const opened = await command("edit").response();
    expect(opened.type).toBe(InteractionResponseType.Modal);
    const customId = String(opened.data?.custom_id);
    const submitted = await fake
      .sendModalSubmit({ customId, fields: { name: mine.name, notes: "Smokes too much." } })
      .response();
    expect(submitted.data?.embeds?.[0]?.description).toBe("• notes updated");
    expect((await t.db.protagonist.findUnique({ where: { id: mine.id } }))?.notes).toBe(
      "Smokes too much.",
    );
  });

  it("refuses a player editing another's Protagonist, and changes nothing", async () => {
    const before = await hpOf(theirs.id);
    const data = await answer("edit", { protagonist: theirs.id, hp: 1 });
    expect(isEphemeral(data)).toBe(true);
    expect(data.content).toMatch(/is not yours/);
    expect(await hpOf(theirs.id)).toBe(before);
    const form = await answer("edit", { protagonist: theirs.name });
    expect(form.content).toMatch(/is not yours/);
  });

  it("lets the GM add a disorder, then cure it chosen by autocomplete", async () => {
    const gm = fake.guild().ownerId;
    const added = await answer(
      "edit",
      { protagonist: theirs.id, disorder_name: "Claustrophobia" },
      gm,
    );
    expect(added.embeds?.[0]?.description).toContain("disorder “Claustrophobia” added");
    const choices = await disorderChoices(theirs.id, "claus", gm);
    const disorderId = String(choices.data?.choices?.[0]?.value);
    const cured = await answer(
      "edit",
      { protagonist: theirs.id, disorder: disorderId, cure: true },
      gm,
    );
    expect(cured.embeds?.[0]?.description).toContain("disorder “Claustrophobia” cured");
  });

  it("offers the disorder a breaking point left unnamed, and the GM names it", async () => {
    const gm = fake.guild().ownerId;
    const san = await fake
      .sendSlashCommand({
        name: "san",
        options: { loss: "20/20", threat: "violence" },
        user: SECOND_PLAYER_ID,
      })
      .response();
    expect(JSON.stringify(san.data?.embeds)).toContain("Breaking point");
    const choices = await disorderChoices(theirs.id, "", gm);
    const unnamed = choices.data?.choices?.find((c) => c.name.includes("the GM names it"));
    expect(unnamed?.name).toBe("Disorder from Violence — the GM names it");
    const named = await answer(
      "edit",
      { protagonist: theirs.id, disorder: String(unnamed?.value), disorder_name: "Nightmares" },
      gm,
    );
    expect(named.embeds?.[0]?.description).toContain("unnamed disorder named “Nightmares”");
  });
});

describe("/protagonist export and import", () => {
  let exported = "";

  it("sends the sheet as a JSON file", async () => {
    const response = await command("export").response();
    expect(isEphemeral(response.data)).toBe(true);
    const [file] = response.files;
    expect(file?.filename).toBe("protagonist-1.json");
    exported = file?.data.toString("utf8") ?? "";
    const document = JSON.parse(exported) as { format: string; protagonist: { notes: string } };
    expect(document.format).toBe("cthulhu-eternal-bot/protagonist");
    expect(document.protagonist.notes).toBe("Smokes too much.");
  });

  it("imports the exported text under another name", async () => {
    // Pasted compactly, as it fits Discord's 6,000 characters for an option.
    const json = JSON.stringify(JSON.parse(exported));
    const data = await answer("import", { json, name: "Protagonist 1 Copy" });
    expect(data.content).toMatch(/Imported \*\*Protagonist 1 Copy\*\*/);
    const row = await t.db.protagonist.findFirst({
      where: { name: "Protagonist 1 Copy" },
      select: { str: true, notes: true, ownerId: true },
    });
    expect(row).toEqual({ str: 12, notes: "Smokes too much.", ownerId: fake.defaultUser.id });
  });

  it("imports a Cthulhu Forever export and says what went where; exported back, it returns the same", async () => {
    const forever = readFileSync(
      new URL("../support/fixtures/cthulhu-forever-journalist.json", import.meta.url),
      "utf8",
    );
    const data = await answer("import", { json: JSON.stringify(JSON.parse(forever)) });
    expect(data.content).toMatch(/Imported \*\*Honoria Vale\*\* \(Explorer Surveyor\)/);
    expect(data.content).toMatch(/Kept as their own skills.*Bootlick, Carouse, Cartography/);
    expect(data.content).toMatch(
      /In the notes: notes, profession, birthplace, gender, age, motivations/,
    );
    expect(data.content).toMatch(/Left out:.*temporary insanity/);
    const imported = await t.db.protagonist.findFirstOrThrow({
      where: { name: "Honoria Vale" },
      include: { skills: true },
    });
    expect(imported.skills.find((s) => s.name === "Art (Writing)")?.rating).toBe(40);

    const response = await command("export", {
      protagonist: imported.id,
      format: "cthulhu-forever",
    }).response();
    const [file] = response.files;
    expect(file?.filename).toBe("honoria-vale.cthulhu-forever.json");
    const document = JSON.parse(file?.data.toString("utf8") ?? "{}") as Record<string, unknown>;
    expect(document).toMatchObject({ version: 2, identity: { name: "Honoria Vale" } });
    const again = await answer("import", {
      json: JSON.stringify(document),
      name: "Honoria Returned",
    });
    expect(again.content).toMatch(/Imported \*\*Honoria Returned\*\*/);
    const returned = await t.db.protagonist.findFirstOrThrow({
      where: { name: "Honoria Returned" },
      include: { skills: true },
    });
    const skills = (p: typeof imported) =>
      p.skills.map((s) => [s.name, s.rating, s.failureMarked]).sort();
    expect(skills(returned)).toEqual(skills(imported));
    expect(returned.notes).toBe(imported.notes);
  });

  it("asks for a file or pasted text, and refuses text that is not an export", async () => {
    expect((await answer("import")).content).toMatch(/Attach the exported file/);
    const bad = await answer("import", { json: '{"format":"something else"}' });
    expect(isEphemeral(bad)).toBe(true);
    expect(bad.content).toMatch(/neither a Protagonist exported by this bot nor a Cthulhu Forever/);
  });
});

describe("/protagonist retire", () => {
  let prompt: StoredApiMessage;

  it("asks to confirm, privately, with buttons only the asker may press", async () => {
    const handle = command("retire", { protagonist: "Protagonist 1 Copy" });
    prompt = await handle.waitForOriginal();
    expect(isEphemeral(prompt)).toBe(true);
    expect(prompt.content).toMatch(/^Retire \*\*Protagonist 1 Copy\*\*\?/);
    const confirmId = JSON.stringify(prompt.components).match(/protagonist:retire:[^"]+/)?.[0];
    const refused = await fake
      .sendButton({ customId: String(confirmId), messageId: prompt.id, user: SECOND_PLAYER_ID })
      .response();
    expect(refused.data?.content).toMatch(/belong to whoever ran/);
  });

  it("retires on confirmation and says so in the channel", async () => {
    const confirmId = JSON.stringify(prompt.components).match(/protagonist:retire:[^"]+/)?.[0];
    const handle = fake.sendButton({ customId: String(confirmId), messageId: prompt.id });
    const updated = await handle.waitForOriginal({
      predicate: (m) => m.content.includes("is retired"),
    });
    expect(updated.components ?? []).toHaveLength(0);
    const [announcement] = await handle.waitForFollowUps(1);
    expect(isEphemeral(announcement)).toBe(false);
    expect(announcement?.content).toMatch(/Protagonist 1 Copy\*\* retires from play/);
    const row = await t.db.protagonist.findFirst({ where: { name: "Protagonist 1 Copy" } });
    expect(row?.status).toBe("retired");
    const list = await answer("list", { all: true });
    expect(list.embeds?.[0]?.description).toMatch(/Protagonist 1 Copy\*\* — .*\n.* · 🗄️ Retired/);
  });
});
