import { sqlBool, sqlNow, type Sql, type SqlParam } from "../../../../core/db/sql.js";
import type {
  BondSnapshot,
  DisorderSnapshot,
  ProtagonistSnapshot,
  SkillSnapshot,
} from "../records.js";

/**
 * How a Protagonist's child rows (skills, Bonds, disorders) are written: inserted with a new
 * sheet, and synced by id when a sheet is written back.
 */

/** Column names as SQL identifiers, comma-separated. */
export const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(", ");

/**
 * An UPDATE by id of `columns` (then `updatedAt` when stamped), and the same without the
 * `indexed` ones, used when those keep their values: SQLite rewrites the index entries of every
 * indexed column named in SET, changed or not (a SAN test wrote 4 pages to the WAL, not 1).
 */
export function rowUpdate(
  table: string,
  columns: readonly string[],
  indexed: readonly string[],
  options: { stampsUpdatedAt: boolean } = { stampsUpdatedAt: false },
) {
  const statement = (set: readonly string[]) => {
    const assignments = [...set, ...(options.stampsUpdatedAt ? ["updatedAt"] : [])];
    return `UPDATE "${table}" SET ${assignments.map((c) => `"${c}" = ?`).join(", ")} WHERE "id" = ?`;
  };
  const isIndexed = columns.map((c) => indexed.includes(c));
  const full = statement(columns);
  const lean = statement(columns.filter((_, i) => !isIndexed[i]));
  return {
    /** The statement and the values it sets for a row going from `old` to `values`. */
    of(old: readonly SqlParam[], values: readonly SqlParam[]): [string, SqlParam[]] {
      if (isIndexed.some((indexedColumn, i) => indexedColumn && old[i] !== values[i])) {
        return [full, [...values]];
      }
      return [lean, values.filter((_, i) => !isIndexed[i])];
    },
  };
}

/**
 * How one kind of child row (skills, Bonds, disorders) is stored: the columns a snapshot sets,
 * in `values` order, those of them in an index, and whether an insert stamps `createdAt`
 * (Prisma's `@default(now())`).
 */
interface ChildTable<T extends { id: string }> {
  readonly remove: string;
  readonly update: ReturnType<typeof rowUpdate>;
  readonly insert: string;
  readonly stampsCreatedAt: boolean;
  values(item: T): SqlParam[];
}

function childTable<T extends { id: string }>(
  table: string,
  columns: readonly string[],
  indexed: readonly string[],
  values: (item: T) => SqlParam[],
  stampsCreatedAt: boolean,
): ChildTable<T> {
  const inserted = [...columns, "id", "protagonistId", ...(stampsCreatedAt ? ["createdAt"] : [])];
  return {
    remove: `DELETE FROM "${table}" WHERE "id" = ? AND "protagonistId" = ?`,
    update: rowUpdate(table, columns, indexed),
    insert: `INSERT INTO "${table}" (${quoted(inserted)}) VALUES (${inserted.map(() => "?").join(", ")})`,
    stampsCreatedAt,
    values,
  };
}

export const SKILLS = childTable<SkillSnapshot>(
  "Skill",
  ["name", "key", "rating", "failureMarked", "failureMarkVisibleTo"],
  ["key"],
  (s) => [s.name, s.key, s.rating, sqlBool(s.failureMarked), s.failureMarkVisibleTo],
  false,
);
export const BONDS = childTable<BondSnapshot>(
  "Bond",
  ["name", "kind", "score", "crossedOff", "fellowProtagonistId"],
  ["fellowProtagonistId"],
  (b) => [b.name, b.kind, b.score, sqlBool(b.crossedOff), b.fellowId],
  true,
);
export const DISORDERS = childTable<DisorderSnapshot>(
  "Disorder",
  ["name", "threat", "curedAt"],
  [],
  (d) => [d.name, d.threat, d.cured ? sqlNow() : null],
  true,
);

/**
 * Deletes the rows that are gone, updates the ones that changed, creates the new ones. Returns
 * how many rows it wrote.
 */
function syncRows<T extends { id: string }>(
  sql: Sql,
  protagonistId: string,
  table: ChildTable<T>,
  before: readonly T[],
  after: readonly T[],
): number {
  let written = 0;
  const kept = new Set(after.map((item) => item.id));
  for (const item of before) {
    if (!kept.has(item.id)) written += sql.run(table.remove, item.id, protagonistId).changes;
  }
  for (const item of after) {
    const old = before.find((b) => b.id === item.id);
    if (!old) {
      const stamp = table.stampsCreatedAt ? [sqlNow()] : [];
      sql.run(table.insert, ...table.values(item), item.id, protagonistId, ...stamp);
      written += 1;
    } else if (!sameFields(old, item)) {
      const [update, set] = table.update.of(table.values(old), table.values(item));
      sql.run(update, ...set, item.id);
      written += 1;
    }
  }
  return written;
}

/** Child rows are flat records of primitives: equal when every field is. */
function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Syncs every kind of child row; true when any row was written. */
export function syncChildren(
  sql: Sql,
  protagonistId: string,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): boolean {
  const written =
    syncRows(sql, protagonistId, SKILLS, before.skills, after.skills) +
    syncRows(sql, protagonistId, BONDS, before.bonds, after.bonds) +
    syncRows(sql, protagonistId, DISORDERS, before.disorders, after.disorders);
  return written > 0;
}
