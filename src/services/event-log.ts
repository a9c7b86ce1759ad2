import type { Prisma } from "../generated/prisma/client.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { sqlBool, sqlNow, type Sql } from "../db/sql.js";
import type { Visibility } from "./event-visibility.js";
import { truncate } from "../text.js";

/** A logged summary is a one-line label; longer ones are cut (between graphemes). */
const SUMMARY_MAX = 500;

export interface StateChange {
  before: ProtagonistSnapshot;
  after: ProtagonistSnapshot;
}

export interface EventInput {
  guildId: string;
  campaignId: string | null;
  actorId: string;
  kind: string;
  sessionNumber: number | null;
  /** What the user asked, validated. */
  input: unknown;
  /** Every die rolled and the rule's explanation (the rules' structured result). */
  dice?: unknown;
  summary: string;
  /** Protagonists whose state changed, before and after. */
  changes?: StateChange[];
  /** Protagonists the event concerns without changing them (e.g. a skill roll with no mark). */
  concerns?: string[];
  /** Who may read it; default: everyone in the campaign. */
  visibility?: Visibility;
}

/** Plain JSON for a Json column (drops undefined, keeps the rules' structured results as data). */
export function asJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

const INSERT_EVENT = `INSERT INTO "Event" ("guildId", "campaignId", "actorId", "kind",
  "sessionNumber", "input", "dice", "before", "after", "changed", "summary", "visibility", "createdAt")
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
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
export function recordEvent(sql: Sql, event: EventInput): number {
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
    truncate(event.summary, SUMMARY_MAX),
    event.visibility ?? "campaign",
    sqlNow(),
  );
  for (const protagonistId of targets) sql.run(INSERT_TARGET, id, protagonistId);
  return id;
}
