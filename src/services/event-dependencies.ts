import { conflict } from "./errors.js";
import type { Tx } from "./store.js";

/**
 * Refuses when a later, still standing change touched the same Protagonist: reverting or
 * re-resolving an event under it would silently throw that later change away.
 */
export async function assertNoLaterChange(
  tx: Tx,
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
    select: { id: true, summary: true },
  });
  if (later) {
    throw conflict(
      `Can't ${action}: a later change depends on it (#${later.id}: ${later.summary}). Undo that first.`,
    );
  }
}
