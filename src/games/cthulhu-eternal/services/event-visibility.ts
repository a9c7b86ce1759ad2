import type { Actor } from "../../../core/access/actor.js";
import { isGm } from "./campaign-access.js";
import type { StoreTx } from "../store/store.js";
import type { EventViewer } from "../store/event-reads.js";

export { EVERYONE, THE_BOT, type EventViewer } from "../store/event-reads.js";

/**
 * Who may read a logged event: everyone in its campaign, only whoever did it and the campaign's
 * GMs (a secret roll, and what follows from it), or the GMs alone. The store applies it to every
 * read of the log (store/sqlite/event-reads.ts); reads name their viewer.
 */
export const VISIBILITIES = ["campaign", "actor-and-gms", "gms"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The actor reading the log of one campaign (a GM of it sees every event). */
export async function memberViewer(
  tx: StoreTx,
  actor: Actor,
  campaignId: string | null,
): Promise<EventViewer> {
  const gm = campaignId !== null && (await isGm(tx, actor, campaignId));
  return { kind: "member", userId: actor.userId, gm };
}

/**
 * A stored visibility (an unknown value reads as the most private one). An event that follows
 * from another — the undo of a secret roll's failure mark — takes the visibility of its source.
 */
export function asVisibility(source: string): Visibility {
  return (VISIBILITIES as readonly string[]).includes(source) ? (source as Visibility) : "gms";
}
