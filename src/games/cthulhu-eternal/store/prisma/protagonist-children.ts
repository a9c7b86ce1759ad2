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
  await syncChildren(client, { ...snapshot, skills: [], bonds: [], disorders: [] }, snapshot);
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

/** How one kind of child is deleted, updated and created. */
interface ChildWrites<T> {
  remove(ids: string[]): Promise<unknown>;
  update(item: T, was: T): Promise<unknown>;
  create(items: T[]): Promise<unknown>;
}

/** Deletes the children that are gone, updates the ones that changed, creates the new ones. */
async function sync<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  writes: ChildWrites<T>,
): Promise<boolean> {
  const { removed, changed, added } = diff(before, after);
  if (removed.length > 0) await writes.remove(removed);
  for (const { was, item } of changed) await writes.update(item, was);
  if (added.length > 0) await writes.create(added);
  return removed.length + changed.length + added.length > 0;
}

/** Syncs every kind of child of the sheet; true when any row was written. */
export async function syncChildren(
  client: Client,
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<boolean> {
  const protagonistId = after.id;
  const start = Date.now();
  const skills = await sync(before.skills, after.skills, {
    remove: (ids) => client.skill.deleteMany({ where: { protagonistId, id: { in: ids } } }),
    update: (s) => client.skill.update({ where: { id: s.id }, data: skillData(s) }),
    create: (added) =>
      client.skill.createMany({
        data: added.map((s) => ({ id: s.id, protagonistId, ...skillData(s) })),
      }),
  });
  const bonds = await sync(before.bonds, after.bonds, {
    remove: (ids) => client.bond.deleteMany({ where: { protagonistId, id: { in: ids } } }),
    update: (b) => client.bond.update({ where: { id: b.id }, data: bondData(b) }),
    create: (added) =>
      client.bond.createMany({
        data: added.map((b, i) => ({
          id: b.id,
          protagonistId,
          ...bondData(b),
          createdAt: stamp(start, i),
        })),
      }),
  });
  const disorders = await sync(before.disorders, after.disorders, {
    remove: (ids) => client.disorder.deleteMany({ where: { protagonistId, id: { in: ids } } }),
    update: (d, was) =>
      client.disorder.update({
        where: { id: d.id },
        data: {
          name: d.name,
          threat: d.threat,
          // Keep the day a cure was first recorded.
          ...(was.cured !== d.cured ? { curedAt: d.cured ? new Date() : null } : {}),
        },
      }),
    create: (added) =>
      client.disorder.createMany({
        data: added.map((d: DisorderSnapshot, i) => ({
          id: d.id,
          protagonistId,
          name: d.name,
          threat: d.threat,
          curedAt: d.cured ? new Date() : null,
          createdAt: stamp(start, i),
        })),
      }),
  });
  return skills || bonds || disorders;
}
