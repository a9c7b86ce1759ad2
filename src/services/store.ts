import type { Prisma } from "../generated/prisma/client.js";
import { notFound } from "./errors.js";
import {
  type BondSnapshot,
  type DisorderSnapshot,
  type SkillSnapshot,
  protagonistColumns,
  protagonistInclude,
  toSnapshot,
  type ProtagonistSnapshot,
} from "./snapshot.js";

export type Tx = Prisma.TransactionClient;

/** Loads a Protagonist of this guild; one of another guild is "not found", never leaked. */
export async function loadProtagonist(
  tx: Tx,
  guildId: string,
  id: string,
): Promise<ProtagonistSnapshot> {
  const row = await tx.protagonist.findFirst({
    where: { id, guildId },
    include: protagonistInclude,
  });
  if (!row) throw notFound("That Protagonist");
  return toSnapshot(row);
}

/**
 * Writes a snapshot back: the row's columns, and its skills, Bonds and disorders synced by id
 * (new ones created, changed ones updated, missing ones deleted). Every service writes through
 * here, and undo restores a "before" snapshot the same way.
 */
export async function writeProtagonist(
  tx: Tx,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<void> {
  const columns = protagonistColumns(after);
  const old = protagonistColumns(before);
  const changed = Object.fromEntries(
    Object.entries(columns).filter(([key, value]) => old[key as keyof typeof old] !== value),
  );
  if (Object.keys(changed).length > 0) {
    await tx.protagonist.update({ where: { id: after.id }, data: changed });
  }
  await syncChildren(tx, after.id, before, after);
}

/** How to write one kind of child row (skills, Bonds, disorders) of a Protagonist. */
interface ChildRows<T extends { id: string }> {
  remove(ids: string[]): Promise<unknown>;
  update(item: T): Promise<unknown>;
  create(item: T): Promise<unknown>;
}

/** Deletes the rows that are gone, updates the ones that changed, creates the new ones. */
async function syncRows<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  rows: ChildRows<T>,
): Promise<void> {
  const kept = new Set(after.map((item) => item.id));
  const gone = before.filter((item) => !kept.has(item.id)).map((item) => item.id);
  if (gone.length > 0) await rows.remove(gone);
  for (const item of after) {
    const old = before.find((b) => b.id === item.id);
    if (!old) await rows.create(item);
    else if (JSON.stringify(old) !== JSON.stringify(item)) await rows.update(item);
  }
}

async function syncChildren(
  tx: Tx,
  protagonistId: string,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<void> {
  const skillData = (s: SkillSnapshot) => ({
    name: s.name,
    key: s.key,
    rating: s.rating,
    failureMarked: s.failureMarked,
  });
  await syncRows(before.skills, after.skills, {
    remove: (ids) => tx.skill.deleteMany({ where: { id: { in: ids }, protagonistId } }),
    update: (s) => tx.skill.update({ where: { id: s.id }, data: skillData(s) }),
    create: (s) => tx.skill.create({ data: { id: s.id, protagonistId, ...skillData(s) } }),
  });

  const bondData = (b: BondSnapshot) => ({
    name: b.name,
    kind: b.kind,
    score: b.score,
    crossedOff: b.crossedOff,
    fellowProtagonistId: b.fellowId,
  });
  await syncRows(before.bonds, after.bonds, {
    remove: (ids) => tx.bond.deleteMany({ where: { id: { in: ids }, protagonistId } }),
    update: (b) => tx.bond.update({ where: { id: b.id }, data: bondData(b) }),
    create: (b) => tx.bond.create({ data: { id: b.id, protagonistId, ...bondData(b) } }),
  });

  const disorderData = (d: DisorderSnapshot) => ({
    name: d.name,
    threat: d.threat,
    curedAt: d.cured ? new Date() : null,
  });
  await syncRows(before.disorders, after.disorders, {
    remove: (ids) => tx.disorder.deleteMany({ where: { id: { in: ids }, protagonistId } }),
    update: (d) => tx.disorder.update({ where: { id: d.id }, data: disorderData(d) }),
    create: (d) => tx.disorder.create({ data: { id: d.id, protagonistId, ...disorderData(d) } }),
  });
}
