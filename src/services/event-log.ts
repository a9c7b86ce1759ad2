import type { Prisma } from "../generated/prisma/client.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import type { Tx } from "./store.js";

export interface StateChange {
  before: ProtagonistSnapshot;
  after: ProtagonistSnapshot;
}

export interface EventInput {
  guildId: string;
  campaignId: string | null;
  actorId: string;
  kind: string;
  sessionNumber: number | null;
  /** What the user asked, validated. */
  input: unknown;
  /** Every die rolled and the rule's explanation (the rules' structured result). */
  dice?: unknown;
  summary: string;
  /** Protagonists whose state changed, before and after. */
  changes?: StateChange[];
  /** Protagonists the event concerns without changing them (e.g. a skill roll with no mark). */
  concerns?: string[];
}

/** Plain JSON for a Json column (drops undefined, keeps the rules' structured results as data). */
export function asJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

/** Appends one row to the event log, inside the caller's transaction. */
export async function recordEvent(tx: Tx, event: EventInput): Promise<number> {
  const changes = event.changes ?? [];
  const targets = new Set([...changes.map((c) => c.after.id), ...(event.concerns ?? [])]);
  const created = await tx.event.create({
    data: {
      guildId: event.guildId,
      campaignId: event.campaignId,
      actorId: event.actorId,
      kind: event.kind,
      sessionNumber: event.sessionNumber,
      input: asJson(event.input),
      ...(event.dice === undefined ? {} : { dice: asJson(event.dice) }),
      ...(changes.length
        ? {
            before: asJson(Object.fromEntries(changes.map((c) => [c.before.id, c.before]))),
            after: asJson(Object.fromEntries(changes.map((c) => [c.after.id, c.after]))),
          }
        : {}),
      changed: changes.length > 0,
      summary: event.summary.slice(0, 500),
      targets: { create: [...targets].map((protagonistId) => ({ protagonistId })) },
    },
    select: { id: true },
  });
  return created.id;
}
