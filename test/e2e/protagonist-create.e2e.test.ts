/**
 * `/protagonist create` through the real bot: the guided flow's forms, menus and buttons from the
 * name to the new Protagonist in the database, a refused step that keeps the draft, and buttons
 * pressed by someone else or after the draft is gone.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { InteractionResponseType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startFakeDiscord,
  type FakeDiscord,
  type InteractionHandle,
  type StoredApiMessage,
} from "../support/fake-discord/index.js";
import { emptyDir, startBotProcess, type BotProcess } from "./support/bot-process.js";
import { seedTable } from "./support/seed.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-protagonist-create";
const STRANGER_ID = "400000000000000077";
let fake: FakeDiscord;
let dir: string;
let bot: BotProcess;

beforeAll(async () => {
  fake = await startFakeDiscord({ requiredToken: TOKEN, defaultTimeoutMs: 20_000 });
  dir = emptyDir();
  const databaseUrl = `file:${join(dir, "bot.db")}`;
  await seedTable({
    databaseUrl,
    guildId: fake.guild().id,
    channelId: fake.defaultChannelId(),
    gmUserId: fake.guild().ownerId,
    players: [],
  });
  bot = startBotProcess(
    {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: databaseUrl,
      DEV_GUILD_ID: fake.guild().id,
    },
    dir,
  );
  await bot.waitForLog((line) => line.msg === "commands registered", "the registration", 30_000);
}, 40_000);

afterAll(async () => {
  await bot.kill();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new BetterSqlite3(join(dir, "bot.db"), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

interface ComponentJson {
  custom_id?: string;
  components?: ComponentJson[];
}

/** The custom id of the control for `action` on the flow's message. */
function control(message: StoredApiMessage, action: string, extra?: string): string {
  const flat = (components: readonly unknown[]): ComponentJson[] =>
    (components as ComponentJson[]).flatMap((c) => [c, ...flat(c.components ?? [])]);
  const prefix = `protagonist:${action}:`;
  const found = flat(message.components ?? []).find(
    (c) =>
      c.custom_id?.startsWith(prefix) === true &&
      (extra === undefined || c.custom_id.endsWith(`:${extra}`)),
  );
  if (found?.custom_id === undefined) {
    throw new Error(`no ${action} control on: ${message.content}`);
  }
  return found.custom_id;
}

/** Waits for the bot to answer a component on `message`, and returns the message as it is now. */
async function updated(handle: InteractionHandle, message: StoredApiMessage) {
  const response = await handle.response();
  expect(response.type).toBe(InteractionResponseType.UpdateMessage);
  const now = fake.message(message.id);
  if (now === undefined) throw new Error("the flow's message is gone");
  return now;
}

async function openForm(message: StoredApiMessage, action: string): Promise<string> {
  const customId = control(message, action);
  const response = await fake.sendButton({ customId, messageId: message.id }).response();
  expect(response.type).toBe(InteractionResponseType.Modal);
  return customId;
}

async function submitForm(
  message: StoredApiMessage,
  action: string,
  fields: Record<string, string>,
): Promise<StoredApiMessage> {
  const customId = await openForm(message, action);
  return updated(fake.sendModalSubmit({ customId, fields, messageId: message.id }), message);
}

async function choose(message: StoredApiMessage, action: string, values: string[]) {
  return updated(
    fake.sendSelect({ customId: control(message, action), values, messageId: message.id }),
    message,
  );
}

async function start(name: string): Promise<StoredApiMessage> {
  const opened = await fake
    .sendSlashCommand({ name: "protagonist", subcommand: "create" })
    .response();
  expect(opened.type).toBe(InteractionResponseType.Modal);
  const customId = String(opened.data?.custom_id);
  expect(customId.length).toBeLessThanOrEqual(100);
  const submitted = fake.sendModalSubmit({ customId, fields: { name } });
  const message = await submitted.waitForOriginal();
  expect((message.flags ?? 0) & MessageFlags.Ephemeral).not.toBe(0);
  return message;
}

describe("/protagonist create", () => {
  let flow: StoredApiMessage;

  it("starts with a name form, then a private message with the preview", async () => {
    flow = await start("Dr. Ada Marsh");
    expect(flow.content).toMatch(/Step 1 of 8 · Upbringing/);
    expect(flow.embeds[0]?.title).toBe("📝 Dr. Ada Marsh");
  });

  it("refuses the flow's buttons to anyone but its creator, and changes nothing", async () => {
    const before = flow.content;
    const response = await fake
      .sendButton({ customId: control(flow, "cnext"), messageId: flow.id, user: STRANGER_ID })
      .response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect((response.data?.flags ?? 0) & MessageFlags.Ephemeral).not.toBe(0);
    expect(response.data?.content).toMatch(/isn't yours/);
    expect(fake.message(flow.id)?.content).toBe(before);
  });

  it("says a creation expired when its draft is gone", async () => {
    const response = await fake
      .sendButton({ customId: "protagonist:cnext:gone1234", messageId: flow.id })
      .response();
    expect(response.data?.content).toMatch(/creation expired.*\/protagonist create/);
  });

  it("takes the upbringing and its +1, then the stat method", async () => {
    flow = await choose(flow, "charsh", ["harsh"]);
    expect(flow.content).toMatch(/Step 1 of 9 .*STR or CON/s);
    flow = await choose(flow, "cbonus", ["CON"]);
    expect(flow.content).toMatch(/Step 2 of 9 · Stats: method/);
    flow = await updated(
      fake.sendButton({ customId: control(flow, "cmethod", "points"), messageId: flow.id }),
      flow,
    );
    expect(flow.content).toMatch(/Step 3 of 9 · Stats: values/);
  });

  it("shows a stat above 18 as a problem and keeps the draft and what was typed", async () => {
    const bad = "STR 19\nDEX 11\nCON 9\nINT 15\nPOW 14\nCHA 4";
    flow = await submitForm(flow, "cstats", { stats: bad });
    expect(flow.content).toMatch(/Step 3 of 9 · Stats: values/);
    expect(flow.content).toMatch(/STR is 19; each stat must be a whole number from 3 to 18/);
    expect(flow.embeds[0]?.title).toBe("📝 Dr. Ada Marsh");
    expect(flow.embeds[0]?.description).toMatch(/Harsh \(\+1 CON\)/);
    await openForm(flow, "cstats");
    const shown = JSON.stringify(fake.shownModal(control(flow, "cstats")));
    expect(shown).toContain("STR 19");
  });

  it("takes valid stats and moves on to the archetype", async () => {
    flow = await submitForm(flow, "cstats", {
      stats: "STR 10\nDEX 11\nCON 10\nINT 15\nPOW 14\nCHA 12",
    });
    expect(flow.content).toMatch(/Step 4 of 9 · Archetype/);
    const derived = flow.embeds[0]?.fields?.find((f) => f.name === "Derived")?.value;
    expect(derived).toMatch(/\*\*HP\*\* 11/);
    expect(derived).toMatch(/\*\*SAN\*\* 56/);
  });

  it("takes the archetype, its chosen skills and specialisations", async () => {
    flow = await choose(flow, "carch", ["researcher-scientist"]);
    expect(flow.content).toMatch(/Step 5 of 9 · Archetype skills/);
    // Archeology, Foreign Language (Type), Natural World, Science (Type).
    flow = await choose(flow, "copt", ["1", "4", "7", "9"]);
    expect(flow.content).toMatch(/Name the kind of Science, Foreign Language, Science/);
    flow = await submitForm(flow, "cspec", {
      "a-Science": "Biology",
      "o-1": "Latin",
      "o-3": "Chemistry",
    });
    expect(flow.content).toMatch(/Step 6 of 9 · Adversity picks/);
  });

  it("takes the adversity pick, the Bonds with a trade-in, Resources and the bonus picks", async () => {
    flow = await submitForm(flow, "cadv", { pick0: "First Aid" });
    expect(flow.content).toMatch(/Step 7 of 9 · Bonds/);
    flow = await submitForm(flow, "cbonds", {
      bonds: "Her brother Tom | individual\nMiskatonic faculty | community | 2 picks",
    });
    expect(flow.content).toMatch(/Step 8 of 9 · Bonus picks/);
    flow = await choose(flow, "cres", ["1"]);
    expect(flow.embeds[0]?.fields?.find((f) => f.name === "Picks")?.value).toMatch(
      /Bonus picks left: \*\*7\*\* of 10/,
    );
    flow = await submitForm(flow, "cpicks", {
      picks: "Search\nPersuade\nOccult ×2\nDodge\nAlertness\nFirearms",
    });
    expect(flow.content).toMatch(/Step 9 of 9 · Review/);
  });

  it("creates the Protagonist with the expected numbers, and announces it", async () => {
    const confirm = fake.sendButton({ customId: control(flow, "cconfirm"), messageId: flow.id });
    const done = await confirm.waitForOriginal({ predicate: (m) => m.content.includes("created") });
    expect(done.content).toMatch(/✅ \*\*Dr\. Ada Marsh\*\* is created/);
    expect(done.components ?? []).toHaveLength(0);
    const [announcement] = await confirm.waitForFollowUps(1);
    expect((announcement?.flags ?? 0) & MessageFlags.Ephemeral).toBe(0);
    expect(announcement?.content).toMatch(/Dr\. Ada Marsh\*\* \(Researcher \/ Scientist\) joins/);

    const [row] = query<Record<string, number | string>>(
      "SELECT * FROM Protagonist WHERE name = ?",
      "Dr. Ada Marsh",
    );
    expect(row).toMatchObject({
      ownerId: fake.defaultUser.id,
      harshness: "harsh",
      str: 10,
      dex: 11,
      con: 11,
      int: 15,
      pow: 14,
      cha: 12,
      hpMax: 11,
      wpMax: 14,
      san: 56,
      breakingPoint: 42,
      resourcesRating: 10,
    });
    const skills = Object.fromEntries(
      query<{ name: string; rating: number }>(
        "SELECT name, rating FROM Skill WHERE protagonistId = ?",
        row?.id,
      ).map((s) => [s.name, s.rating]),
    );
    expect(skills).toMatchObject({
      "Science (Biology)": 70,
      "Science (Chemistry)": 40,
      "Foreign Language (Latin)": 40,
      "First Aid": 30,
      Search: 80,
      Occult: 50,
    });
    const bonds = query<{ name: string; kind: string; score: number }>(
      "SELECT name, kind, score FROM Bond WHERE protagonistId = ? ORDER BY createdAt",
      row?.id,
    );
    expect(bonds).toEqual([
      { name: "Her brother Tom", kind: "individual", score: 12 },
      { name: "Miskatonic faculty", kind: "community", score: 12 },
    ]);
  });

  it("keeps a refused creation's draft: the violation is shown and nothing is written", async () => {
    flow = await start("dr. ada marsh");
    flow = await choose(flow, "charsh", ["normal"]);
    flow = await updated(
      fake.sendButton({ customId: control(flow, "cmethod", "focused"), messageId: flow.id }),
      flow,
    );
    flow = await submitForm(flow, "cstats", { stats: "15 14 12 11 10 10" });
    flow = await choose(flow, "carch", ["researcher-scientist"]);
    flow = await choose(flow, "copt", ["0", "1", "3", "7"]);
    flow = await submitForm(flow, "cspec", { "a-Science": "Physics" });
    flow = await submitForm(flow, "cbonds", { bonds: "Ma | individual\nThe lab | community" });
    flow = await submitForm(flow, "cpicks", {
      picks: "Search\nPersuade\nOccult ×2\nDodge\nAlertness\nFirearms\nDrive\nHistory\nFirst Aid",
    });
    expect(flow.content).toMatch(/Step 8 of 8 · Review/);
    flow = await updated(
      fake.sendButton({ customId: control(flow, "cconfirm"), messageId: flow.id }),
      flow,
    );
    expect(flow.content).toMatch(/already has a Protagonist called \*\*Dr\. Ada Marsh\*\*/);
    expect(flow.content).toMatch(/Step 8 of 8 · Review/);
    expect(query("SELECT id FROM Protagonist")).toHaveLength(1);
  });
});
