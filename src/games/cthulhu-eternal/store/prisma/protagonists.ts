import { isDeepStrictEqual } from "node:util";
import type { Prisma } from "../../../../generated/prisma/client.js";
import type { Client } from "../../../../store/database.js";
import { isUniqueViolation, jsonColumn } from "../../../../store/json.js";
import { UniqueConflict } from "../../../../store/store.js";
import type { ProtagonistRepository } from "../store.js";
import type { ProtagonistSnapshot } from "../records.js";
import { protagonistColumns, toSnapshot } from "../protagonist-rows.js";
import { insertChildren, syncChildren } from "./protagonist-children.js";
import { byName, protagonistReadsOn } from "./protagonist-reads.js";

/** Skills read by name (code-unit order on both engines), Bonds and disorders by creation. */
export const SHEET = {
  skills: true,
  bonds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  disorders: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProtagonistInclude;

export function protagonistsOn(client: Client): ProtagonistRepository {
  return {
    ...protagonistReadsOn(client),
    find: (guildId, id) => findProtagonist(client, guildId, id),
    write: (before, after) => uniquely(() => writeProtagonist(client, before, after)),
    insert: (snapshot, creation) =>
      uniquely(async () => {
        await client.protagonist.create({
          data: {
            id: snapshot.id,
            guildId: snapshot.guildId,
            campaignId: snapshot.campaignId,
            ...protagonistColumns(snapshot),
            extras: jsonColumn(snapshot.extras),
            creation: jsonColumn(creation),
          },
        });
        await insertChildren(client, snapshot);
        const stored = await findProtagonist(client, snapshot.guildId, snapshot.id);
        if (!stored) throw new Error(`Protagonist ${snapshot.id} vanished while being written`);
        return stored;
      }),
    creationOf: async (guildId, id) => {
      const row = await client.protagonist.findFirst({
        where: { id, guildId },
        select: { creation: true },
      });
      return row?.creation ?? null;
    },
    nameClash: async (campaignId, name, exceptId) => {
      // Compared here, not by the engine: SQLite and PostgreSQL fold case differently.
      const names = await client.protagonist.findMany({
        where: { campaignId, id: { not: exceptId ?? "" } },
        select: { name: true },
      });
      const wanted = name.toLowerCase();
      return names.find((n) => n.name.toLowerCase() === wanted)?.name;
    },
    namesIn: (guildId, campaignId, limit) =>
      client.protagonist.findMany({
        where: { guildId, campaignId },
        select: { id: true, name: true },
        orderBy: { name: "asc" },
        take: limit,
      }),
    activeIn: async (guildId, campaignId, filter) =>
      (
        await client.protagonist.findMany({
          where: {
            guildId,
            campaignId,
            status: "active",
            ...(filter?.checkedResources ? { resourcesChecked: { gte: 1 } } : {}),
          },
          select: { id: true },
          orderBy: { name: "asc" },
        })
      ).map((p) => p.id),
    activeOwnedBy: async (guildId, campaignId, ownerId, limit) =>
      (
        await client.protagonist.findMany({
          where: { guildId, campaignId, ownerId, status: "active" },
          select: { id: true },
          take: limit,
        })
      ).map((p) => p.id),
  };
}

/** Runs a write, turning a unique index's refusal into the store's `UniqueConflict`. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new UniqueConflict(error instanceof Error ? error.message : "unique", { cause: error });
    }
    throw error;
  }
}

/** A Protagonist of this guild; one of another guild is missing, never leaked. */
async function findProtagonist(
  client: Client,
  guildId: string,
  id: string,
): Promise<ProtagonistSnapshot | undefined> {
  const row = await client.protagonist.findFirst({ where: { id, guildId }, include: SHEET });
  return row ? sheetOf(row) : undefined;
}

/** A Protagonist's row read with `SHEET`, as a snapshot. */
export function sheetOf(
  row: Prisma.ProtagonistGetPayload<{ include: typeof SHEET }>,
): ProtagonistSnapshot {
  return toSnapshot({ ...row, skills: row.skills.sort(byName) });
}

/**
 * Writes a snapshot back: the row's changed columns, and its skills, Bonds and disorders synced
 * by id. Every service writes through here, and undo restores a "before" snapshot the same way.
 * Returns whether any row changed: false when `after` stores exactly as `before` does.
 */
async function writeProtagonist(
  client: Client,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<boolean> {
  const old = protagonistColumns(before);
  const changed = Object.fromEntries(
    Object.entries(protagonistColumns(after)).filter(
      ([column, value]) => old[column as keyof typeof old] !== value,
    ),
  );
  const extrasChanged = !isDeepStrictEqual(before.extras, after.extras);
  const rowChanged = Object.keys(changed).length > 0 || extrasChanged;
  if (rowChanged) {
    await client.protagonist.update({
      where: { id: after.id },
      data: { ...changed, ...(extrasChanged ? { extras: jsonColumn(after.extras) } : {}) },
    });
  }
  const childrenChanged = await syncChildren(client, before, after);
  return rowChanged || childrenChanged;
}
