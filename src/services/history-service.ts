import { z } from "zod";
import { actorSchema, type Actor } from "./actor.js";
import { assertCanActOn, assertGm, isGm, resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, forbidden, invalid, notFound } from "./errors.js";
import { recordEvent } from "./event-log.js";
import { assertNoLaterChange } from "./event-dependencies.js";
import { storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist, writeProtagonist } from "./store.js";
import { parseInput, recordId } from "./validation.js";
import { displayText } from "./display-text.js";

export const HISTORY_PAGE_SIZE = 10;

const historyInput = z.object({
  actor: actorSchema,
  protagonistId: recordId.nullish(),
  /** Show events older than this id (the previous page's last id); absent: newest first. */
  beforeId: z.number().int().positive().nullish(),
  pageSize: z.number().int().min(1).max(25).default(HISTORY_PAGE_SIZE),
});

const undoInput = z.object({ actor: actorSchema, eventId: z.number().int().positive().nullish() });

export interface HistoryEntry {
  id: number;
  kind: string;
  actorId: string;
  summary: string;
  createdAt: Date;
  undone: boolean;
  isUndo: boolean;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Pass as `beforeId` for the next (older) page; null at the end. */
  nextBeforeId: number | null;
}

export interface UndoResult {
  undoneEventId: number;
  undoEventId: number;
  summary: string;
  protagonists: string[];
}

/** Why an entry can't be undone when it changed nothing (rolls, settings, SAN tests that cost nothing). */
export const NOTHING_TO_UNDO =
  "changed nothing (a roll, a setting, or a SAN test that cost nothing), so there is nothing to undo.";

export function createHistoryService({ db, sql }: ServiceDeps) {
  return {
    /** The campaign's events, or one Protagonist's, newest first, a page at a time. */
    async history(raw: {
      actor: Actor;
      protagonistId?: string | null;
      beforeId?: number | null;
      pageSize?: number;
    }): Promise<HistoryPage> {
      const input = parseInput(historyInput, raw);
      const { actor } = input;
      return db.$transaction(async (tx) => {
        const campaign = resolveCampaign(sql, actor);
        if (input.protagonistId) loadProtagonist(sql, actor.guildId, input.protagonistId);
        const rows = await tx.event.findMany({
          where: {
            guildId: actor.guildId,
            campaignId: campaign.id,
            ...(input.beforeId ? { id: { lt: input.beforeId } } : {}),
            ...(input.protagonistId
              ? { targets: { some: { protagonistId: input.protagonistId } } }
              : {}),
          },
          orderBy: { id: "desc" },
          take: input.pageSize + 1,
          select: {
            id: true,
            kind: true,
            actorId: true,
            summary: true,
            createdAt: true,
            undoneById: true,
            undoesId: true,
          },
        });
        const page = rows.slice(0, input.pageSize);
        return {
          entries: page.map((r) => ({
            id: r.id,
            kind: r.kind,
            actorId: r.actorId,
            summary: r.summary,
            createdAt: r.createdAt,
            undone: r.undoneById !== null,
            isUndo: r.undoesId !== null,
          })),
          nextBeforeId: rows.length > input.pageSize ? (page.at(-1)?.id ?? null) : null,
        };
      });
    },

    /** What `/undo` would revert: the given event, or the actor's latest standing change. */
    async undoCandidate(raw: { actor: Actor; eventId?: number | null }): Promise<HistoryEntry> {
      const { actor, eventId } = parseInput(undoInput, raw);
      return db.$transaction(async (tx) => {
        const campaign = resolveCampaign(sql, actor);
        const event = eventId
          ? await tx.event.findFirst({ where: { id: eventId, guildId: actor.guildId } })
          : await tx.event.findFirst({
              where: {
                guildId: actor.guildId,
                campaignId: campaign.id,
                actorId: actor.userId,
                changed: true,
                undoneById: null,
                undoesId: null,
              },
              orderBy: { id: "desc" },
            });
        if (!event) throw invalid("You have no change to undo here.");
        return {
          id: event.id,
          kind: event.kind,
          actorId: event.actorId,
          summary: event.summary,
          createdAt: event.createdAt,
          undone: event.undoneById !== null,
          isUndo: event.undoesId !== null,
        };
      });
    },

    /**
     * Reverts an event by a compensating event that restores the state before it. Players undo
     * their own changes; GMs any change of the campaign. Refused when a later change to the same
     * Protagonist depends on it, or when it was already undone.
     */
    async undo(raw: { actor: Actor; eventId: number }): Promise<UndoResult> {
      const { actor, eventId } = parseInput(undoInput, raw);
      if (!eventId) throw invalid("Say which change to undo.");
      return db.$transaction(async (tx) => {
        const event = await tx.event.findFirst({ where: { id: eventId, guildId: actor.guildId } });
        if (!event) throw notFound("That change");
        if (event.undoesId !== null)
          throw invalid("An undo can't be undone; make the change again instead.");
        if (event.undoneById !== null) throw conflict("That change was already undone.");
        if (!event.changed || !event.before || !event.after) {
          throw invalid(`That entry ${NOTHING_TO_UNDO}`);
        }
        const campaign = resolveCampaign(sql, actor, event.campaignId);
        if (event.actorId !== actor.userId && !isGm(sql, actor, campaign.id)) {
          throw forbidden("Only a GM can undo someone else's change.");
        }
        const before = storedSnapshots(event.before);
        const after = storedSnapshots(event.after);
        const changes = [];
        for (const [id, snapshot] of Object.entries(before)) {
          await assertNoLaterChange(tx, actor.guildId, id, event.id, "undo that change");
          const current = loadProtagonist(sql, actor.guildId, id);
          if (event.actorId === actor.userId) assertCanActOn(sql, actor, current);
          else assertGm(sql, actor, campaign);
          if (JSON.stringify(comparable(current)) !== JSON.stringify(comparable(after[id]))) {
            throw conflict(
              `**${displayText(current.name)}** changed since then in a way the log can't undo safely.`,
            );
          }
          writeProtagonist(sql, current, snapshot);
          changes.push({ before: current, after: snapshot });
        }
        const undoEventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "undo",
          sessionNumber: campaign.sessionNumber,
          input: { eventId: event.id },
          summary: `undid #${event.id}: ${event.summary}`,
          changes,
        });
        await tx.event.update({ where: { id: undoEventId }, data: { undoesId: event.id } });
        await tx.event.update({ where: { id: event.id }, data: { undoneById: undoEventId } });
        return {
          undoneEventId: event.id,
          undoEventId,
          summary: event.summary,
          protagonists: changes.map((c) => c.after.name),
        };
      });
    },
  };
}

/** Snapshot fields that matter for "nothing changed since"; disorder ids/cure dates vary. */
function comparable(s: ProtagonistSnapshot | undefined): unknown {
  if (!s) return null;
  const byId = <T extends { id: string }>(items: T[]) =>
    [...items].sort((a, b) => a.id.localeCompare(b.id));
  return {
    ...s,
    skills: byId(s.skills),
    bonds: byId(s.bonds),
    disorders: s.disorders.map((d) => `${d.name}:${String(d.cured)}`).sort(),
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
