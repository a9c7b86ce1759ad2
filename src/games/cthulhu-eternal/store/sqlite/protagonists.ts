import { sqlBool, sqlNow, type Sql, type SqlParam } from "../../../../core/db/sql.js";
import type { JsonValue, Named } from "../types.js";
import { UniqueConflict } from "../../../../store/store.js";
import type { ProtagonistRepository } from "../store.js";
import { sqliteProtagonistReads } from "./protagonist-reads.js";
import type { ProtagonistSnapshot } from "../records.js";
import {
  BONDS,
  DISORDERS,
  quoted,
  rowUpdate,
  SKILLS,
  syncChildren,
} from "./protagonist-children.js";
import { protagonistColumns, toSnapshot, type SnapshotSource } from "./protagonist-rows.js";

/** The Protagonist columns a snapshot holds, in `protagonistColumns` order after the keys. */
const PROTAGONIST_COLUMNS = [
  "ownerId",
  "name",
  "status",
  "archetype",
  "harshness",
  "str",
  "dex",
  "con",
  "int",
  "pow",
  "cha",
  "hpMax",
  "hp",
  "wpMax",
  "wp",
  "san",
  "breakingPoint",
  "adaptViolence",
  "adaptedViolence",
  "adaptHelplessness",
  "adaptedHelplessness",
  "exhausted",
  "temporarilyInsane",
  "resourcesRating",
  "resourcesAtHand",
  "resourcesStowed",
  "resourcesStorage",
  "resourcesChecked",
  "notes",
] as const satisfies readonly (keyof ReturnType<typeof protagonistColumns>)[];

type ProtagonistColumn = (typeof PROTAGONIST_COLUMNS)[number];
type BooleanColumn = "adaptedViolence" | "adaptedHelplessness" | "exhausted" | "temporarilyInsane";
type StoredRow = Omit<SnapshotSource, "skills" | "bonds" | "disorders" | "extras" | BooleanColumn> &
  Record<BooleanColumn, number> & { extras: string | null };

const SELECT_PROTAGONIST = `SELECT "id", "guildId", "campaignId", ${quoted(PROTAGONIST_COLUMNS)},
  "extras" FROM "Protagonist" WHERE "id" = ? AND "guildId" = ?`;
const SELECT_SKILLS = `SELECT "id", "name", "key", "rating", "failureMarked", "failureMarkVisibleTo" FROM "Skill"
  WHERE "protagonistId" = ? ORDER BY "name" ASC`;
const SELECT_BONDS = `SELECT "id", "name", "kind", "score", "crossedOff", "fellowProtagonistId"
  FROM "Bond" WHERE "protagonistId" = ? ORDER BY "createdAt" ASC`;
const SELECT_DISORDERS = `SELECT "id", "name", "threat", "curedAt" FROM "Disorder"
  WHERE "protagonistId" = ? ORDER BY "createdAt" ASC`;
const UPDATE_PROTAGONIST = rowUpdate(
  "Protagonist",
  PROTAGONIST_COLUMNS,
  ["ownerId", "name", "status"],
  {
    stampsUpdatedAt: true,
  },
);

const UPDATE_EXTRAS = `UPDATE "Protagonist" SET "extras" = ? WHERE "id" = ?`;

const PROTAGONIST_NAMES = `SELECT "id", "name" FROM "Protagonist" WHERE "guildId" = ?
  AND "campaignId" = ? ORDER BY "name" LIMIT ?`;
const ACTIVE_OWNED = `SELECT "id" FROM "Protagonist" WHERE "guildId" = ? AND "campaignId" = ?
  AND "ownerId" = ? AND "status" = 'active' LIMIT ?`;

const ACTIVE_IN = `SELECT "id" FROM "Protagonist" WHERE "guildId" = ? AND "campaignId" = ?
  AND "status" = 'active' AND "resourcesChecked" >= ? ORDER BY "name"`;

const INSERT_PROTAGONIST = `INSERT INTO "Protagonist" ("id", "guildId", "campaignId",
  ${quoted(PROTAGONIST_COLUMNS)}, "extras", "creation", "createdAt", "updatedAt")
  VALUES (${Array.from({ length: PROTAGONIST_COLUMNS.length + 7 }, () => "?").join(", ")})`;
const CREATION_OF = `SELECT "creation" FROM "Protagonist" WHERE "id" = ? AND "guildId" = ?`;
/** LIKE without wildcards (they are escaped): equal but for ASCII case. */
const SAME_NAME = `SELECT "name" FROM "Protagonist" WHERE "campaignId" = ? AND "id" != ?
  AND "name" LIKE ? ESCAPE '\\'`;

/** Protagonists on prepared statements; sheets go through the read cache. */
export function sqliteProtagonists(sql: Sql): ProtagonistRepository {
  return {
    ...sqliteProtagonistReads(sql),
    find: (guildId, id) => Promise.resolve(findProtagonist(sql, guildId, id)),
    write: (before, after) => uniquely(() => writeProtagonist(sql, before, after)),
    insert: (snapshot, creation) => uniquely(() => insertProtagonist(sql, snapshot, creation)),
    creationOf: (guildId, id) => {
      const row = sql.get<{ creation: string | null }>(CREATION_OF, id, guildId);
      return Promise.resolve(row?.creation ? (JSON.parse(row.creation) as JsonValue) : null);
    },
    nameClash: (campaignId, name, exceptId) => {
      const pattern = name.replace(/[\\%_]/g, "\\$&");
      const names = sql.all<{ name: string }>(SAME_NAME, campaignId, exceptId ?? "", pattern);
      const wanted = name.toLowerCase();
      return Promise.resolve(names.find((n) => n.name.toLowerCase() === wanted)?.name);
    },
    namesIn: (guildId, campaignId, limit) =>
      Promise.resolve(sql.all<Named>(PROTAGONIST_NAMES, guildId, campaignId, limit)),
    activeIn: (guildId, campaignId, filter) =>
      Promise.resolve(
        sql
          .all<{ id: string }>(ACTIVE_IN, guildId, campaignId, filter?.checkedResources ? 1 : 0)
          .map((r) => r.id),
      ),
    activeOwnedBy: (guildId, campaignId, ownerId, limit) =>
      Promise.resolve(
        sql.all<{ id: string }>(ACTIVE_OWNED, guildId, campaignId, ownerId, limit).map((r) => r.id),
      ),
  };
}

/** Runs a write, turning SQLite's unique-index refusal into the store's `UniqueConflict`. */
function uniquely<T>(write: () => T): Promise<T> {
  try {
    return Promise.resolve(write());
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE") {
      throw new UniqueConflict(error.message, { cause: error });
    }
    throw error;
  }
}

/**
 * Inserts a new Protagonist and its children. Bonds and disorders are listed by creation time, so
 * they are stamped a millisecond apart in the snapshot's order.
 */
function insertProtagonist(
  sql: Sql,
  snapshot: ProtagonistSnapshot,
  creation: JsonValue | null,
): ProtagonistSnapshot {
  const start = Date.now();
  const now = sqlNow(new Date(start));
  sql.run(
    INSERT_PROTAGONIST,
    snapshot.id,
    snapshot.guildId,
    snapshot.campaignId,
    ...protagonistValues(snapshot),
    extrasText(snapshot),
    creation === null ? null : JSON.stringify(creation),
    now,
    now,
  );
  for (const skill of snapshot.skills) {
    sql.run(SKILLS.insert, ...SKILLS.values(skill), skill.id, snapshot.id);
  }
  snapshot.bonds.forEach((bond, i) => {
    sql.run(BONDS.insert, ...BONDS.values(bond), bond.id, snapshot.id, sqlNow(new Date(start + i)));
  });
  snapshot.disorders.forEach((disorder, i) => {
    const values = DISORDERS.values(disorder);
    sql.run(DISORDERS.insert, ...values, disorder.id, snapshot.id, sqlNow(new Date(start + i)));
  });
  return readProtagonist(sql, snapshot.guildId, snapshot.id);
}

/** The read cache's key for a Protagonist's snapshot. */
const cacheKey = (guildId: string, id: string) => `protagonist:${guildId}:${id}`;

/** Thrown inside the cache's load so that a missing Protagonist is not kept as an entry. */
class Missing extends Error {}

/**
 * A Protagonist of this guild; one of another guild is missing, never leaked. The snapshot may
 * come from the read cache, deep-frozen: change a copy (`cloneSnapshot`).
 */
export function findProtagonist(
  sql: Sql,
  guildId: string,
  id: string,
): ProtagonistSnapshot | undefined {
  try {
    return sql.cache.read(cacheKey(guildId, id), () => readProtagonist(sql, guildId, id), true);
  } catch (error) {
    if (error instanceof Missing) return undefined;
    throw error;
  }
}

function readProtagonist(sql: Sql, guildId: string, id: string): ProtagonistSnapshot {
  const row = sql.get<StoredRow>(SELECT_PROTAGONIST, id, guildId);
  if (!row) throw new Missing();
  const skills = sql.all<{
    id: string;
    name: string;
    key: string;
    rating: number;
    failureMarked: number;
    failureMarkVisibleTo: string | null;
  }>(SELECT_SKILLS, id);
  const bonds = sql.all<{
    id: string;
    name: string;
    kind: string;
    score: number;
    crossedOff: number;
    fellowProtagonistId: string | null;
  }>(SELECT_BONDS, id);
  const disorders = sql.all<SnapshotSource["disorders"][number]>(SELECT_DISORDERS, id);
  return toSnapshot({
    ...row,
    adaptedViolence: row.adaptedViolence !== 0,
    adaptedHelplessness: row.adaptedHelplessness !== 0,
    exhausted: row.exhausted !== 0,
    temporarilyInsane: row.temporarilyInsane !== 0,
    extras: row.extras === null ? undefined : JSON.parse(row.extras),
    skills: skills.map((s) => ({ ...s, failureMarked: s.failureMarked !== 0 })),
    bonds: bonds.map((b) => ({ ...b, crossedOff: b.crossedOff !== 0 })),
    disorders,
  });
}

/**
 * Writes a snapshot back: the row's columns, and its skills, Bonds and disorders synced by id
 * (new ones created, changed ones updated, missing ones deleted). Every service writes through
 * here, and undo restores a "before" snapshot the same way. Call it inside a transaction.
 * Returns whether any row changed: false when `after` stores exactly as `before` does.
 */
export function writeProtagonist(
  sql: Sql,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): boolean {
  // A snapshot read back lists children in the database's order (skills by name, the others by
  // creation); the cache keeps `after` only when that order cannot have changed.
  const readsBackAsIs = sameChildOrder(before, after);
  return sql.writeThrough(
    cacheKey(after.guildId, after.id),
    readsBackAsIs ? after : undefined,
    () => {
      const values = protagonistValues(after);
      const old = protagonistValues(before);
      const rowChanged = values.some((value, i) => old[i] !== value);
      if (rowChanged) {
        const [update, set] = UPDATE_PROTAGONIST.of(old, values);
        sql.run(update, ...set, sqlNow(), after.id);
      }
      const extras = extrasText(after);
      const extrasChanged = extras !== extrasText(before);
      if (extrasChanged) sql.run(UPDATE_EXTRAS, extras, after.id);
      // Both run: the children are synced whether or not the row changed.
      const childrenChanged = syncChildren(sql, after.id, before, after);
      return rowChanged || extrasChanged || childrenChanged;
    },
    true,
  );
}

/** The Extras column's JSON text; null when no module keeps state. */
function extrasText(snapshot: ProtagonistSnapshot): string | null {
  return snapshot.extras === undefined ? null : JSON.stringify(snapshot.extras);
}

/** A snapshot's column values, in `PROTAGONIST_COLUMNS` order, as SQLite stores them. */
function protagonistValues(snapshot: ProtagonistSnapshot): SqlParam[] {
  const columns = protagonistColumns(snapshot);
  return PROTAGONIST_COLUMNS.map((c: ProtagonistColumn) => {
    const value = columns[c];
    return typeof value === "boolean" ? sqlBool(value) : value;
  });
}

/** Same children, in the same order, and no skill renamed (skills are read back by name). */
function sameChildOrder(before: ProtagonistSnapshot, after: ProtagonistSnapshot): boolean {
  const sameIds = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
    a.length === b.length && a.every((item, i) => item.id === b[i]?.id);
  return (
    sameIds(before.skills, after.skills) &&
    before.skills.every((skill, i) => skill.name === after.skills[i]?.name) &&
    sameIds(before.bonds, after.bonds) &&
    sameIds(before.disorders, after.disorders)
  );
}
