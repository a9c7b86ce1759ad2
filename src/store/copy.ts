import type { Client, Db } from "./database.js";

/**
 * Copies every row of one database into another that is empty (SQLite into PostgreSQL, when a
 * bot outgrows its file): table by table, parents before children, each table in pages, then
 * checks that both hold as many rows of each. The models are the same on both engines, so a row
 * read from one is written to the other as it is.
 */

/** Each model, parents first, with the fields that order its rows (its key). */
const MODELS = [
  ["botState", ["key"]],
  ["guild", ["id"]],
  ["campaign", ["id"]],
  ["campaignGm", ["campaignId", "kind", "discordId"]],
  ["channelBinding", ["guildId", "channelId"]],
  ["protagonist", ["id"]],
  ["skill", ["id"]],
  ["bond", ["id"]],
  ["disorder", ["id"]],
  ["activeProtagonist", ["guildId", "userId", "campaignId", "channelId"]],
  ["event", ["id"]],
  ["eventTarget", ["eventId", "protagonistId"]],
  ["cultistsGame", ["id"]],
  ["cultistsAction", ["id"]],
  ["cultistsCharacter", ["id"]],
] as const;

export type CopiedModel = (typeof MODELS)[number][0];

/** Rows per page: a page is read, then written in one statement. */
const PAGE = 500;

type Row = Record<string, unknown>;

/** The calls the copy makes on every model, alike on all of them. */
interface Rows {
  count(): Promise<number>;
  findMany(args: { where: Row; orderBy: Record<string, "asc">[]; take: number }): Promise<Row[]>;
  createMany(args: { data: Row[] }): Promise<unknown>;
}

/**
 * A model's delegate, seen through the calls the copy makes. Prisma types each model's delegate
 * apart; these three calls take and give the same shapes on every one of them.
 */
function rowsOf(client: Db | Client, model: CopiedModel): Rows {
  return client[model] as unknown as Rows;
}

export class TargetNotEmpty extends Error {
  override name = "TargetNotEmpty";
}

export interface CopyReport {
  /** Rows of each model, in the source and in the target after the copy. */
  tables: { model: CopiedModel; source: number; target: number }[];
}

/** A row as the target takes it: a missing value left to the column (NULL). */
function writable(row: Row, model: CopiedModel): Row {
  const data = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
  // An undo's link to the event it reverted points forward: set once every event is in.
  if (model === "event") delete data.undoneById;
  return data;
}

export async function copyDatabase(
  source: Db,
  target: Db,
  onTable: (model: CopiedModel, rows: number) => void = () => undefined,
): Promise<CopyReport> {
  for (const [model] of MODELS) {
    if ((await rowsOf(target, model).count()) > 0) {
      throw new TargetNotEmpty(`the target database already holds ${model} rows`);
    }
  }
  for (const [model, key] of MODELS) {
    const from = rowsOf(source, model);
    const to = rowsOf(target, model);
    const orderBy = key.map((field) => ({ [field]: "asc" as const }));
    let copied = 0;
    for (let where: Row = {}; ;) {
      const page = await from.findMany({ where, orderBy, take: PAGE });
      const last = page.at(-1);
      if (last === undefined) break;
      await to.createMany({ data: page.map((row) => writable(row, model)) });
      copied += page.length;
      where = after(key, last);
    }
    onTable(model, copied);
  }
  await linkUndos(source, target);
  return {
    tables: await Promise.all(
      MODELS.map(async ([model]) => ({
        model,
        source: await rowsOf(source, model).count(),
        target: await rowsOf(target, model).count(),
      })),
    ),
  };
}

/**
 * The rows that sort after `row` by `key`: the next page starts there (an offset would make
 * the source step over every row already copied, again for each page).
 */
function after(key: readonly string[], row: Row): Row {
  return {
    OR: key.map((field, i) => ({
      ...Object.fromEntries(key.slice(0, i).map((earlier) => [earlier, row[earlier]])),
      [field]: { gt: row[field] },
    })),
  };
}

/** Sets each reverted event's link to its undo, now that both are in the target. */
async function linkUndos(source: Db, target: Db): Promise<void> {
  const undone = await source.event.findMany({
    where: { undoneById: { not: null } },
    select: { id: true, undoneById: true },
  });
  for (const { id, undoneById } of undone) {
    await target.event.update({ where: { id }, data: { undoneById } });
  }
}
