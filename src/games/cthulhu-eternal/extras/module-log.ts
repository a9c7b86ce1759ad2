import type { Actor } from "../../../core/access/actor.js";
import type { CampaignDataChange } from "../services/campaign-module-data.js";
import type { StateChange } from "../services/event-log.js";
import { changesOf } from "../services/protagonist-target.js";
import type { ProtagonistSnapshot } from "../services/snapshot.js";
import type { Visibility } from "../store/records.js";
import type { StoreTx } from "../store/store.js";
import type { Campaign } from "../store/types.js";
import type { ExtraEventKind } from "./module.js";

/** A module's event as it is logged: its kind, the payload its schema checks, what it changed. */
export interface ModuleEvent {
  kind: ExtraEventKind;
  payload: unknown;
  dice?: unknown;
  changes?: StateChange[];
  campaignData?: CampaignDataChange[];
  concerns?: string[];
  visibility?: Visibility;
}

/** Appends a module's typed event in the caller's transaction; the payload is the kind's to check. */
export async function logModuleEvent(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  event: ModuleEvent,
): Promise<number> {
  const payload = event.kind.payload.parse(event.payload);
  return tx.events.append({
    guildId: actor.guildId,
    campaignId: campaign.id,
    actorId: actor.userId,
    sessionNumber: campaign.sessionNumber,
    kind: event.kind.kind,
    payloadVersion: event.kind.version,
    payload,
    input: payload,
    ...(event.dice === undefined ? {} : { dice: event.dice }),
    ...(event.changes ? { changes: event.changes } : {}),
    ...(event.campaignData ? { campaignData: event.campaignData } : {}),
    ...(event.concerns ? { concerns: event.concerns } : {}),
    ...(event.visibility ? { visibility: event.visibility } : {}),
  });
}

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
  await tx.protagonists.write(before, after);
  return logModuleEvent(tx, actor, campaign, {
    ...event,
    changes: changesOf(before, after),
    concerns: [before.id],
  });
}
