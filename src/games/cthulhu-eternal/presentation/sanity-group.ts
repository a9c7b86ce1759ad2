import type { Condition } from "../rules/conditions.js";
import type { SanityTestResult } from "../rules/sanity/index.js";
import type { SanTestStatus } from "../services/sanity-queries.js";
import type { SanTestOutcome } from "../services/sanity-service.js";
import { sanGroupEmbed } from "./sanity.js";
import { groupRows, type GroupRef } from "./sanity-components.js";

/** One Protagonist of a group test, as it stands: what the summary and its menus show. */
export interface GroupEntry {
  eventId: number;
  protagonist: { name: string };
  result: SanityTestResult;
  conditions: readonly Condition[];
  /** Its loss can still be projected. */
  projectable: boolean;
  /** Temporarily insane and no reaction chosen yet. */
  awaitsReaction: boolean;
}

/** A group's entries right after the tests. */
export function freshGroupEntries(outcomes: readonly SanTestOutcome[]): GroupEntry[] {
  return outcomes.map((o) => ({
    eventId: o.eventId,
    protagonist: o.protagonist,
    result: o.result,
    conditions: o.conditions,
    projectable: o.result.projectable,
    awaitsReaction: o.result.temporaryInsanity,
  }));
}

/** A group's entries as the log has them now: projections, reactions and episodes included. */
export function currentGroupEntries(statuses: readonly SanTestStatus[]): GroupEntry[] {
  return statuses.map((s) => ({
    eventId: s.eventId,
    protagonist: s.protagonist,
    result: s.result,
    conditions: s.conditions,
    projectable: s.projectionRefusal === null,
    awaitsReaction: s.result.temporaryInsanity && s.reaction === null && s.episodeOpen,
  }));
}

/** The group's summary and its menus; sent once, then edited in place as it changes. */
export function sanGroupMessage(entries: readonly GroupEntry[], gmId: string) {
  const first = entries[0];
  const group: GroupRef = { firstEventId: first?.eventId ?? 0, size: entries.length };
  return {
    embeds: [
      sanGroupEmbed({
        outcomes: entries,
        threat: first?.result.threat ?? "unnatural",
        notation: first?.result.sanLoss.notation ?? "",
        source: first?.result.source ?? null,
        gmId,
      }),
    ],
    components: groupRows(
      entries.map((e) => ({
        eventId: e.eventId,
        name: e.protagonist.name,
        lost: e.result.lost,
        projectable: e.projectable,
        temporaryInsanity: e.awaitsReaction,
      })),
      group,
    ),
  };
}
