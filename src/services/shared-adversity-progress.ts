import type { Sql } from "../db/sql.js";
import type {
  Fellow,
  SharedAdversityResult,
  SharedAdversityState,
} from "../rules/shared-adversity.js";
import type { PercentileTestResult } from "../rules/percentile.js";
import type { Bond } from "../rules/types.js";
import type { Actor } from "./actor.js";
import { assertCanActOn } from "./campaign-access.js";
import { conflict, notFound } from "./errors.js";
import { sanityStateOf } from "./sanity-state.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist, type Tx } from "./store.js";

/** Where a survivor's shared adversity stands: what the rules need to plan or apply the rest. */
export interface AdversityProgress {
  survivor: ProtagonistSnapshot;
  test: PercentileTestResult;
  /** True when an earlier application stopped for a new choice (a chosen Bond broke). */
  resuming: boolean;
  /** The fellows still to handle: all of them at first, then only the pending ones. */
  fellows: Fellow[];
  state: SharedAdversityState;
}

/**
 * Reads a shared-adversity test and the survivor's latest application of it, for the survivor's
 * player or a GM. Refuses a test already applied in full. Shared by the read side (the choices
 * the bot offers) and the write side (applying them), so both see the same state.
 */
export async function loadAdversityProgress(
  tx: Tx,
  sql: Sql,
  actor: Actor,
  testEventId: number,
): Promise<AdversityProgress> {
  const testEvent = await tx.event.findFirst({
    where: { id: testEventId, guildId: actor.guildId, kind: "shared-adversity-test" },
    include: { targets: true },
  });
  const survivorId = testEvent?.targets[0]?.protagonistId;
  if (!testEvent || !survivorId) throw notFound("That shared-adversity test");
  const survivor = loadProtagonist(sql, actor.guildId, survivorId);
  assertCanActOn(sql, actor, survivor);
  const applied = await latestApplication(tx, actor.guildId, survivorId, testEventId);
  const previous = applied?.dice as SharedAdversityResult | undefined;
  if (applied && previous?.status !== "needs-choice") {
    throw conflict("That shared adversity has already been applied.");
  }
  const { fellows } = testEvent.input as unknown as { fellows: Fellow[] };
  const { test } = testEvent.dice as unknown as { test: PercentileTestResult };
  const resuming = previous?.status === "needs-choice";
  const bonds = sanityStateOf(survivor).bonds;
  // Every Bond to someone on this adventure stays out of the choices, including Bonds formed by an
  // earlier, interrupted application (saved under new ids, so the rules' resume list can't name them).
  const bondsToOthersOnAdventure = [
    ...(resuming ? (previous.resumeState?.bondsToOthersOnAdventure ?? []) : []),
    ...bondsToFellows(bonds, fellows),
  ];
  return {
    survivor,
    test,
    resuming,
    fellows: resuming ? previous.pendingFellows : fellows,
    state: {
      cha: survivor.stats.CHA,
      bonds,
      sanTest: resuming && previous.resumeState ? previous.resumeState.sanTest : test,
      bondsToOthersOnAdventure,
    },
  };
}

/**
 * The survivor's latest standing application of this very test. Applications of later tests are
 * skipped: each offered menu applies at most once, however many adventures came after it.
 */
async function latestApplication(
  tx: Tx,
  guildId: string,
  survivorId: string,
  testEventId: number,
): Promise<{ dice: unknown } | undefined> {
  const applications = await tx.event.findMany({
    where: {
      kind: "shared-adversity",
      guildId,
      undoneById: null,
      targets: { some: { protagonistId: survivorId } },
      id: { gt: testEventId },
    },
    orderBy: { id: "desc" },
    select: { input: true, dice: true },
  });
  return applications.find(
    (event) => (event.input as { testEventId?: number } | null)?.testEventId === testEventId,
  );
}

function bondsToFellows(bonds: readonly Bond[], fellows: readonly Fellow[]): string[] {
  const ids = new Set(fellows.map((fellow) => fellow.id));
  return bonds
    .filter((bond) => bond.fellowId !== undefined && ids.has(bond.fellowId))
    .map((bond) => bond.id);
}
