import type { Condition } from "../rules/conditions.js";
import type { SanityTestResult } from "../rules/sanity/index.js";
import type { SanTestStatus } from "../services/sanity-queries.js";
import type { SanTestOutcome } from "../services/sanity-service.js";
import type { WillTestOutcome } from "../services/logged-tests.js";
import { GROUP_NAME_MAX, groupFieldBudget, sanGroupEmbed } from "./sanity.js";
import { willTestsEmbed } from "./will-tests.js";
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
  // Only a Protagonist's latest test can be projected (an encounter may test one twice).
  const latest = (o: SanTestOutcome) =>
    !outcomes.some(
      (later) => later.eventId > o.eventId && later.protagonist.id === o.protagonist.id,
    );
  return outcomes.map((o) => ({
    eventId: o.eventId,
    protagonist: o.protagonist,
    result: o.result,
    conditions: o.conditions,
    projectable: o.result.projectable && latest(o),
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

/**
 * The group's summary and its menus; sent once, then edited in place as it changes. An encounter's
 * group also has will tests, and SAN tests of more than one loss (one embed per loss).
 */
export function sanGroupMessage(
  entries: readonly GroupEntry[],
  gmId: string,
  willTests: readonly WillTestOutcome[] = [],
  /** The size the tests were logged with, when it is not their number (an encounter cut short). */
  loggedSize?: number,
) {
  const ids = [...entries.map((e) => e.eventId), ...willTests.map((t) => t.eventId)];
  const group: GroupRef = {
    firstEventId: ids.length ? Math.min(...ids) : 0,
    size: loggedSize ?? ids.length,
  };
  const byLoss = new Map<string, GroupEntry[]>();
  for (const entry of entries) {
    const key = `${entry.result.threat}|${entry.result.sanLoss.notation}`;
    byLoss.set(key, [...(byLoss.get(key) ?? []), entry]);
  }
  const embedCount = byLoss.size + (willTests.length ? 1 : 0);
  const perField = groupFieldBudget(embedCount, ids.length * GROUP_NAME_MAX, ids.length);
  return {
    embeds: [
      ...[...byLoss.values()].map((outcomes) => {
        const first = outcomes[0];
        return sanGroupEmbed({
          outcomes,
          threat: first?.result.threat ?? "unnatural",
          notation: first?.result.sanLoss.notation ?? "",
          source: first?.result.source ?? null,
          gmId,
          ...(embedCount > 1 ? { perField } : {}),
        });
      }),
      ...(willTests.length ? [willTestsEmbed(willTests, perField)] : []),
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
