import type { Sql, SqlParam } from "../../../../core/db/sql.js";
import type { EventViewer, LaterChange, LogEntry, LoggedChange, LogQuery } from "../event-reads.js";

const ENTRY_COLUMNS = `e."id", e."campaignId", e."actorId", e."kind", e."payload", e."payloadVersion",
  e."summary", e."visibility", e."createdAt", e."changed", e."undoneById", e."undoesId"`;
const STANDING = `e."changed" = 1 AND e."undoneById" IS NULL AND e."undoesId" IS NULL`;

/** A LogEntry as SQLite returns it: dates as text, booleans as 0 and 1. */
type EntryRow = Omit<LogEntry, "createdAt" | "changed"> & { createdAt: string; changed: number };

interface ChangeRow extends EntryRow {
  input: string;
  dice: string | null;
  before: string | null;
  after: string | null;
}

function entryOf(row: EntryRow): LogEntry {
  return { ...row, createdAt: new Date(row.createdAt), changed: row.changed === 1 };
}

const json = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** A condition and its parameters. */
interface Clause {
  sql: string;
  params: SqlParam[];
}

/** The one rule of who reads what: everyone sees `campaign`; a roller, their `actor-and-gms`. */
function visibleTo(viewer: EventViewer): Clause {
  if (viewer.kind === "everyone") return { sql: `e."visibility" = 'campaign'`, params: [] };
  if (viewer.kind === "bot" || viewer.gm) return { sql: "1 = 1", params: [] };
  return {
    sql: `(e."visibility" = 'campaign' OR (e."visibility" = 'actor-and-gms' AND e."actorId" = ?))`,
    params: [viewer.userId],
  };
}

function clausesOf(query: LogQuery): Clause[] {
  const clauses: Clause[] = [{ sql: `e."guildId" = ?`, params: [query.guildId] }];
  clauses.push(visibleTo(query.viewer));
  if (query.campaignId !== undefined) {
    clauses.push({ sql: `e."campaignId" = ?`, params: [query.campaignId] });
  }
  if (query.kind !== undefined) clauses.push({ sql: `e."kind" = ?`, params: [query.kind] });
  if (query.protagonistId !== undefined) {
    clauses.push({
      sql: `EXISTS (SELECT 1 FROM "EventTarget" t WHERE t."eventId" = e."id" AND t."protagonistId" = ?)`,
      params: [query.protagonistId],
    });
  }
  if (query.actorId !== undefined) {
    clauses.push({ sql: `e."actorId" = ?`, params: [query.actorId] });
  }
  if (query.actorIds !== undefined) {
    clauses.push({
      sql: `e."actorId" IN (${query.actorIds.map(() => "?").join(", ") || "NULL"})`,
      params: [...query.actorIds],
    });
  }
  if (query.notUndone) clauses.push({ sql: `e."undoneById" IS NULL`, params: [] });
  if (query.sessionNumber !== undefined) {
    clauses.push({ sql: `e."sessionNumber" = ?`, params: [query.sessionNumber] });
  }
  if (query.changes) clauses.push({ sql: `e."changed" = 1`, params: [] });
  if (query.standingChanges) clauses.push({ sql: STANDING, params: [] });
  if (query.excludeKinds?.length) {
    clauses.push({
      sql: `e."kind" NOT IN (${query.excludeKinds.map(() => "?").join(", ")})`,
      params: [...query.excludeKinds],
    });
  }
  if (query.excludeKindSuffix !== undefined) {
    clauses.push({
      sql: `e."kind" NOT LIKE ? ESCAPE '\\'`,
      params: [`%${query.excludeKindSuffix}`],
    });
  }
  if (query.id !== undefined) clauses.push({ sql: `e."id" = ?`, params: [query.id] });
  if (query.below !== undefined) clauses.push({ sql: `e."id" < ?`, params: [query.below] });
  if (query.above !== undefined) clauses.push({ sql: `e."id" > ?`, params: [query.above] });
  if (query.from !== undefined) clauses.push({ sql: `e."id" >= ?`, params: [query.from] });
  return clauses;
}

function listed<T extends EntryRow>(sql: Sql, query: LogQuery, columns: string): T[] {
  const clauses = clausesOf(query);
  const text = `SELECT ${columns} FROM "Event" e
    WHERE ${clauses.map((c) => c.sql).join(" AND ")}
    ORDER BY e."id" ${query.order === "newest" ? "DESC" : "ASC"} LIMIT ?`;
  return sql.all<T>(text, ...clauses.flatMap((c) => c.params), query.limit ?? -1);
}

const CHANGE_COLUMNS = `${ENTRY_COLUMNS}, e."input", e."dice", e."before", e."after"`;

const changeOf = (row: ChangeRow): LoggedChange => ({
  ...entryOf(row),
  input: json(row.input),
  dice: json(row.dice),
  before: json(row.before),
  after: json(row.after),
});

/** The event log's reads, each filtered to what its viewer may see. */
export function sqliteEventReads(sql: Sql) {
  return {
    list(query: LogQuery): Promise<LogEntry[]> {
      return Promise.resolve(listed<EntryRow>(sql, query, ENTRY_COLUMNS).map(entryOf));
    },

    /** As `list`, with each event's state snapshots. */
    listChanges(query: LogQuery): Promise<LoggedChange[]> {
      return Promise.resolve(listed<ChangeRow>(sql, query, CHANGE_COLUMNS).map(changeOf));
    },

    readable(guildId: string, viewer: EventViewer, id: number): Promise<LoggedChange | undefined> {
      const visible = visibleTo(viewer);
      const row = sql.get<ChangeRow>(
        `SELECT ${CHANGE_COLUMNS} FROM "Event" e
          WHERE e."id" = ? AND e."guildId" = ? AND ${visible.sql}`,
        id,
        guildId,
        ...visible.params,
      );
      return Promise.resolve(row && changeOf(row));
    },

    campaignOf(guildId: string, id: number): Promise<{ campaignId: string | null } | undefined> {
      return Promise.resolve(
        sql.get<{ campaignId: string | null }>(
          `SELECT "campaignId" FROM "Event" WHERE "id" = ? AND "guildId" = ?`,
          id,
          guildId,
        ),
      );
    },

    laterChanges(guildId: string, after: number): Promise<LaterChange[]> {
      const rows = sql.all<{
        id: number;
        campaignId: string | null;
        actorId: string;
        kind: string;
        targets: string | null;
      }>(
        `SELECT e."id", e."campaignId", e."actorId", e."kind",
            (SELECT json_group_array(t."protagonistId") FROM "EventTarget" t
              WHERE t."eventId" = e."id") AS "targets"
          FROM "Event" e WHERE e."guildId" = ? AND e."id" > ? AND ${STANDING}
          ORDER BY e."id" ASC`,
        guildId,
        after,
      );
      return Promise.resolve(
        rows.map(({ targets, ...change }) => ({
          ...change,
          targets: targets === null ? [] : (JSON.parse(targets) as string[]),
        })),
      );
    },

    markUndone(eventId: number, undoEventId: number): Promise<void> {
      sql.run(`UPDATE "Event" SET "undoesId" = ? WHERE "id" = ?`, eventId, undoEventId);
      sql.run(`UPDATE "Event" SET "undoneById" = ? WHERE "id" = ?`, undoEventId, eventId);
      return Promise.resolve();
    },
  };
}
