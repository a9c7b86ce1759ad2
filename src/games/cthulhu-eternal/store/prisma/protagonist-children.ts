import type { Client } from "../../../../store/database.js";
import type {
  BondSnapshot,
  DisorderSnapshot,
  ProtagonistSnapshot,
  SkillSnapshot,
} from "../records.js";

/**
 * A Protagonist's child rows (skills, Bonds, disorders): created with a new sheet, and synced by
 * id when a sheet is written back.
 */

/**
 * Bonds and disorders are listed by creation time: new ones are stamped a millisecond apart, in
 * the snapshot's order, so that they read back in it.
 */
const stamp = (start: number, index: number) => new Date(start + index);

const skillData = (s: SkillSnapshot) => ({
  name: s.name,
  key: s.key,
  rating: s.rating,
  failureMarked: s.failureMarked,
  failureMarkVisibleTo: s.failureMarkVisibleTo,
});
const bondData = (b: BondSnapshot) => ({
  name: b.name,
  kind: b.kind,
  score: b.score,
  crossedOff: b.crossedOff,
  fellowProtagonistId: b.fellowId,
});

/** Creates every child of a new sheet. */
export async function insertChildren(client: Client, snapshot: ProtagonistSnapshot): Promise<void> {
  const protagonistId = snapshot.id;
  const start = Date.now();
  await client.skill.createMany({
    data: snapshot.skills.map((s) => ({ id: s.id, protagonistId, ...skillData(s) })),
  });
  await client.bond.createMany({
    data: snapshot.bonds.map((b, i) => ({
      id: b.id,
      protagonistId,
      ...bondData(b),
      createdAt: stamp(start, i),
    })),
  });
  await client.disorder.createMany({
    data: snapshot.disorders.map((d, i) => ({
      id: d.id,
      protagonistId,
      name: d.name,
      threat: d.threat,
      curedAt: d.cured ? new Date() : null,
      createdAt: stamp(start, i),
    })),
  });
}

/** Child rows are flat records of primitives: equal when every field is. */
function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** What changed between two lists of one kind of child: gone, changed and new ones. */
function diff<T extends { id: string }>(before: readonly T[], after: readonly T[]) {
  const kept = new Set(after.map((item) => item.id));
  const old = new Map(before.map((item) => [item.id, item]));
  return {
    removed: before.filter((item) => !kept.has(item.id)).map((item) => item.id),
    changed: after.flatMap((item) => {
      const was = old.get(item.id);
      return was && !sameFields(was, item) ? [{ was, item }] : [];
    }),
    added: after.filter((item) => !old.has(item.id)),
  };
}

/**
 * Deletes the children that are gone, updates the ones that changed, creates the new ones.
 * Returns whether any row was written.
 */
export async function syncChildren(
  client: Client,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<boolean> {
  const protagonistId = after.id;
  const skills = diff(before.skills, after.skills);
  const bonds = diff(before.bonds, after.bonds);
  const disorders = diff(before.disorders, after.disorders);
  const start = Date.now();

  if (skills.removed.length > 0) {
    await client.skill.deleteMany({ where: { protagonistId, id: { in: skills.removed } } });
  }
  for (const { item } of skills.changed) {
    await client.skill.update({ where: { id: item.id }, data: skillData(item) });
  }
  if (skills.added.length > 0) {
    await client.skill.createMany({
      data: skills.added.map((s) => ({ id: s.id, protagonistId, ...skillData(s) })),
    });
  }

  if (bonds.removed.length > 0) {
    await client.bond.deleteMany({ where: { protagonistId, id: { in: bonds.removed } } });
  }
  for (const { item } of bonds.changed) {
    await client.bond.update({ where: { id: item.id }, data: bondData(item) });
  }
  if (bonds.added.length > 0) {
    await client.bond.createMany({
      data: bonds.added.map((b, i) => ({
        id: b.id,
        protagonistId,
        ...bondData(b),
        createdAt: stamp(start, i),
      })),
    });
  }

  if (disorders.removed.length > 0) {
    await client.disorder.deleteMany({ where: { protagonistId, id: { in: disorders.removed } } });
  }
  for (const { was, item } of disorders.changed) {
    await client.disorder.update({
      where: { id: item.id },
      data: {
        name: item.name,
        threat: item.threat,
        // Keep the day a cure was first recorded.
        ...(was.cured !== item.cured ? { curedAt: item.cured ? new Date() : null } : {}),
      },
    });
  }
  if (disorders.added.length > 0) {
    await client.disorder.createMany({
      data: disorders.added.map((d: DisorderSnapshot, i) => ({
        id: d.id,
        protagonistId,
        name: d.name,
        threat: d.threat,
        curedAt: d.cured ? new Date() : null,
        createdAt: stamp(start, i),
      })),
    });
  }

  return [skills, bonds, disorders].some(
    (d) => d.removed.length + d.changed.length + d.added.length > 0,
  );
}
