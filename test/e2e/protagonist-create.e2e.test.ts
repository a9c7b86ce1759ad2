/**
 * `/protagonist create` through the real bot: one private message updated in place by three
 * forms and a few menus, from the basics to the new Protagonist in the database; refused input
 * that keeps the draft; presses on outdated copies of the message, by someone else, after the
 * draft is gone or after the Protagonist exists.
 */
import { InteractionResponseType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  FakeDiscord,
  InteractionHandle,
  StoredApiMessage,
} from "../support/fake-discord/index.js";
import { startSeededBot, type SeededBot } from "./support/seeded-bot.js";
import {
  controlId,
  embedText,
  formDefaults,
  formFieldIds,
  type FormFields,
} from "./support/creation-flow.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-protagonist-create";
const STRANGER_ID = "400000000000000077";
let t: SeededBot;
let fake: FakeDiscord;
/** Every slash command, button press, menu choice and form submit the tests sent. */
let interactions = 0;

beforeAll(async () => {
  t = await startSeededBot(TOKEN, { players: 0 });
  fake = t.fake;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

function counted(handle: InteractionHandle): InteractionHandle {
  interactions += 1;
  return handle;
}

/** Waits for the bot to update the flow's message in place, and returns it as it is now. */
async function updated(handle: InteractionHandle, message: StoredApiMessage) {
  const response = await handle.response();
  expect(response.type).toBe(InteractionResponseType.UpdateMessage);
  expect(handle.followUps()).toHaveLength(0);
  const now = fake.message(message.id);
  if (now === undefined) throw new Error("the flow's message is gone");
  return now;
}

function press(message: StoredApiMessage, action: string, options: { user?: string } = {}) {
  return counted(
    fake.sendButton({
      customId: controlId(message, action),
      messageId: message.id,
      user: options.user,
    }),
  );
}

function choose(message: StoredApiMessage, action: string, values: string[]) {
  return updated(
    counted(
      fake.sendSelect({ customId: controlId(message, action), values, messageId: message.id }),
    ),
    message,
  );
}

/** Opens a form from the message; returns its custom id and what an untouched submit sends. */
async function openForm(message: StoredApiMessage, action: string) {
  const response = await press(message, action).response();
  expect(response.type).toBe(InteractionResponseType.Modal);
  const customId = String(response.data?.custom_id);
  const shown = fake.shownModal(customId);
  return { customId, defaults: formDefaults(shown), fieldIds: formFieldIds(shown) };
}

/** Opens a form, changes `fields` (the rest as the client shows them), and submits it. */
async function fillForm(message: StoredApiMessage, action: string, fields: FormFields) {
  const { customId, defaults } = await openForm(message, action);
  return updated(
    counted(
      fake.sendModalSubmit({ customId, fields: { ...defaults, ...fields }, messageId: message.id }),
    ),
    message,
  );
}

/** `/protagonist create` and its basics form: the flow's private message. */
async function start(fields: FormFields): Promise<StoredApiMessage> {
  const opened = await counted(
    fake.sendSlashCommand({ name: "protagonist", subcommand: "create" }),
  ).response();
  expect(opened.type).toBe(InteractionResponseType.Modal);
  const customId = String(opened.data?.custom_id);
  const defaults = formDefaults(fake.shownModal(customId));
  const submitted = counted(fake.sendModalSubmit({ customId, fields: { ...defaults, ...fields } }));
  const message = await submitted.waitForOriginal();
  expect((message.flags ?? 0) & MessageFlags.Ephemeral).not.toBe(0);
  return message;
}

async function create(message: StoredApiMessage): Promise<StoredApiMessage> {
  const confirm = press(message, "cconfirm");
  const done = await confirm.waitForOriginal({ predicate: (m) => m.content.includes("created") });
  expect(done.id).toBe(message.id);
  return done;
}

const RESEARCHER = {
  upbringing: ["normal"],
  method: ["focused"],
  archetype: ["researcher-scientist"],
};
const TEN_PICKS =
  "Search\nPersuade\nOccult ×2\nDodge\nAlertness\nFirearms\nDrive\nHistory\nFirst Aid";

/** A Researcher / Scientist with every choice made, ready to create. */
async function readyResearcher(name: string): Promise<StoredApiMessage> {
  let flow = await start({ name, ...RESEARCHER });
  flow = await fillForm(flow, "cskills", { "a-Science": "Biology" });
  return fillForm(flow, "cpicks", {
    bonds: "Ma | individual\nThe lab | community",
    picks: TEN_PICKS,
  });
}

function picksField(message: StoredApiMessage): string | undefined {
  return message.embeds[0]?.fields?.find((f) => f.name === "Picks")?.value;
}

describe("/protagonist create", () => {
  it("builds a straightforward Protagonist in at most 10 interactions, on one private message", async () => {
    const before = interactions;
    let flow = await start({ name: "Dr. Miriam Vance", ...RESEARCHER });
    expect(flow.embeds[0]?.title).toBe("📝 Dr. Miriam Vance");
    expect(flow.content).toMatch(/Still to do/);
    // The archetype's defaults: INT (recommended) gets the set's 15, four skills ticked.
    flow = await fillForm(flow, "cskills", { "a-Science": "Biology" });
    flow = await fillForm(flow, "cpicks", {
      bonds: "Her brother Tom | individual\nMiskatonic faculty | community",
      picks: TEN_PICKS,
    });
    expect(flow.content).toMatch(/Ready/);
    const done = await create(flow);
    const count = interactions - before;
    console.info(`a straightforward creation took ${count} interactions`);
    expect(count).toBeLessThanOrEqual(10);
    expect(done.content).toMatch(/✅ \*\*Dr\. Miriam Vance\*\* is created/);
    expect(done.components ?? []).toHaveLength(0);
    const row = await t.db.protagonist.findFirst({
      where: { name: "Dr. Miriam Vance" },
      include: { skills: true },
    });
    expect(row).toMatchObject({ harshness: "normal", int: 15, str: 14, resourcesRating: 5 });
    const skills = (row?.skills ?? []).map((s) => `${s.name} ${s.rating}`);
    expect(skills).toEqual(
      expect.arrayContaining(["Science (Biology) 70", "Anthropology 40", "Heavy Machinery 50"]),
    );
  });

  it("refuses the flow's buttons to anyone but its creator, and changes nothing", async () => {
    const flow = await start({ name: "Agnes Pell", ...RESEARCHER });
    const response = await press(flow, "cskills", { user: STRANGER_ID }).response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect((response.data?.flags ?? 0) & MessageFlags.Ephemeral).not.toBe(0);
    expect(response.data?.content).toMatch(/isn't yours/);
    expect(fake.message(flow.id)?.content).toBe(flow.content);
  });

  it("says a creation expired when its draft is gone", async () => {
    const flow = await start({ name: "Agnes Pell", ...RESEARCHER });
    const response = await fake
      .sendButton({ customId: "protagonist:cskills:gone1234:1", messageId: flow.id })
      .response();
    expect(response.data?.content).toMatch(/creation expired.*\/protagonist create/);
  });

  it("refuses a menu on an outdated copy of the preview, and changes nothing", async () => {
    const first = await start({ name: "Agnes Pell", ...RESEARCHER });
    const outdatedResources = controlId(first, "cres");
    const latest = await choose(first, "cres", ["zero"]);
    expect(picksField(latest)).toMatch(/of 11/);
    const response = await fake
      .sendSelect({ customId: outdatedResources, values: ["1"], messageId: first.id })
      .response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect((response.data?.flags ?? 0) & MessageFlags.Ephemeral).not.toBe(0);
    expect(response.data?.content).toMatch(/out of date — use the latest one/);
    const now = fake.message(first.id);
    expect(now?.content).toBe(latest.content);
    expect(JSON.stringify(now?.embeds)).toBe(JSON.stringify(latest.embeds));
  });

  it("shows each 4D6 roll's dice, the dropped one struck through, as logged", async () => {
    const flow = await start({ name: "Rolling Rita", ...RESEARCHER, method: ["rolled"] });
    const rolls = flow.embeds[0]?.fields?.find((f) => f.name === "🎲 4D6, lowest dropped")?.value;
    const lines = rolls?.split("\n") ?? [];
    expect(lines).toHaveLength(6);
    for (const line of lines)
      expect(line).toMatch(/^(STR|DEX|CON|INT|POW|CHA) \d+ \(\d \d \d ~~\d~~\)$/);
    const event = await t.db.event.findFirst({
      where: { kind: "stat-roll" },
      orderBy: { id: "desc" },
    });
    const logged = ((event?.dice ?? []) as { total: number }[]).map((r) => r.total);
    const shown = lines.map((line) => Number(/ (\d+) \(/.exec(line)?.[1]));
    expect([...shown].sort()).toEqual([...logged].sort());
  });

  it("shows a rules problem once, in the preview, and keeps what was typed", async () => {
    let flow = await start({ name: "Agnes Pell", ...RESEARCHER, method: ["points"] });
    const bad = "STR 19\nDEX 11\nCON 9\nINT 15\nPOW 14\nCHA 4";
    flow = await fillForm(flow, "cskills", { stats: bad, "a-Science": "Biology" });
    const everything = `${flow.content}\n${embedText(flow)}`;
    expect(
      everything.match(/STR is 19; each stat must be a whole number from 3 to 18/g),
    ).toHaveLength(1);
    expect(embedText(flow)).toMatch(/To fix/);
    const { defaults } = await openForm(flow, "cskills");
    expect(defaults.stats).toBe(bad);
  });

  it("never shows negative bonus picks, and offers only the trade-ins the picks left pay for", async () => {
    let flow = await start({ name: "Agnes Pell", ...RESEARCHER });
    flow = await fillForm(flow, "cskills", { "a-Science": "Biology" });
    flow = await choose(flow, "cres", ["zero"]);
    flow = await fillForm(flow, "cpicks", {
      bonds: "Ma | individual\nThe lab | community",
      picks: `${TEN_PICKS}\nStealth`,
    });
    expect(picksField(flow)).toMatch(/Bonus picks left: \*\*0\*\* of 11/);
    flow = await choose(flow, "cres", ["0"]);
    expect(picksField(flow)).toMatch(/Bonus picks left: \*\*0\*\* of 10 \(1 too many\)/);
    expect(JSON.stringify(flow.embeds)).not.toMatch(/\*\*-\d/);
    flow = await fillForm(flow, "cpicks", {
      picks: "Search\nOccult ×2\nDodge\nAlertness\nFirearms\nDrive\nHistory",
    });
    const menu = JSON.stringify(flow.components);
    expect(menu).toMatch(/Trade 2 bonus picks/);
    expect(menu).not.toMatch(/Trade 3 bonus picks/);
  });

  it("writes typed skills with the rules' capitalisation", async () => {
    let flow = await start({ name: "Agnes Pell", ...RESEARCHER, upbringing: ["harsh-CON"] });
    flow = await fillForm(flow, "cskills", { "a-Science": "particle physics" });
    flow = await fillForm(flow, "cpicks", {
      pick0: "survival (urban)",
      bonds: "Ma | individual\nThe lab | community",
      picks: "science (chemistry) ×2\nsearch\noccult",
    });
    const skills = embedText(flow);
    expect(skills).toContain("Survival (Urban)");
    expect(skills).toContain("Science (Chemistry)");
    expect(skills).toContain("Science (Particle Physics)");
    expect(skills).not.toMatch(/\((urban|chemistry|particle)/);
  });

  it("names the Protagonist when Create is pressed twice", async () => {
    const flow = await readyResearcher("Dr. Twice Pressed");
    const customId = controlId(flow, "cconfirm");
    const first = fake.sendButton({ customId, messageId: flow.id });
    const second = fake.sendButton({ customId, messageId: flow.id });
    await first.waitForOriginal({ predicate: (m) => m.content.includes("created") });
    const again = await second.response();
    expect((again.data?.flags ?? 0) & MessageFlags.Ephemeral).not.toBe(0);
    expect(again.data?.content).toMatch(
      /\*\*Dr\. Twice Pressed\*\* is already created — `\/protagonist show` to see the sheet/,
    );
    const later = await fake.sendButton({ customId, messageId: flow.id }).response();
    expect(later.data?.content).toBe(again.data?.content);
    expect(await t.db.protagonist.count({ where: { name: "Dr. Twice Pressed" } })).toBe(1);
  });

  it("opens no form from a button of when the upbringing was Harsh, once it is Normal", async () => {
    let flow = await start({ name: "Agnes Pell", ...RESEARCHER, upbringing: ["very-harsh"] });
    const harshPicks = controlId(flow, "cpicks");
    const { fieldIds } = await openForm(flow, "cpicks");
    expect(fieldIds).toEqual(["pick0", "pick1", "bonds", "picks"]);
    flow = await fillForm(flow, "cbasics", { upbringing: ["normal"] });
    const replayed = await fake.sendButton({ customId: harshPicks, messageId: flow.id }).response();
    expect(replayed.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(replayed.data?.content).toMatch(/out of date/);
    const current = await openForm(flow, "cpicks");
    expect(current.fieldIds).toEqual(["bonds", "picks"]);
  });

  it("takes a harsh upbringing, chosen (Type) skills, adversity and every trade-in", async () => {
    let flow = await start({
      name: "Dr. Ada Marsh",
      upbringing: ["harsh-CON"],
      method: ["points"],
      archetype: ["researcher-scientist"],
    });
    // Archeology, Foreign Language (Type), Natural World, Science (Type).
    flow = await fillForm(flow, "cskills", {
      stats: "STR 10\nDEX 11\nCON 10\nINT 15\nPOW 14\nCHA 12",
      optional: ["1", "4", "7", "9"],
      "a-Science": "Biology",
      kinds: "foreign language (latin)\nScience: Chemistry",
    });
    const derived = flow.embeds[0]?.fields?.find((f) => f.name === "Derived")?.value;
    expect(derived).toMatch(/\*\*HP\*\* 11/);
    expect(derived).toMatch(/\*\*SAN\*\* 56/);
    flow = await choose(flow, "cres", ["1"]);
    flow = await fillForm(flow, "cpicks", {
      pick0: "First Aid",
      bonds: "Her brother Tom | individual\nMiskatonic faculty | community | 2 picks",
      picks: "Search\nPersuade\nOccult ×2\nDodge\nAlertness\nFirearms",
    });
    expect(picksField(flow)).toMatch(/Bonus picks left: \*\*0\*\* of 10/);
    expect(flow.content).toMatch(/Ready/);
    const confirm = press(flow, "cconfirm");
    await confirm.waitForOriginal({ predicate: (m) => m.content.includes("created") });
    const [announcement] = await confirm.waitForFollowUps(1);
    expect((announcement?.flags ?? 0) & MessageFlags.Ephemeral).toBe(0);
    expect(announcement?.content).toMatch(/Dr\. Ada Marsh\*\* \(Researcher \/ Scientist\) joins/);
    const row = await t.db.protagonist.findFirst({
      where: { name: "Dr. Ada Marsh" },
      include: { skills: true, bonds: { orderBy: { name: "asc" } } },
    });
    expect(row).toMatchObject({
      harshness: "harsh",
      str: 10,
      con: 11,
      int: 15,
      hpMax: 11,
      san: 56,
      breakingPoint: 42,
      resourcesRating: 10,
    });
    const skills = Object.fromEntries((row?.skills ?? []).map((s) => [s.name, s.rating]));
    expect(skills).toMatchObject({
      "Science (Biology)": 70,
      "Science (Chemistry)": 40,
      "Foreign Language (Latin)": 40,
      "First Aid": 30,
      Search: 80,
      Occult: 50,
    });
    const bonds = (row?.bonds ?? []).map(({ name, kind, score }) => ({ name, kind, score }));
    expect(bonds).toEqual([
      { name: "Her brother Tom", kind: "individual", score: 12 },
      { name: "Miskatonic faculty", kind: "community", score: 12 },
    ]);
  });

  it("keeps a refused creation's draft: the reason is shown once and nothing is written", async () => {
    let flow = await readyResearcher("dr. ada marsh");
    flow = await updated(press(flow, "cconfirm"), flow);
    const everything = `${flow.content}\n${embedText(flow)}`;
    expect(
      everything.match(/already has a Protagonist called \*\*Dr\. Ada Marsh\*\*/g),
    ).toHaveLength(1);
    const all = await t.db.protagonist.findMany({ select: { name: true } });
    expect(all.filter((p) => p.name.toLowerCase() === "dr. ada marsh")).toHaveLength(1);
  });
});
