import { z } from "zod";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import type { Campaign } from "../store/types.js";
import type { LogQuery } from "../store/event-reads.js";
import { isGm, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, invalid, notFound } from "./errors.js";
import { memberViewer } from "./event-visibility.js";
import {
  AUDIENCES,
  entryOf,
  historyScope,
  latestOwnChange,
  visibleEvent,
  type HistoryEntry,
} from "./history-entries.js";
import { HISTORY_PAGE_SIZE, type HistoryPage } from "./history-service.js";
import { storedCampaignData, storedSnapshots } from "./snapshot.js";
import { rollKindsOf } from "./undo-policy.js";
import { NO_EXTENSIONS, type ExtensionPoints } from "./extension-points.js";
import { assertMayUndo, assertNoDependents } from "./undo-steps.js";
import { parseInput, recordId } from "./validation.js";

/**
 * Reads for browsing the log from Discord: the newer page (the existing `history` only pages
 * towards older events), the changes a user may undo (autocomplete), and an undo preview that
 * refuses, before any button is shown, what `undo` would refuse.
 */

/** How far back `/undo`'s search looks: a session's worth of changes, and then some. */
const UNDO_CANDIDATES = 300;

const newerInput = z.object({
  actor: actorSchema,
  protagonistId: recordId.nullish(),
  /** Show events newer than this id (the current page's newest id). */
  afterId: z.number().int().positive(),
  pageSize: z.number().int().min(1).max(25).default(HISTORY_PAGE_SIZE),
  audience: z.enum(AUDIENCES).default("private"),
});

const undoableInput = z.object({
  actor: actorSchema,
  eventId: z.number().int().positive().nullish(),
});

const previewInput = z.object({
  actor: actorSchema,
  eventId: z.number().int().positive().nullish(),
});

export interface NewerHistoryPage extends HistoryPage {
  /** Whether a still newer page exists (false once this is the newest page). */
  hasNewer: boolean;
}

export interface UndoPreview {
  entry: HistoryEntry;
  /** Names of the Protagonists the undo restores. */
  protagonists: string[];
  /** Ids of the modules whose campaign data (an entity, a catalogue) the undo restores. */
  campaignData: string[];
}

export function createHistoryBrowsing({
  store,
  extensions = NO_EXTENSIONS,
}: Pick<ServiceDeps, "store" | "extensions">) {
  return {
    /**
     * The page just newer than `afterId`, newest first. When less than a full page is newer, the
     * newest page instead, so going back up always ends on the page `history` starts with.
     */
    async historyNewer(raw: {
      actor: Actor;
      protagonistId?: string | null;
      afterId: number;
      pageSize?: number;
      audience?: "private" | "public";
    }): Promise<NewerHistoryPage> {
      const input = parseInput(newerInput, raw);
      return store.transaction(async (tx) => {
        const scope = await historyScope(tx, input);
        const above = await tx.events.list({
          ...scope,
          above: input.afterId,
          order: "oldest",
          limit: input.pageSize + 1,
        });
        const hasNewer = above.length > input.pageSize;
        const rows = hasNewer
          ? above.slice(0, input.pageSize).reverse()
          : await tx.events.list({ ...scope, order: "newest", limit: input.pageSize });
        const oldest = rows.at(-1);
        const older = oldest
          ? await tx.events.list({ ...scope, below: oldest.id, order: "newest", limit: 1 })
          : [];
        return {
          entries: rows.map(entryOf),
          nextBeforeId: older.length && oldest ? oldest.id : null,
          hasNewer,
        };
      });
    },

    /**
     * Candidates for `/undo`'s autocomplete: the latest standing changes, newest first — the
     * actor's own, or everyone's in the campaign for a GM — plus the change `eventId` when it is
     * one of those the actor may undo. The command matches what the user typed against the
     * worded lines, since that is what the user reads.
     */
    async undoable(raw: { actor: Actor; eventId?: number | null }): Promise<HistoryEntry[]> {
      const { actor, eventId } = parseInput(undoableInput, raw);
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor);
        const gm = await isGm(tx, actor, campaign.id);
        const scope: LogQuery = {
          guildId: actor.guildId,
          viewer: await memberViewer(tx, actor, campaign.id),
          campaignId: campaign.id,
          standingChanges: true,
          ...(gm ? {} : ownUndoable(actor, campaign, extensions)),
          order: "newest",
        };
        const rows = await tx.events.list({ ...scope, limit: UNDO_CANDIDATES });
        if (eventId && !rows.some((row) => row.id === eventId)) {
          rows.push(...(await tx.events.list({ ...scope, id: eventId })));
        }
        return rows.map(entryOf);
      });
    },

    /**
     * What `/undo` would revert — the given event, or the actor's latest standing change — after
     * the checks `undo` makes: a change, not yet undone, not an undo, one the actor may undo, and
     * no later change depending on it. Nothing is written; `undo`
     * checks again when confirmed.
     */
    async undoPreview(raw: { actor: Actor; eventId?: number | null }): Promise<UndoPreview> {
      const { actor, eventId } = parseInput(previewInput, raw);
      return store.transaction(async (tx) => {
        const here = eventId ? null : await resolveCampaign(tx, actor);
        const event = here
          ? await latestOwnChange(tx, actor, here.id)
          : await visibleEvent(tx, actor, eventId ?? 0);
        if (!event) {
          if (eventId) throw notFound("change", eventId);
          throw invalid({ code: "no-change-to-undo" });
        }
        if (event.undoesId !== null) throw invalid({ code: "undo-of-undo", eventId: event.id });
        if (event.undoneById !== null) {
          throw conflict({ code: "already-undone", eventId: event.id, by: event.undoneById });
        }
        if (!event.changed || !event.before) {
          throw invalid({ code: "nothing-to-undo", eventId: event.id });
        }
        const campaign = await resolveCampaign(tx, actor, event.campaignId);
        await assertMayUndo(tx, actor, campaign, event, extensions);
        await assertNoDependents(tx, actor, event, extensions);
        const before = storedSnapshots(event.before);
        return {
          entry: entryOf(event),
          protagonists: Object.values(before).map((p) => p.name),
          campaignData: Object.keys(storedCampaignData(event.before)),
        };
      });
    },
  };
}

/** A player's own changes, without rolls and tests unless the campaign lets players undo them. */
function ownUndoable(
  actor: Actor,
  campaign: Campaign,
  extensions: ExtensionPoints,
): Partial<LogQuery> {
  if (ruleOptionsOf(campaign).playerUndoRolls) return { actorId: actor.userId };
  return { actorId: actor.userId, excludeKinds: rollKindsOf(extensions) };
}
