import type { Client } from "../../../../store/database.js";
import { jsonColumn, requiredJson } from "../../../../store/json.js";
import type { EventRepository, StoredEvent } from "../store.js";
import { CAMPAIGN_DATA_KEY, type EventInput } from "../records.js";
import { eventLogOn } from "./event-log.js";

const STORED = {
  id: true,
  kind: true,
  input: true,
  dice: true,
  before: true,
  undoneById: true,
} as const;

function storedEvent(row: StoredEvent | null): StoredEvent | undefined {
  return row ?? undefined;
}

/** The event log: appends, and the lookups the Sanity and Bond paths make. */
export function eventsOn(client: Client): EventRepository {
  return {
    ...eventLogOn(client),
    append: (event) => appendEvent(client, event),
    find: async (guildId, id) =>
      storedEvent(await client.event.findFirst({ where: { id, guildId }, select: STORED })),
    targets: async (eventId) =>
      (
        await client.eventTarget.findMany({
          where: { eventId },
          select: { protagonistId: true },
        })
      ).map((t) => t.protagonistId),
    latestReferring: async ({ guildId, kind, after, refersTo }) =>
      storedEvent(
        await client.event.findFirst({
          where: { guildId, kind, refersTo, id: { gt: after }, undoneById: null },
          orderBy: { id: "desc" },
          select: STORED,
        }),
      ),
  };
}

/** Appends one row to the event log (and its targets); returns its id. */
async function appendEvent(client: Client, event: EventInput): Promise<number> {
  const changes = event.changes ?? [];
  const targets = new Set([...changes.map((c) => c.after.id), ...(event.concerns ?? [])]);
  const campaignData = event.campaignData ?? [];
  const changed = changes.length > 0 || campaignData.length > 0;
  const snapshots = (side: "before" | "after") =>
    changed
      ? {
          ...Object.fromEntries(changes.map((c) => [c[side].id, c[side]])),
          ...(campaignData.length
            ? {
                [CAMPAIGN_DATA_KEY]: Object.fromEntries(
                  campaignData.map((c) => [c.moduleId, c[side] ?? null]),
                ),
              }
            : {}),
        }
      : null;
  const { id } = await client.event.create({
    data: {
      guildId: event.guildId,
      campaignId: event.campaignId,
      actorId: event.actorId,
      kind: event.kind,
      sessionNumber: event.sessionNumber,
      input: requiredJson(event.input),
      dice: jsonColumn(event.dice),
      before: jsonColumn(snapshots("before")),
      after: jsonColumn(snapshots("after")),
      changed,
      summary: "",
      payload: JSON.stringify(event.payload ?? null),
      payloadVersion: event.payloadVersion,
      visibility: event.visibility ?? "campaign",
      refersTo: event.refersTo ?? null,
    },
    select: { id: true },
  });
  const [only, ...more] = targets;
  if (only !== undefined && more.length === 0) {
    // Prisma plans a createMany afresh on every call; a single create's plan is kept.
    await client.eventTarget.create({
      data: { eventId: id, protagonistId: only },
      select: { eventId: true },
    });
  } else if (only !== undefined) {
    await client.eventTarget.createMany({
      data: [...targets].map((protagonistId) => ({ eventId: id, protagonistId })),
    });
  }
  return id;
}
