import type { StoreTx } from "../store/store.js";
import { z } from "zod";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, invalid, notFound } from "./errors.js";
import { THE_BOT } from "./event-visibility.js";
import {
  AUDIENCES,
  entryOf,
  historyScope,
  latestOwnChange,
  visibleEvent,
  type HistoryEntry,
} from "./history-entries.js";
import { UndoRefusedError } from "./undo-policy.js";
import {
  assertMayUndo,
  assertNoDependents,
  blockedBy,
  revert,
  undoChain,
  type UndoResult,
} from "./undo-steps.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { parseInput, recordId } from "./validation.js";

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

const undoBackInput = z.object({
  actor: actorSchema,
  eventId: z.number().int().positive(),
  newestId: z.number().int().positive(),
  size: z.number().int().min(1),
});

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Pass as `beforeId` for the next (older) page; null at the end. */
  nextBeforeId: number | null;
}

export type { UndoResult } from "./undo-steps.js";

export function createHistoryService({ store, extensions = NO_EXTENSIONS }: ServiceDeps) {
  const service = {
    /** The campaign's events, or one Protagonist's, newest first, a page at a time. */
    async history(raw: {
      actor: Actor;
      protagonistId?: string | null;
      beforeId?: number | null;
      pageSize?: number;
      audience?: "private" | "public";
    }): Promise<HistoryPage> {
      const input = parseInput(historyInput, raw);
      return store.transaction(async (tx) => {
        const rows = await tx.events.list({
          ...(await historyScope(tx, input)),
          ...(input.beforeId ? { below: input.beforeId } : {}),
          order: "newest",
          limit: input.pageSize + 1,
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
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor);
        const event = eventId
          ? await visibleEvent(tx, actor, eventId)
          : await latestOwnChange(tx, actor, campaign.id);
        if (!event) throw invalid({ code: "no-change-to-undo" });
        return entryOf(event);
      });
    },

    /**
     * Reverts an event by a compensating event that restores the state before it. Players undo
     * their own changes (rolls and tests only when the campaign allows it); GMs any change of the
     * campaign. Refused, with the whole chain, when later changes depend on it, or when it was
     * already undone.
     */
    async undo(raw: { actor: Actor; eventId: number }): Promise<UndoResult> {
      const { actor, eventId } = parseInput(undoInput, raw);
      if (!eventId) throw invalid({ code: "name-the-change" });
      return store.transaction(async (tx) => {
        const { event, campaign } = await undoTarget(tx, actor, eventId);
        await assertNoDependents(tx, actor, event, extensions);
        return revert(tx, actor, campaign, event);
      });
    },

    /**
     * Undoes the chain of later changes that depend on the event, newest first, then the event,
     * all in one transaction. `newestId` and `size` are the chain the actor was shown: a chain
     * that changed since is refused, as is one holding a change the actor may not undo.
     */
    async undoBackTo(raw: {
      actor: Actor;
      eventId: number;
      newestId: number;
      size: number;
    }): Promise<UndoResult[]> {
      const { actor, eventId, newestId, size } = parseInput(undoBackInput, raw);
      return store.transaction(async (tx) => {
        const { event, campaign } = await undoTarget(tx, actor, eventId);
        const chain = await undoChain(tx, actor, event, extensions);
        if (chain.ids.length !== size || chain.ids.at(-1) !== newestId) {
          throw new UndoRefusedError({ kind: "chain-changed", eventId });
        }
        if (chain.notYours.length) throw blockedBy(eventId, chain);
        const results = [];
        for (const id of [...chain.ids].reverse()) {
          // Each one was checked above: the actor may undo it.
          const later = await tx.events.readable(actor.guildId, THE_BOT, id);
          if (!later) throw new Error(`event #${id} of the chain is gone`);
          results.push(
            await revert(tx, actor, await resolveCampaign(tx, actor, later.campaignId), later),
          );
        }
        results.push(await revert(tx, actor, campaign, event));
        return results;
      });
    },
  };

  /** The event to undo, after the checks every undo makes first. */
  async function undoTarget(tx: StoreTx, actor: Actor, eventId: number) {
    const event = await visibleEvent(tx, actor, eventId);
    if (!event) throw notFound("change");
    if (event.undoesId !== null) throw invalid({ code: "undo-of-undo" });
    if (event.undoneById !== null) throw conflict({ code: "already-undone" });
    if (!event.changed || !event.before || !event.after) {
      throw invalid({ code: "nothing-to-undo" });
    }
    const campaign = await resolveCampaign(tx, actor, event.campaignId);
    await assertMayUndo(tx, actor, campaign, event, extensions);
    return { event, campaign };
  }

  return service;
}

export type HistoryService = ReturnType<typeof createHistoryService>;
