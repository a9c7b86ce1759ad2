import { z } from "zod";
import { fact } from "./event-facts.js";
import { improveSkills, type ImprovementResult } from "../rules/advancement.js";
import { resourceCheckBoxes } from "../rules/resources.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertGm, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { ServiceRefusalError } from "./errors.js";
import { type StateChange } from "./event-log.js";
import { EVERYONE } from "./event-visibility.js";
import { markSeenBy } from "./hidden-marks.js";
import { cloneSnapshot, storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";
import type { StoreTx } from "../store/store.js";
import { parseInput, recordId } from "./validation.js";

const endInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  /** The session the GM confirmed ending: once it has ended, pressing again ends nothing. */
  sessionNumber: z.number().int().positive().nullish(),
});

export interface SessionProtagonistSummary {
  id: string;
  name: string;
  san: { before: number; after: number };
  bonds: { name: string; before: number; after: number; broken: boolean }[];
  resourceBoxes: { before: number; after: number; of: number };
  /** Improvements of marks the whole table saw. */
  improvements: ImprovementResult["changes"];
  /** Improvements of marks ticked by secret rolls: for the GMs only (hidden-marks.ts). */
  hiddenImprovements: ImprovementResult["changes"];
}

/** Ending a session that another press (or GM) has ended already: nothing was done. */
export class SessionAlreadyEnded extends ServiceRefusalError {
  override name = "SessionAlreadyEnded";
  constructor(
    readonly campaignName: string,
    readonly endedSession: number,
    readonly currentSession: number,
  ) {
    super("conflict", { code: "session-ended" });
  }
}

export interface SessionEndResult {
  sessionNumber: number;
  protagonists: SessionProtagonistSummary[];
  eventId: number;
}

/**
 * Each Protagonist's state at the start of the session: the before-snapshot of its first change
 * the whole table may see (the summary is posted for everyone).
 */
async function sessionStartStates(
  tx: StoreTx,
  campaign: { guildId: string; id: string },
  sessionNumber: number,
): Promise<Map<string, ProtagonistSnapshot>> {
  const events = await tx.events.listChanges({
    guildId: campaign.guildId,
    viewer: EVERYONE,
    campaignId: campaign.id,
    sessionNumber,
    changes: true,
    order: "oldest",
  });
  const starts = new Map<string, ProtagonistSnapshot>();
  for (const event of events) {
    const before = storedSnapshots(event.before);
    for (const [id, snapshot] of Object.entries(before)) {
      if (!starts.has(id)) starts.set(id, snapshot);
    }
  }
  return starts;
}

export function createSessionService({ store, rng }: ServiceDeps) {
  return {
    /**
     * GM: end the session. Every active Protagonist's marked skills improve (the campaign's
     * improvement variant) and marks clear; the summary shows the session's SAN, Bond and
     * Resources changes; the campaign moves on to the next session. One event, undoable.
     */
    async endSession(raw: {
      actor: Actor;
      campaignId?: string | null;
      sessionNumber?: number | null;
    }): Promise<SessionEndResult> {
      const { actor, campaignId, sessionNumber } = parseInput(endInput, raw);
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        await assertGm(tx, actor, campaign);
        // Checked inside the transaction: of several presses at once, only the first ends it.
        if (sessionNumber != null && sessionNumber !== campaign.sessionNumber) {
          throw new SessionAlreadyEnded(campaign.name, sessionNumber, campaign.sessionNumber);
        }
        const options = ruleOptionsOf(campaign);
        const starts = await sessionStartStates(tx, campaign, campaign.sessionNumber);
        const ids = await tx.protagonists.activeIn(actor.guildId, campaign.id);
        const changes: StateChange[] = [];
        const summaries: SessionProtagonistSummary[] = [];
        for (const id of ids) {
          const before = await loadProtagonist(tx, actor.guildId, id);
          const improvement = improveSkills(
            before.skills.map((s) => ({ name: s.name, rating: s.rating, marked: s.failureMarked })),
            options,
            rng,
          );
          const after = cloneSnapshot(before);
          after.skills.forEach((skill, index) => {
            const improved = improvement.skills[index];
            if (!improved) return;
            skill.rating = improved.rating;
            skill.failureMarked = improved.marked;
            if (!improved.marked) skill.failureMarkVisibleTo = null;
          });
          // Only marked skills change: whether the table saw the mark decides where it is told.
          const seenByAll = (change: { name: string }) => {
            const skill = before.skills.find((s) => s.name === change.name);
            return skill === undefined || markSeenBy(skill, EVERYONE);
          };
          // Episodes of temporary insanity end with the session (README, Sanity).
          after.temporarilyInsane = false;
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            await tx.protagonists.write(before, after);
            changes.push({ before, after });
          }
          const start = starts.get(id) ?? before;
          summaries.push({
            id,
            name: before.name,
            san: { before: start.san, after: after.san },
            bonds: after.bonds
              .map((bond) => ({
                name: bond.name,
                before: start.bonds.find((b) => b.id === bond.id)?.score ?? 0,
                after: bond.score,
                broken: bond.crossedOff,
              }))
              .filter((bond) => bond.before !== bond.after),
            resourceBoxes: {
              before: start.resources.checked,
              after: after.resources.checked,
              of: resourceCheckBoxes(after.resources.rating),
            },
            improvements: improvement.changes.filter(seenByAll),
            hiddenImprovements: improvement.changes.filter((change) => !seenByAll(change)),
          });
        }
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("session-end", { session: campaign.sessionNumber, campaign: campaign.name }),
          sessionNumber: campaign.sessionNumber,
          input: { campaignId: campaign.id },
          // The log is read by the whole table: what secret rolls earned stays out of it.
          dice: summaries.map(({ hiddenImprovements: _hidden, ...summary }) => summary),
          changes,
        });
        await tx.campaigns.setSessionNumber(campaign.id, campaign.sessionNumber + 1);
        return { sessionNumber: campaign.sessionNumber, protagonists: summaries, eventId };
      });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
