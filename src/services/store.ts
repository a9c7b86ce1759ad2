import type { Prisma } from "../generated/prisma/client.js";
import { sqlBool, sqlNow, type Sql } from "../db/sql.js";
import { notFound } from "./errors.js";
import {
  type BondSnapshot,
  type DisorderSnapshot,
  type SkillSnapshot,
  protagonistColumns,
  toSnapshot,
  type ProtagonistSnapshot,
  type SnapshotSource,
} from "./snapshot.js";

export type Tx = Prisma.TransactionClient;

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
  "resourcesRating",
  "resourcesAtHand",
  "resourcesStowed",
  "resourcesStorage",
  "resourcesChecked",
  "notes",
] as const satisfies readonly (keyof ReturnType<typeof protagonistColumns>)[];

type ProtagonistColumn = (typeof PROTAGONIST_COLUMNS)[number];
type BooleanColumn = "adaptedViolence" | "adaptedHelplessness" | "exhausted";
type StoredRow = Omit<SnapshotSource, "skills" | "bonds" | "disorders" | BooleanColumn> &
  Record<BooleanColumn, number>;

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(", ");

const SELECT_PROTAGONIST = `SELECT "id", "guildId", "campaignId", ${quoted(PROTAGONIST_COLUMNS)}
  FROM "Protagonist" WHERE "id" = ? AND "guildId" = ?`;
const SELECT_SKILLS = `SELECT "id", "name", "key", "rating", "failureMarked" FROM "Skill"
  WHERE "protagonistId" = ? ORDER BY "name" ASC`;
const SELECT_BONDS = `SELECT "id", "name", "kind", "score", "crossedOff", "fellowProtagonistId"
  FROM "Bond" WHERE "protagonistId" = ? ORDER BY "createdAt" ASC`;
const SELECT_DISORDERS = `SELECT "id", "name", "threat", "curedAt" FROM "Disorder"
  WHERE "protagonistId" = ? ORDER BY "createdAt" ASC`;
const UPDATE_PROTAGONIST = `UPDATE "Protagonist" SET ${PROTAGONIST_COLUMNS.map((c) => `"${c}" = ?`).join(", ")},
  "updatedAt" = ? WHERE "id" = ?`;

/** Loads a Protagonist of this guild; one of another guild is "not found", never leaked. */
export function loadProtagonist(sql: Sql, guildId: string, id: string): ProtagonistSnapshot {
  const row = sql.get<StoredRow>(SELECT_PROTAGONIST, id, guildId);
  if (!row) throw notFound("That Protagonist");
  const skills = sql.all<{
    id: string;
    name: string;
    key: string;
    rating: number;
    failureMarked: number;
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
    skills: skills.map((s) => ({ ...s, failureMarked: s.failureMarked !== 0 })),
    bonds: bonds.map((b) => ({ ...b, crossedOff: b.crossedOff !== 0 })),
    disorders,
  });
}

/**
 * Writes a snapshot back: the row's columns, and its skills, Bonds and disorders synced by id
 * (new ones created, changed ones updated, missing ones deleted). Every service writes through
 * here, and undo restores a "before" snapshot the same way. Call it inside a transaction.
 */
export function writeProtagonist(
  sql: Sql,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): void {
  const columns = protagonistColumns(after);
  const old = protagonistColumns(before);
  if (PROTAGONIST_COLUMNS.some((c) => old[c] !== columns[c])) {
    const values = PROTAGONIST_COLUMNS.map((c: ProtagonistColumn) => {
      const value = columns[c];
      return typeof value === "boolean" ? sqlBool(value) : value;
    });
    sql.run(UPDATE_PROTAGONIST, ...values, sqlNow(), after.id);
  }
  syncChildren(sql, after.id, before, after);
}

/** How to write one kind of child row (skills, Bonds, disorders) of a Protagonist. */
interface ChildRows<T extends { id: string }> {
  remove(id: string): void;
  update(item: T): void;
  create(item: T): void;
}

/** Deletes the rows that are gone, updates the ones that changed, creates the new ones. */
function syncRows<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  rows: ChildRows<T>,
): void {
  const kept = new Set(after.map((item) => item.id));
  for (const item of before) if (!kept.has(item.id)) rows.remove(item.id);
  for (const item of after) {
    const old = before.find((b) => b.id === item.id);
    if (!old) rows.create(item);
    else if (!sameFields(old, item)) rows.update(item);
  }
}

/** Child rows are flat records of primitives: equal when every field is. */
function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function syncChildren(
  sql: Sql,
  protagonistId: string,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): void {
  const skill = (s: SkillSnapshot) => [s.name, s.key, s.rating, sqlBool(s.failureMarked)] as const;
  syncRows(before.skills, after.skills, {
    remove: (id) =>
      sql.run(`DELETE FROM "Skill" WHERE "id" = ? AND "protagonistId" = ?`, id, protagonistId),
    update: (s) =>
      sql.run(
        `UPDATE "Skill" SET "name" = ?, "key" = ?, "rating" = ?, "failureMarked" = ? WHERE "id" = ?`,
        ...skill(s),
        s.id,
      ),
    create: (s) =>
      sql.run(
        `INSERT INTO "Skill" ("name", "key", "rating", "failureMarked", "id", "protagonistId") VALUES (?, ?, ?, ?, ?, ?)`,
        ...skill(s),
        s.id,
        protagonistId,
      ),
  });

  const bond = (b: BondSnapshot) =>
    [b.name, b.kind, b.score, sqlBool(b.crossedOff), b.fellowId] as const;
  syncRows(before.bonds, after.bonds, {
    remove: (id) =>
      sql.run(`DELETE FROM "Bond" WHERE "id" = ? AND "protagonistId" = ?`, id, protagonistId),
    update: (b) =>
      sql.run(
        `UPDATE "Bond" SET "name" = ?, "kind" = ?, "score" = ?, "crossedOff" = ?, "fellowProtagonistId" = ? WHERE "id" = ?`,
        ...bond(b),
        b.id,
      ),
    create: (b) =>
      sql.run(
        `INSERT INTO "Bond" ("name", "kind", "score", "crossedOff", "fellowProtagonistId", "id", "protagonistId", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ...bond(b),
        b.id,
        protagonistId,
        sqlNow(),
      ),
  });

  const disorder = (d: DisorderSnapshot) => [d.name, d.threat, d.cured ? sqlNow() : null] as const;
  syncRows(before.disorders, after.disorders, {
    remove: (id) =>
      sql.run(`DELETE FROM "Disorder" WHERE "id" = ? AND "protagonistId" = ?`, id, protagonistId),
    update: (d) =>
      sql.run(
        `UPDATE "Disorder" SET "name" = ?, "threat" = ?, "curedAt" = ? WHERE "id" = ?`,
        ...disorder(d),
        d.id,
      ),
    create: (d) =>
      sql.run(
        `INSERT INTO "Disorder" ("name", "threat", "curedAt", "id", "protagonistId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
        ...disorder(d),
        d.id,
        protagonistId,
        sqlNow(),
      ),
  });
}
