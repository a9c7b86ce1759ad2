import type { StoreTx } from "../store/store.js";
import type { LogEntry, LoggedChange, LogQuery } from "../store/event-reads.js";
import type { Actor } from "../../../core/access/actor.js";
import { resolveCampaign } from "./campaign-access.js";
import { asVisibility, EVERYONE, memberViewer, type Visibility } from "./event-visibility.js";
import { readTarget } from "./protagonist-target.js";
import { loggedFact, type LoggedFact } from "./event-facts.js";

/** One line of the log as /history and /undo show it. */
export interface HistoryEntry {
  id: number;
  kind: string;
  actorId: string;
  /** What happened, worded by the bot when shown. */
  fact: LoggedFact;
  createdAt: Date;
  undone: boolean;
  isUndo: boolean;
  /** Who may read it (the bot marks the entries not everyone sees). */
  visibility: Visibility;
}

/** Who a history page is for: the one member asking, or the table (a public post). */
export const AUDIENCES = ["private", "public"] as const;
export type Audience = (typeof AUDIENCES)[number];

export function entryOf(row: LogEntry): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    actorId: row.actorId,
    fact: loggedFact(row),
    createdAt: row.createdAt,
    undone: row.undoneById !== null,
    isUndo: row.undoesId !== null,
    visibility: asVisibility(row.visibility),
  };
}

/** The events a history page lists, as its audience may read them (a LogQuery's scope). */
export type HistoryScope = Pick<LogQuery, "guildId" | "viewer" | "campaignId" | "protagonistId">;

/**
 * What a history page lists: the channel's campaign, or one Protagonist's events in its own
 * campaign (where they are logged, whichever channel they happened in), as the audience may see.
 */
export async function historyScope(
  tx: StoreTx,
  page: { actor: Actor; protagonistId?: string | null; audience: Audience },
): Promise<HistoryScope> {
  const { actor, protagonistId, audience } = page;
  const campaign = protagonistId
    ? (await readTarget(tx, actor, protagonistId)).campaign
    : await resolveCampaign(tx, actor);
  return {
    guildId: actor.guildId,
    viewer: audience === "public" ? EVERYONE : await memberViewer(tx, actor, campaign.id),
    campaignId: campaign.id,
    ...(protagonistId ? { protagonistId } : {}),
  };
}

/**
 * An event of the actor's guild by id, if the actor may read it (a GM of its campaign, its
 * author, or anyone for an event the whole campaign sees); undefined otherwise, as if there were none.
 */
export async function visibleEvent(
  tx: StoreTx,
  actor: Actor,
  eventId: number,
): Promise<LoggedChange | undefined> {
  const at = await tx.events.campaignOf(actor.guildId, eventId);
  if (!at) return undefined;
  return tx.events.readable(actor.guildId, await memberViewer(tx, actor, at.campaignId), eventId);
}

/** The actor's newest change still standing in the campaign, as the actor may read it. */
export async function latestOwnChange(
  tx: StoreTx,
  actor: Actor,
  campaignId: string,
): Promise<LoggedChange | undefined> {
  const [latest] = await tx.events.listChanges({
    guildId: actor.guildId,
    viewer: await memberViewer(tx, actor, campaignId),
    campaignId,
    actorId: actor.userId,
    standingChanges: true,
    order: "newest",
    limit: 1,
  });
  return latest;
}
