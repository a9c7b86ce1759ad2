import type { Prisma } from "../../../generated/prisma/client.js";
import type { StoreTx } from "../../../store/store.js";
import type { Actor } from "../../../core/access/actor.js";
import { resolveCampaign } from "./campaign-access.js";
import {
  asVisibility,
  EVERYONE,
  memberViewer,
  readableLog,
  type EventViewer,
  type ReadableLog,
  type Visibility,
} from "./event-visibility.js";
import { readTarget } from "./protagonist-target.js";
import type { Tx } from "./deps.js";
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

export const entryFields = {
  id: true,
  kind: true,
  actorId: true,
  summary: true,
  payload: true,
  payloadVersion: true,
  createdAt: true,
  undoneById: true,
  undoesId: true,
  visibility: true,
} as const;

type EntryRow = Prisma.EventGetPayload<{ select: typeof entryFields }>;

export function entryOf(row: EntryRow): HistoryEntry {
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

export interface HistoryScope {
  /** The log as this page's audience may read it. */
  log: ReadableLog;
  /** The page's events: the campaign's, or those concerning one Protagonist. */
  where: Prisma.EventWhereInput;
}

/**
 * What a history page lists: the channel's campaign, or one Protagonist's events in its own
 * campaign (where they are logged, whichever channel they happened in), as the audience may see.
 */
export async function historyScope(
  db: Tx,
  tx: StoreTx,
  page: { actor: Actor; protagonistId?: string | null; audience: Audience },
): Promise<HistoryScope> {
  const { actor, protagonistId, audience } = page;
  const campaign = protagonistId
    ? (await readTarget(tx, actor, protagonistId)).campaign
    : await resolveCampaign(tx, actor);
  const viewer: EventViewer =
    audience === "public" ? EVERYONE : await memberViewer(tx, actor, campaign.id);
  return {
    log: readableLog(db, viewer),
    where: {
      guildId: actor.guildId,
      campaignId: campaign.id,
      ...(protagonistId ? { targets: { some: { protagonistId } } } : {}),
    },
  };
}

/**
 * An event of the actor's guild by id, if the actor may read it (a GM of its campaign, its
 * author, or anyone for an event the whole campaign sees); null otherwise, as if there were none.
 */
export async function visibleEvent(db: Tx, tx: StoreTx, actor: Actor, eventId: number) {
  const where = { id: eventId, guildId: actor.guildId };
  const at = await db.event.findFirst({ where, select: { campaignId: true } });
  if (!at) return null;
  return readableLog(db, await memberViewer(tx, actor, at.campaignId)).findFirst({ where });
}
