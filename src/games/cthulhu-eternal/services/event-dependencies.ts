import type { StoreTx } from "../store/store.js";
import type { LaterChange } from "../store/event-reads.js";
import { conflict } from "./errors.js";
import type { DependentAction } from "./refusals.js";
import type { EventViewer } from "./event-visibility.js";

/**
 * Refuses when a later, still standing change touched the same Protagonist: reverting or
 * re-resolving an event under it would silently throw that later change away. The refusal names
 * that change only to a viewer who may read it.
 */
export async function assertNoLaterChange(
  tx: StoreTx,
  viewer: EventViewer,
  guildId: string,
  protagonistId: string,
  eventId: number,
  action: DependentAction,
): Promise<void> {
  const later = (await tx.events.laterChanges(guildId, eventId))
    .filter((change) => change.targets.includes(protagonistId))
    .at(-1);
  if (!later) return;
  const shown = await tx.events.readable(guildId, viewer, later.id);
  throw conflict(
    shown
      ? { code: "later-change", action, eventId: shown.id }
      : { code: "later-change-hidden", action },
  );
}

/** A later standing change in a dependency chain, as stored (visibility is the caller's). */
export type DependentChange = Omit<LaterChange, "targets">;

/**
 * Every later standing change that depends on the event, oldest first: those that touched its
 * Protagonists, then, transitively, those that touched a Protagonist such a change touched (undoing
 * the event needs all of them undone first, newest first).
 */
export async function dependentChain(
  tx: StoreTx,
  guildId: string,
  protagonistIds: readonly string[],
  eventId: number,
): Promise<DependentChange[]> {
  const touched = new Set(protagonistIds);
  const chain: DependentChange[] = [];
  for (const { targets, ...change } of await tx.events.laterChanges(guildId, eventId)) {
    if (!targets.some((id) => touched.has(id))) continue;
    for (const id of targets) touched.add(id);
    chain.push(change);
  }
  return chain;
}
