import { conflict } from "./errors.js";
import { readableLog, type EventViewer } from "./event-visibility.js";
import type { Tx } from "./deps.js";

/**
 * Refuses when a later, still standing change touched the same Protagonist: reverting or
 * re-resolving an event under it would silently throw that later change away. The refusal names
 * that change only to a viewer who may read it.
 */
export async function assertNoLaterChange(
  db: Tx,
  viewer: EventViewer,
  guildId: string,
  protagonistId: string,
  eventId: number,
  action: string,
): Promise<void> {
  const later = await db.event.findFirst({
    where: {
      guildId,
      id: { gt: eventId },
      changed: true,
      undoneById: null,
      undoesId: null,
      targets: { some: { protagonistId } },
    },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (!later) return;
  const shown = await readableLog(db, viewer).findFirst({
    where: { id: later.id },
    select: { id: true },
  });
  if (!shown) {
    throw conflict(
      `Can't ${action}: a later change depends on it (one only its author and the GMs can see). Ask a GM.`,
    );
  }
  throw conflict(
    `Can't ${action}: a later change depends on it (#${shown.id}, in \`/history\`). Undo that first.`,
  );
}

/** A later standing change in a dependency chain, as stored (visibility is the caller's). */
export interface DependentChange {
  id: number;
  campaignId: string | null;
  actorId: string;
  kind: string;
}

/**
 * Every later standing change that depends on the event, oldest first: those that touched its
 * Protagonists, then, transitively, those that touched a Protagonist such a change touched (undoing
 * the event needs all of them undone first, newest first).
 */
export async function dependentChain(
  db: Tx,
  guildId: string,
  protagonistIds: readonly string[],
  eventId: number,
): Promise<DependentChange[]> {
  const later = await db.event.findMany({
    where: { guildId, id: { gt: eventId }, changed: true, undoneById: null, undoesId: null },
    orderBy: { id: "asc" },
    select: {
      id: true,
      campaignId: true,
      actorId: true,
      kind: true,
      targets: { select: { protagonistId: true } },
    },
  });
  const touched = new Set(protagonistIds);
  const chain: DependentChange[] = [];
  for (const { targets, ...change } of later) {
    if (!targets.some((t) => touched.has(t.protagonistId))) continue;
    for (const t of targets) touched.add(t.protagonistId);
    chain.push(change);
  }
  return chain;
}
