/**
 * Many interactions on the same Protagonist at once, through the fake Discord and the real
 * commands: SAN tests, HP and WP damage, Bond damage, Resources, skill rolls and undo racing each
 * other. No update is lost — every change's "before" is exactly the previous change's "after",
 * and the sheet ends as the last change left it — and a projection chosen twice at once (or asked
 * twice by /bond project) projects once.
 */
import { isDeepStrictEqual } from "node:util";
import BetterSqlite3 from "better-sqlite3";
import { MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProtagonistSnapshot } from "../../src/games/cthulhu-eternal/services/snapshot.js";
import { loadProtagonist } from "../../src/games/cthulhu-eternal/services/lookups.js";
import type { InteractionHandle } from "../support/fake-discord/index.js";
import { PLAYER, startTable, type Table } from "./support/table.js";

let table: Table;
let hero: ProtagonistSnapshot;

beforeAll(async () => {
  table = await startTable({ seed: 11 });
  const first = table.protagonists[0];
  if (first === undefined) throw new Error("the table has a Protagonist for PLAYER");
  hero = first;
});

afterAll(async () => {
  await table.stop();
});

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

/** The sheet as stored now, read the way every service reads it. */
function current(): Promise<ProtagonistSnapshot> {
  return table.store.read((tx) => loadProtagonist(tx, table.guildId, hero.id));
}

/** Snapshots with their lists in id order, so equal states compare equal. */
function normal(snapshot: unknown): unknown {
  const s = snapshot as ProtagonistSnapshot;
  const byId = <T extends { id: string }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.id.localeCompare(b.id));
  return { ...s, skills: byId(s.skills), bonds: byId(s.bonds), disorders: byId(s.disorders) };
}

/** Every change to the Protagonist, in commit order, with its state before and after. */
function changesOf(id: string): { id: number; kind: string; before: unknown; after: unknown }[] {
  const db = new BetterSqlite3(table.databaseFile, { readonly: true });
  try {
    const rows = db
      .prepare(
        "SELECT e.id, e.kind, e.before, e.after FROM Event e JOIN EventTarget t ON t.eventId = e.id WHERE t.protagonistId = ? AND e.changed = 1 ORDER BY e.id",
      )
      .all(id) as { id: number; kind: string; before: string; after: string }[];
    return rows
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        before: (JSON.parse(row.before) as Record<string, unknown>)[id],
        after: (JSON.parse(row.after) as Record<string, unknown>)[id],
      }))
      .filter((change) => change.before !== undefined);
  } finally {
    db.close();
  }
}

/**
 * Each change must start from the state the previous one left, and the sheet must be the last
 * one's result: a lost update shows as a "before" that is not the previous "after".
 */
async function expectNoLostUpdate(start: ProtagonistSnapshot, afterEventId = 0): Promise<void> {
  const changes = changesOf(hero.id).filter((change) => change.id > afterEventId);
  let state: unknown = normal(start);
  for (const change of changes) {
    expect(
      isDeepStrictEqual(normal(change.before), state),
      `event #${change.id} (${change.kind}) started from a stale state`,
    ).toBe(true);
    state = normal(change.after);
  }
  expect(normal(await current())).toEqual(state);
}

/** The newest event id (of a kind), 0 when none. */
function latestEventId(kind = "%"): number {
  const db = new BetterSqlite3(table.databaseFile, { readonly: true });
  try {
    const row = db
      .prepare("SELECT COALESCE(MAX(id), 0) AS id FROM Event WHERE kind LIKE ?")
      .get(kind) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** The SAN test's event id, read from the custom id of its "Project onto a Bond" button. */
function sanTestEventId(components: unknown): number {
  const match = /"custom_id":"san:project:(\d+)"/.exec(JSON.stringify(components ?? []));
  if (match?.[1] === undefined)
    throw new Error(`no projection button in ${JSON.stringify(components)}`);
  return Number(match[1]);
}

function eventCount(kind: string): number {
  const db = new BetterSqlite3(table.databaseFile, { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM Event WHERE kind = ?").get(kind) as { n: number })
      .n;
  } finally {
    db.close();
  }
}

async function settle(handles: readonly InteractionHandle[]) {
  const responses = await Promise.all(handles.map((handle) => handle.response()));
  expect(await table.bot.dispatcher.drain(20_000)).toBe(true);
  const failed = table.bot.logs.lines.filter((line) => (line.level ?? 0) >= 50);
  expect(failed).toEqual([]);
  return responses;
}

describe("one Protagonist changed by many interactions at once", () => {
  it("loses no update across SAN, HP, WP, Bonds, Resources and rolls", async () => {
    const { fake } = table.bot;
    const start = await current();
    const tom = hero.bonds[0];
    if (tom === undefined) throw new Error("the sample has Bonds");
    const owner = { user: PLAYER };
    const gm = { user: table.gmId };
    const handles: InteractionHandle[] = [];
    for (let i = 0; i < 4; i += 1) {
      handles.push(
        fake.sendSlashCommand({
          ...owner,
          name: "hp",
          subcommand: "damage",
          options: { amount: "1" },
        }),
        fake.sendSlashCommand({
          ...gm,
          name: "wp",
          subcommand: "damage",
          options: { amount: "1", protagonist: hero.id },
        }),
        fake.sendSlashCommand({
          ...owner,
          name: "bond",
          subcommand: "damage",
          options: { bond: tom.id, amount: "1" },
        }),
        fake.sendSlashCommand({
          ...owner,
          name: "san",
          options: { loss: "0/1", threat: "unnatural" },
        }),
        fake.sendSlashCommand({
          ...gm,
          name: "san",
          options: { loss: "1/1", threat: "violence", protagonist: hero.id },
        }),
        fake.sendSlashCommand({ ...owner, name: "roll", options: { skill: "Occult" } }),
        fake.sendSlashCommand({
          ...gm,
          name: "resources",
          subcommand: "lose",
          options: { amount: 1, protagonist: hero.id },
        }),
      );
    }
    const responses = await settle(handles);
    const refused = responses.filter((response) => isEphemeral(response.data?.flags));
    expect(refused.map((r) => r.data?.content)).toEqual([]);
    await expectNoLostUpdate(start);
    // Each change applied exactly once, by exactly its amount.
    const changes = changesOf(hero.id);
    const step = (kind: string, read: (snapshot: ProtagonistSnapshot) => number) =>
      changes
        .filter((change) => change.kind === kind)
        .map(
          (change) =>
            read(change.before as ProtagonistSnapshot) - read(change.after as ProtagonistSnapshot),
        );
    const tomScore = (snapshot: ProtagonistSnapshot) =>
      snapshot.bonds.find((bond) => bond.id === tom.id)?.score ?? Number.NaN;
    expect(step("hp", (p) => p.hp)).toEqual([1, 1, 1, 1]);
    expect(step("wp", (p) => p.wp)).toEqual([1, 1, 1, 1]);
    expect(step("bond-damage", tomScore)).toEqual([1, 1, 1, 1]);
    expect(step("resource-loss", (p) => p.resources.rating)).toEqual([1, 1, 1, 1]);
    expect(eventCount("san-test")).toBe(8);
    expect(eventCount("test")).toBe(4);
  });

  it("projects a SAN loss once, however many times the Bond is chosen at once", async () => {
    const { fake } = table.bot;
    const start = await current();
    const mark = latestEventId();
    const bond = start.bonds.find((b) => !b.crossedOff && b.score > 0);
    if (bond === undefined) throw new Error("a Bond is left to project onto");
    const test = fake.sendSlashCommand({
      user: PLAYER,
      name: "san",
      options: { loss: "1/1", threat: "unnatural" },
    });
    const [answer] = await settle([test]);
    const eventId = sanTestEventId(answer?.data?.components);
    const message = await test.waitForOriginal();
    const projections = eventCount("san-projection");
    const choices = [1, 2, 3].map(() =>
      fake.sendSelect({
        user: PLAYER,
        customId: `san:bond:${eventId}`,
        values: [bond.id],
        messageId: message.id,
      }),
    );
    const responses = await settle(choices);
    expect(eventCount("san-projection")).toBe(projections + 1);
    expect(responses.filter((r) => isEphemeral(r.data?.flags))).toHaveLength(2);
    const asked = [1, 2].map(() =>
      fake.sendSlashCommand({
        user: PLAYER,
        name: "bond",
        subcommand: "project",
        options: { bond: bond.id },
      }),
    );
    const refusals = await settle(asked);
    // Already projected: both refused, nothing more projected.
    expect(refusals.every((r) => isEphemeral(r.data?.flags))).toBe(true);
    expect(eventCount("san-projection")).toBe(projections + 1);
    await expectNoLostUpdate(start, mark);
  });

  it("undo racing a change, and pressed twice: one outcome, never a lost update", async () => {
    const { fake } = table.bot;
    const start = await current();
    const mark = latestEventId();
    await settle([
      fake.sendSlashCommand({
        user: PLAYER,
        name: "hp",
        subcommand: "heal",
        options: { amount: "1" },
      }),
    ]);
    const target = latestEventId("hp");
    const undos = eventCount("undo");
    const race = [
      fake.sendButton({ user: PLAYER, customId: `undo:confirm:${PLAYER.id}:${target}` }),
      fake.sendSlashCommand({
        user: PLAYER,
        name: "hp",
        subcommand: "damage",
        options: { amount: "1" },
      }),
      fake.sendButton({ user: PLAYER, customId: `undo:confirm:${PLAYER.id}:${target}` }),
    ];
    await settle(race);
    expect(eventCount("undo") - undos).toBeLessThanOrEqual(1);
    await expectNoLostUpdate(start, mark);
  });
});
