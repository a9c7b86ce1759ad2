import type { Actor } from "../../../core/access/actor.js";
import { changesOf } from "../services/protagonist-target.js";
import type { ProtagonistSnapshot } from "../services/snapshot.js";
import type { StoreTx } from "../store/store.js";
import type { Campaign } from "../store/types.js";
import type { ExtraEventKind } from "./module.js";

/**
 * Writes a module's change of one Protagonist and its typed event together (in the caller's
 * transaction): the payload checked by the kind's schema, the sheet before and after for undo.
 */
export async function logSheetChange(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  event: { kind: ExtraEventKind; payload: unknown; dice?: unknown },
  before: ProtagonistSnapshot,
  after: ProtagonistSnapshot,
): Promise<number> {
  const payload = event.kind.payload.parse(event.payload);
  await tx.protagonists.write(before, after);
  return tx.events.append({
    guildId: actor.guildId,
    campaignId: campaign.id,
    actorId: actor.userId,
    sessionNumber: campaign.sessionNumber,
    kind: event.kind.kind,
    payloadVersion: event.kind.version,
    payload,
    input: payload,
    dice: event.dice,
    changes: changesOf(before, after),
    concerns: [before.id],
  });
}
