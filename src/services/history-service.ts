import { z } from "zod";
import { actorSchema, type Actor } from "./actor.js";
import { assertCanActOn, assertGm, isGm, resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, forbidden, invalid, notFound } from "./errors.js";
import { recordEvent } from "./event-log.js";
import { assertNoLaterChange } from "./event-dependencies.js";
import { asVisibility, EVERYONE, memberViewer, readableLog } from "./event-visibility.js";
import {
  AUDIENCES,
  entryFields,
  entryOf,
  historyScope,
  visibleEvent,
  type HistoryEntry,
} from "./history-entries.js";
import { storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist, writeProtagonist } from "./store.js";
import { parseInput, recordId } from "./validation.js";
import { displayText } from "./display-text.js";

export type { Audience, HistoryEntry } from "./history-entries.js";

export const HISTORY_PAGE_SIZE = 10;

const historyInput = z.object({
  actor: actorSchema,
  protagonistId: recordId.nullish(),
  /** Show events older than this id (the previous page's last id); absent: newest first. */
  beforeId: z.number().int().positive().nullish(),
  pageSize: z.number().int().min(1).max(25).default(HISTORY_PAGE_SIZE),
  /** "public": a page posted for the table, which lists only what every member may see. */
  audience: z.enum(AUDIENCES).default("private"),
});

const undoInput = z.object({ actor: actorSchema, eventId: z.number().int().positive().nullish() });

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
  /** The undone change as the whole table may read it; null when it is hidden from some. */
  publicSummary: string | null;
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
      audience?: "private" | "public";
    }): Promise<HistoryPage> {
      const input = parseInput(historyInput, raw);
      return db.$transaction(async (tx) => {
        const { log, where } = historyScope(tx, sql, input);
        const rows = await log.findMany({
          where: { ...where, ...(input.beforeId ? { id: { lt: input.beforeId } } : {}) },
          orderBy: { id: "desc" },
          take: input.pageSize + 1,
          select: entryFields,
        });
        const page = rows.slice(0, input.pageSize);
        return {
          entries: page.map(entryOf),
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
          ? await visibleEvent(tx, sql, actor, eventId)
          : await readableLog(tx, memberViewer(sql, actor, campaign.id)).findFirst({
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
        return entryOf(event);
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
        const event = await visibleEvent(tx, sql, actor, eventId);
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
        const viewer = memberViewer(sql, actor, campaign.id);
        const changes = [];
        for (const [id, snapshot] of Object.entries(before)) {
          await assertNoLaterChange(tx, viewer, actor.guildId, id, event.id, "undo that change");
          const current = loadProtagonist(sql, actor.guildId, id);
          // Someone else's change: a GM of its campaign, and of the Protagonist's.
          if (event.actorId === actor.userId) assertCanActOn(sql, actor, current);
          else assertGm(sql, actor, resolveCampaign(sql, actor, current.campaignId));
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
          // Undoing a secret roll's failure mark is as secret as the roll.
          visibility: asVisibility(event.visibility),
        });
        await tx.event.update({ where: { id: undoEventId }, data: { undoesId: event.id } });
        await tx.event.update({ where: { id: event.id }, data: { undoneById: undoEventId } });
        const shown = await readableLog(tx, EVERYONE).findFirst({
          where: { id: event.id },
          select: { summary: true },
        });
        return {
          undoneEventId: event.id,
          undoEventId,
          summary: event.summary,
          protagonists: changes.map((c) => c.after.name),
          publicSummary: shown?.summary ?? null,
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
