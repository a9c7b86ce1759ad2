import type { EventInput } from "../records.js";
import type { ProtagonistSnapshot } from "../records.js";
import { sqlBool, sqlNow, type Sql } from "../../../../core/db/sql.js";
import type { EventRepository, StoredEvent } from "../store.js";
import { sqliteEventReads } from "./event-reads.js";

const INSERT_EVENT = `INSERT INTO "Event" ("guildId", "campaignId", "actorId", "kind",
  "sessionNumber", "input", "dice", "before", "after", "changed", "summary", "payload",
  "payloadVersion", "visibility", "createdAt")
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)`;
const INSERT_TARGET = `INSERT INTO "EventTarget" ("eventId", "protagonistId") VALUES (?, ?)`;

/** A Json column's text, as Prisma stores it (undefined fields dropped). */
function jsonText(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** JSON texts of frozen snapshots: a change's "after" is the next change's "before". */
const frozenJson = new WeakMap<ProtagonistSnapshot, string>();

function snapshotJson(snapshot: ProtagonistSnapshot): string {
  if (!Object.isFrozen(snapshot)) return jsonText(snapshot);
  let text = frozenJson.get(snapshot);
  if (text === undefined) {
    text = jsonText(snapshot);
    frozenJson.set(snapshot, text);
  }
  return text;
}

/** Keys JSON.stringify would write first, in numeric order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

/** `{"<id>": snapshot, …}`, the text JSON.stringify writes for that object. */
function snapshotsJson(snapshots: readonly ProtagonistSnapshot[]): string {
  const byId = new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
  if ([...byId.keys()].some((id) => ARRAY_INDEX.test(id))) {
    return jsonText(Object.fromEntries(byId));
  }
  const members = [...byId].map(
    ([id, snapshot]) => `${JSON.stringify(id)}:${snapshotJson(snapshot)}`,
  );
  return `{${members.join(",")}}`;
}

/** Appends one row to the event log, inside the caller's transaction. */
export function appendEvent(sql: Sql, event: EventInput): number {
  const changes = event.changes ?? [];
  const targets = new Set([...changes.map((c) => c.after.id), ...(event.concerns ?? [])]);
  const snapshots = (side: "before" | "after") =>
    changes.length ? snapshotsJson(changes.map((c) => c[side])) : null;
  const { lastInsertRowid: id } = sql.run(
    INSERT_EVENT,
    event.guildId,
    event.campaignId,
    event.actorId,
    event.kind,
    event.sessionNumber,
    jsonText(event.input),
    event.dice === undefined ? null : jsonText(event.dice),
    snapshots("before"),
    snapshots("after"),
    sqlBool(changes.length > 0),
    jsonText(event.payload),
    event.payloadVersion,
    event.visibility ?? "campaign",
    sqlNow(),
  );
  for (const protagonistId of targets) sql.run(INSERT_TARGET, id, protagonistId);
  return id;
}

const SELECT_EVENT = `SELECT "id", "kind", "input", "dice", "before", "undoneById" FROM "Event"
  WHERE "id" = ? AND "guildId" = ?`;
const SELECT_TARGETS = `SELECT "protagonistId" FROM "EventTarget" WHERE "eventId" = ?`;
/** The standing event of a kind whose input, at a JSON path, refers to an earlier event. */
const LATEST_REFERRING = `SELECT "id", "kind", "input", "dice", "before", "undoneById" FROM "Event"
  WHERE "guildId" = ? AND "kind" = ? AND "id" > ? AND "undoneById" IS NULL
    AND json_extract("input", ?) = ?
  ORDER BY "id" DESC LIMIT 1`;

interface EventRow {
  id: number;
  kind: string;
  input: string;
  dice: string | null;
  before: string | null;
  undoneById: number | null;
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

function storedEvent(row: EventRow | undefined): StoredEvent | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    input: parsed(row.input),
    dice: parsed(row.dice),
    before: parsed(row.before),
    undoneById: row.undoneById,
  };
}

/** The event log on prepared statements. */
export function sqliteEvents(sql: Sql): EventRepository {
  return {
    ...sqliteEventReads(sql),
    append: (event) => Promise.resolve(appendEvent(sql, event)),
    find: (guildId, id) =>
      Promise.resolve(storedEvent(sql.get<EventRow>(SELECT_EVENT, id, guildId))),
    targets: (eventId) =>
      Promise.resolve(
        sql.all<{ protagonistId: string }>(SELECT_TARGETS, eventId).map((t) => t.protagonistId),
      ),
    latestReferring: ({ guildId, kind, after, path, refersTo }) =>
      Promise.resolve(
        storedEvent(sql.get<EventRow>(LATEST_REFERRING, guildId, kind, after, path, refersTo)),
      ),
  };
}
