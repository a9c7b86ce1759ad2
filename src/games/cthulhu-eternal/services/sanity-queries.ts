import type { StoreTx } from "../store/store.js";
import { loggedSanTest } from "./logged-san-test.js";
import { loggedWillTest, type WillTestOutcome } from "./logged-tests.js";
import { z } from "zod";
import { newConditions, type Condition } from "../rules/conditions.js";
import type { InsanityReaction, SanityTestResult } from "../rules/sanity/index.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { isGm } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { invalid, isServiceRefusal, notFound } from "./errors.js";
import type { ServiceRefusal } from "./refusals.js";
import { assertNoLaterChange } from "./event-dependencies.js";
import { memberViewer, THE_BOT, type EventViewer } from "./event-visibility.js";
import { chosenReaction } from "./sanity-episodes.js";
import { readTarget } from "./protagonist-target.js";
import { storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";
import { parseInput, recordId } from "./validation.js";

const statusInput = z.object({ actor: actorSchema, eventId: z.number().int().positive() });
const latestInput = z.object({ actor: actorSchema, protagonistId: recordId.nullish() });
const groupInput = z.object({
  actor: actorSchema,
  firstEventId: z.number().int().positive(),
  size: z.number().int().min(1).max(25),
});

/** A group test as it stands now: who called it, each SAN test's status, the will tests. */
export interface GroupSanTestStatus {
  gmId: string;
  statuses: SanTestStatus[];
  willTests: WillTestOutcome[];
  /** The group's size as its tests were logged with (its summary's menus carry it). */
  size: number;
}

/** A Bond a projection may draw on, with its score before the SAN test. */
export interface ProjectableBond {
  id: string;
  name: string;
  kind: "individual" | "community";
  score: number;
}

/** Where one SAN test stands now, for the buttons under its result. */
export interface SanTestStatus {
  /** The SAN test's event. */
  eventId: number;
  protagonist: { id: string; name: string; ownerId: string };
  /** Whether the actor is its player or a GM of its campaign (who may press its buttons). */
  canAct: boolean;
  /** The resolution that stands: the projected one once the loss was projected. */
  result: SanityTestResult;
  /** The projection's event, once projected. */
  projectionEventId: number | null;
  /** Why the loss cannot be projected now, or null when it can. */
  projectionRefusal: ServiceRefusal | null;
  /** Standing Bonds before the test: a projection re-resolves from that state. */
  bonds: ProjectableBond[];
  /** The reaction chosen for the test's episode of temporary insanity, once chosen. */
  reaction: InsanityReaction | null;
  /** Whether the Protagonist's episode of temporary insanity is still open. */
  episodeOpen: boolean;
  /** Conditions the test (and its projection) newly caused. */
  conditions: Condition[];
}

/**
 * Read-only views of SAN tests for the bot's buttons: who may press them, and whether the loss
 * can still be projected. `sanity.project` checks all of this again when it writes.
 */
export function createSanityQueries({ store }: Pick<ServiceDeps, "store">) {
  return {
    /** One SAN test of this guild by its event id. */
    async sanTestStatus(raw: { actor: Actor; eventId: number }): Promise<SanTestStatus> {
      const { actor, eventId } = parseInput(statusInput, raw);
      return store.transaction(async (tx) => statusOf(tx, actor, eventId));
    },

    /**
     * A GM's group test (its tests are logged with consecutive ids, each marked with the
     * group's size) as it stands now, projections included.
     */
    async groupSanTestStatus(raw: {
      actor: Actor;
      firstEventId: number;
      size: number;
    }): Promise<GroupSanTestStatus> {
      const { actor, firstEventId, size } = parseInput(groupInput, raw);
      return store.transaction(async (tx) => {
        const inRange = (kind: string) =>
          tx.events.listChanges({
            guildId: actor.guildId,
            viewer: THE_BOT,
            kind,
            from: firstEventId,
            below: firstEventId + size,
            order: "oldest",
          });
        const markOf = (e: { input: unknown }) =>
          (e.input as { group?: { size?: number; first?: number } } | null)?.group;
        const sized = [...(await inRange("will-test")), ...(await inRange("san-test"))]
          .filter((e) => markOf(e)?.size === size)
          .sort((a, b) => a.id - b.id);
        // Each test after the first names the first: a group cut short never takes in the next
        // one's. Groups logged before that carry no such mark: their size and range say it all.
        const marked = sized.some((e) => markOf(e)?.first !== undefined);
        const inGroup = marked
          ? sized.filter((e) => e.id === firstEventId || markOf(e)?.first === firstEventId)
          : sized;
        const first = inGroup[0];
        // An encounter may log fewer than it planned (a Protagonist out of play halfway).
        if (!first || inGroup.length > size) throw notFound("group-san-test");
        const statuses: SanTestStatus[] = [];
        const willTests: WillTestOutcome[] = [];
        for (const event of inGroup) {
          if (event.kind === "san-test") statuses.push(await statusOf(tx, actor, event.id));
          else willTests.push(loggedWillTest(event));
        }
        return { gmId: first.actorId, statuses, willTests, size };
      });
    },

    /**
     * The latest SAN test of a Protagonist (the named one, else the actor's active one): the only
     * one that can still be projected, since projecting needs nothing changed since.
     */
    async latestSanTest(raw: {
      actor: Actor;
      protagonistId?: string | null;
    }): Promise<SanTestStatus> {
      const { actor, protagonistId } = parseInput(latestInput, raw);
      return store.transaction(async (tx) => {
        const { protagonist } = await readTarget(tx, actor, protagonistId);
        const [latest] = await tx.events.list({
          guildId: actor.guildId,
          viewer: THE_BOT,
          kind: "san-test",
          notUndone: true,
          protagonistId: protagonist.id,
          order: "newest",
          limit: 1,
        });
        if (!latest)
          throw invalid({ code: "no-san-test-to-project", protagonist: protagonist.name });
        return statusOf(tx, actor, latest.id);
      });
    },
  };
}

/** A SAN test's state and what may still be done with it (SAN tests are logged for everyone). */
async function statusOf(tx: StoreTx, actor: Actor, eventId: number): Promise<SanTestStatus> {
  const found = await tx.events.readable(actor.guildId, THE_BOT, eventId);
  const event = found?.kind === "san-test" ? found : undefined;
  // A test that cost nothing (and so cannot be projected) is logged without snapshots.
  const beforeTest = event?.before ? Object.values(storedSnapshots(event.before))[0] : undefined;
  const testedId = beforeTest?.id ?? (event ? (await tx.events.targets(event.id))[0] : undefined);
  if (!event?.dice || testedId === undefined) throw notFound("san-test");
  const protagonist = await loadProtagonist(tx, actor.guildId, testedId);
  const canAct =
    protagonist.ownerId === actor.userId || (await isGm(tx, actor, protagonist.campaignId));
  const projections = await tx.events.listChanges({
    guildId: actor.guildId,
    viewer: THE_BOT,
    kind: "san-projection",
    notUndone: true,
    above: eventId,
    protagonistId: protagonist.id,
    order: "oldest",
  });
  const projection = projections.find(
    (p) => (p.input as { sanEventId?: number } | null)?.sanEventId === eventId,
  );
  const original = loggedSanTest(event.dice);
  const result = projection?.dice ? loggedSanTest(projection.dice) : original;
  return {
    eventId,
    protagonist: { id: protagonist.id, name: protagonist.name, ownerId: protagonist.ownerId },
    canAct,
    result,
    projectionEventId: projection?.id ?? null,
    projectionRefusal: await projectionRefusal(
      tx,
      actor,
      await memberViewer(tx, actor, protagonist.campaignId),
      {
        eventId,
        undone: event.undoneById !== null,
        projected: projection !== undefined,
        projectable: original.projectable,
        protagonistId: protagonist.id,
      },
    ),
    bonds: (beforeTest?.bonds ?? [])
      .filter((b) => !b.crossedOff)
      .map((b) => ({ id: b.id, name: b.name, kind: b.kind, score: b.score })),
    reaction: await chosenReaction(tx, actor.guildId, eventId),
    episodeOpen: protagonist.temporarilyInsane,
    conditions: causedConditions(beforeTest, projection?.after ?? event.after, protagonist.id),
  };
}

/** What a test (or its projection) newly caused, from the snapshots it logged. */
function causedConditions(
  beforeTest: ProtagonistSnapshot | undefined,
  afterJson: unknown,
  protagonistId: string,
): Condition[] {
  const after = storedSnapshots(afterJson)[protagonistId];
  return beforeTest && after ? newConditions(beforeTest, after) : [];
}

/** The same checks, in the same order, as `sanity.project`, as a refusal instead of an error. */
async function projectionRefusal(
  tx: StoreTx,
  actor: Actor,
  viewer: EventViewer,
  test: {
    eventId: number;
    undone: boolean;
    projected: boolean;
    projectable: boolean;
    protagonistId: string;
  },
): Promise<ServiceRefusal | null> {
  if (test.undone) return { code: "san-test-undone" };
  if (test.projected) return { code: "san-loss-projected" };
  if (!test.projectable) return { code: "san-loss-not-projectable" };
  try {
    await assertNoLaterChange(
      tx,
      viewer,
      actor.guildId,
      test.protagonistId,
      test.eventId,
      "project-san-loss",
    );
  } catch (error) {
    if (isServiceRefusal(error)) return error.refusal;
    throw error;
  }
  return null;
}
