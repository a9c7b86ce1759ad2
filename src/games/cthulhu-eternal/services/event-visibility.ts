import type { Prisma } from "../../../generated/prisma/client.js";
import type { Actor } from "../../../core/access/actor.js";
import { isGm } from "./campaign-access.js";
import type { StoreTx } from "../../../store/store.js";
import type { Tx } from "./deps.js";

/**
 * Who may read a logged event: everyone in its campaign, only whoever did it and the campaign's
 * GMs (a secret roll, and what follows from it), or the GMs alone.
 */
export const VISIBILITIES = ["campaign", "actor-and-gms", "gms"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * Who is reading the log: one member (whether they are a GM of the campaign read decides what
 * they see), or everyone at once — a public post shows only what every member may see, whoever
 * asked for it.
 */
export type EventViewer =
  | { readonly kind: "everyone" }
  | { readonly kind: "member"; readonly userId: string; readonly gm: boolean };

export const EVERYONE: EventViewer = { kind: "everyone" };

/** The actor reading the log of one campaign (a GM of it sees every event). */
export async function memberViewer(
  tx: StoreTx,
  actor: Actor,
  campaignId: string | null,
): Promise<EventViewer> {
  const gm = campaignId !== null && (await isGm(tx, actor, campaignId));
  return { kind: "member", userId: actor.userId, gm };
}

/** The filter every read of the log goes through: the events this viewer may see. */
export function visibleTo(viewer: EventViewer): Prisma.EventWhereInput {
  if (viewer.kind === "everyone") return { visibility: "campaign" };
  if (viewer.gm) return {};
  return {
    OR: [{ visibility: "campaign" }, { visibility: "actor-and-gms", actorId: viewer.userId }],
  };
}

/** `where`, narrowed to what the viewer may see. */
function narrowed(
  viewer: EventViewer,
  where: Prisma.EventWhereInput | undefined,
): Prisma.EventWhereInput {
  return { AND: [where ?? {}, visibleTo(viewer)] };
}

/**
 * The event log as one viewer may read it. Read paths (history, undo, summaries) take events
 * from here and never from `tx.event` directly, so none can forget the filter.
 */
export function readableLog(db: Tx, viewer: EventViewer) {
  return {
    findMany<T extends Prisma.EventFindManyArgs>(
      args: Prisma.SelectSubset<T, Prisma.EventFindManyArgs>,
    ) {
      const query: Prisma.EventFindManyArgs = args;
      return db.event.findMany<T>({
        ...query,
        where: narrowed(viewer, query.where),
      } as Prisma.SelectSubset<T, Prisma.EventFindManyArgs>);
    },
    findFirst<T extends Prisma.EventFindFirstArgs>(
      args: Prisma.SelectSubset<T, Prisma.EventFindFirstArgs>,
    ) {
      const query: Prisma.EventFindFirstArgs = args;
      return db.event.findFirst<T>({
        ...query,
        where: narrowed(viewer, query.where),
      } as Prisma.SelectSubset<T, Prisma.EventFindFirstArgs>);
    },
  };
}

export type ReadableLog = ReturnType<typeof readableLog>;

/**
 * A stored visibility (an unknown value reads as the most private one). An event that follows
 * from another — the undo of a secret roll's failure mark — takes the visibility of its source.
 */
export function asVisibility(source: string): Visibility {
  return (VISIBILITIES as readonly string[]).includes(source) ? (source as Visibility) : "gms";
}
