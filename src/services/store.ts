import type { Prisma } from "../generated/prisma/client.js";
import { notFound } from "./errors.js";
import {
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

async function syncChildren(
  tx: Tx,
  protagonistId: string,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<void> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  const skillIds = new Set(after.skills.map((s) => s.id));
  const goneSkills = before.skills.filter((s) => !skillIds.has(s.id)).map((s) => s.id);
  if (goneSkills.length)
    await tx.skill.deleteMany({ where: { id: { in: goneSkills }, protagonistId } });
  for (const skill of after.skills) {
    const old = before.skills.find((s) => s.id === skill.id);
    if (old && same(old, skill)) continue;
    const data = {
      name: skill.name,
      key: skill.key,
      rating: skill.rating,
      failureMarked: skill.failureMarked,
    };
    if (old) await tx.skill.update({ where: { id: skill.id }, data });
    else await tx.skill.create({ data: { id: skill.id, protagonistId, ...data } });
  }

  const bondIds = new Set(after.bonds.map((b) => b.id));
  const goneBonds = before.bonds.filter((b) => !bondIds.has(b.id)).map((b) => b.id);
  if (goneBonds.length)
    await tx.bond.deleteMany({ where: { id: { in: goneBonds }, protagonistId } });
  for (const bond of after.bonds) {
    const old = before.bonds.find((b) => b.id === bond.id);
    if (old && same(old, bond)) continue;
    const data = {
      name: bond.name,
      kind: bond.kind,
      score: bond.score,
      crossedOff: bond.crossedOff,
      fellowProtagonistId: bond.fellowId,
    };
    if (old) await tx.bond.update({ where: { id: bond.id }, data });
    else await tx.bond.create({ data: { id: bond.id, protagonistId, ...data } });
  }

  const disorderIds = new Set(after.disorders.map((d) => d.id));
  const goneDisorders = before.disorders.filter((d) => !disorderIds.has(d.id)).map((d) => d.id);
  if (goneDisorders.length) {
    await tx.disorder.deleteMany({ where: { id: { in: goneDisorders }, protagonistId } });
  }
  for (const disorder of after.disorders) {
    const old = before.disorders.find((d) => d.id === disorder.id);
    if (old && same(old, disorder)) continue;
    const data = {
      name: disorder.name,
      threat: disorder.threat,
      curedAt: disorder.cured ? new Date() : null,
    };
    if (old) await tx.disorder.update({ where: { id: disorder.id }, data });
    else await tx.disorder.create({ data: { id: disorder.id, protagonistId, ...data } });
  }
}
