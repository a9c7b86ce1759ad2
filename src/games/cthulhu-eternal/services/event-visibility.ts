import type { Actor } from "../../../core/access/actor.js";
import { isGm } from "./campaign-access.js";
import type { StoreTx } from "../store/store.js";
import type { EventViewer } from "../store/event-reads.js";

export { EVERYONE, THE_BOT, type EventViewer } from "../store/event-reads.js";

import { VISIBILITIES, type Visibility } from "../store/records.js";

export { VISIBILITIES, type Visibility };

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
