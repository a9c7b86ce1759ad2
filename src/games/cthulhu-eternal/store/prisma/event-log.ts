import type { Prisma } from "../../../../generated/prisma/client.js";
import type { Client } from "../../../../store/database.js";
import type { EventViewer, LaterChange, LogEntry, LoggedChange, LogQuery } from "../event-reads.js";

const ENTRY = {
  id: true,
  campaignId: true,
  actorId: true,
  kind: true,
  payload: true,
  payloadVersion: true,
  summary: true,
  visibility: true,
  createdAt: true,
  changed: true,
  undoneById: true,
  undoesId: true,
} as const;

const CHANGE = { ...ENTRY, input: true, dice: true, before: true, after: true } as const;

/** Changes still standing: not undone, and not undos themselves. */
const STANDING = { changed: true, undoneById: null, undoesId: null } as const;

/** The one rule of who reads what: everyone sees `campaign`; a roller, their `actor-and-gms`. */
function visibleTo(viewer: EventViewer): Prisma.EventWhereInput {
  if (viewer.kind === "everyone") return { visibility: "campaign" };
  if (viewer.kind === "bot" || viewer.gm) return {};
  return {
    OR: [{ visibility: "campaign" }, { visibility: "actor-and-gms", actorId: viewer.userId }],
  };
}

/** A query's conditions: every one of them must hold. */
function whereOf(query: LogQuery): Prisma.EventWhereInput {
  const all: Prisma.EventWhereInput[] = [{ guildId: query.guildId }, visibleTo(query.viewer)];
  const add = (condition: Prisma.EventWhereInput | false | undefined) => {
    if (condition) all.push(condition);
  };
  add(query.campaignId !== undefined && { campaignId: query.campaignId });
  add(query.kind !== undefined && { kind: query.kind });
  add(
    query.protagonistId !== undefined && {
      targets: { some: { protagonistId: query.protagonistId } },
    },
  );
  add(query.actorId !== undefined && { actorId: query.actorId });
  add(query.actorIds !== undefined && { actorId: { in: [...query.actorIds] } });
  add(query.notUndone && { undoneById: null });
  add(query.sessionNumber !== undefined && { sessionNumber: query.sessionNumber });
  add(query.changes && { changed: true });
  add(query.standingChanges && STANDING);
  add(
    (query.excludeKinds?.length ?? 0) > 0 && { kind: { notIn: [...(query.excludeKinds ?? [])] } },
  );
  add(query.id !== undefined && { id: query.id });
  add(query.below !== undefined && { id: { lt: query.below } });
  add(query.above !== undefined && { id: { gt: query.above } });
  add(query.from !== undefined && { id: { gte: query.from } });
  return { AND: all };
}

function listArgs(query: LogQuery) {
  return {
    where: whereOf(query),
    orderBy: { id: query.order === "newest" ? "desc" : "asc" },
    ...(query.limit !== undefined ? { take: query.limit } : {}),
  } as const;
}

/** The event log's reads, each filtered to what its viewer may see. */
export function eventLogOn(client: Client) {
  return {
    list: (query: LogQuery): Promise<LogEntry[]> =>
      client.event.findMany({ ...listArgs(query), select: ENTRY }),

    /** As `list`, with each event's state snapshots. */
    listChanges: (query: LogQuery): Promise<LoggedChange[]> =>
      client.event.findMany({ ...listArgs(query), select: CHANGE }),

    readable: async (
      guildId: string,
      viewer: EventViewer,
      id: number,
    ): Promise<LoggedChange | undefined> =>
      (await client.event.findFirst({
        where: { AND: [{ id, guildId }, visibleTo(viewer)] },
        select: CHANGE,
      })) ?? undefined,

    campaignOf: async (
      guildId: string,
      id: number,
    ): Promise<{ campaignId: string | null } | undefined> =>
      (await client.event.findFirst({ where: { id, guildId }, select: { campaignId: true } })) ??
      undefined,

    laterChanges: async (guildId: string, after: number): Promise<LaterChange[]> =>
      (
        await client.event.findMany({
          where: { guildId, id: { gt: after }, ...STANDING },
          select: {
            id: true,
            campaignId: true,
            actorId: true,
            kind: true,
            targets: { select: { protagonistId: true } },
          },
          orderBy: { id: "asc" },
        })
      ).map(({ targets, ...change }) => ({
        ...change,
        targets: targets.map((t) => t.protagonistId),
      })),

    markUndone: async (eventId: number, undoEventId: number): Promise<void> => {
      await client.event.update({ where: { id: undoEventId }, data: { undoesId: eventId } });
      await client.event.update({ where: { id: eventId }, data: { undoneById: undoEventId } });
    },
  };
}
