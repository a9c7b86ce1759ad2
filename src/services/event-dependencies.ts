import { conflict } from "./errors.js";
import { readableLog, type EventViewer } from "./event-visibility.js";
import type { Tx } from "./store.js";

/**
 * Refuses when a later, still standing change touched the same Protagonist: reverting or
 * re-resolving an event under it would silently throw that later change away. The refusal names
 * that change only to a viewer who may read it.
 */
export async function assertNoLaterChange(
  tx: Tx,
  viewer: EventViewer,
  guildId: string,
  protagonistId: string,
  eventId: number,
  action: string,
): Promise<void> {
  const later = await tx.event.findFirst({
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
  const shown = await readableLog(tx, viewer).findFirst({
    where: { id: later.id },
    select: { id: true, summary: true },
  });
  if (!shown) {
    throw conflict(
      `Can't ${action}: a later change depends on it (one only its author and the GMs can see). Ask a GM.`,
    );
  }
  throw conflict(
    `Can't ${action}: a later change depends on it (#${shown.id}: ${shown.summary}). Undo that first.`,
  );
}
