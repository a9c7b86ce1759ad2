import type { StoreTx } from "../store/store.js";
import type { PercentileTestResult } from "../rules/percentile.js";
import {
  chooseFellows,
  MAX_SHARED_ADVERSITY_FELLOWS,
  mustChooseFellows,
  type Fellow,
  type OnAdventure,
  type SharedAdversityState,
} from "../rules/shared-adversity.js";
import { type SharedAdversityResult } from "../rules/shared-adversity-apply.js";
import type { Actor } from "../../../core/access/actor.js";
import { assertCanActOn } from "./campaign-access.js";
import { conflict, notFound } from "./errors.js";
import { sanityStateOf } from "./sanity-state.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";
import { THE_BOT } from "./event-visibility.js";

/** What a shared-adversity test event keeps in its input. */
export interface StoredAdversityTest {
  /** Every other survivor: those this survivor may bond with. */
  fellows: Fellow[];
  /** Others the GM named as on the adventure (NPCs); absent in tests logged before there were any. */
  others?: string[];
}

/** Where a survivor's shared adversity stands: what the rules need to plan or apply the rest. */
export interface AdversityProgress {
  survivor: ProtagonistSnapshot;
  test: PercentileTestResult;
  /** True when an earlier application stopped for a new choice (a chosen Bond broke). */
  resuming: boolean;
  /** Every fellow survivor of the test, whom the player chooses among. */
  candidates: Fellow[];
  /** How many fellows the player must still choose among the candidates; 0 once known. */
  toChoose: number;
  /**
   * The fellows still to handle: all of them (or the five chosen) at first, then only the pending
   * ones. Empty while the player must still choose.
   */
  fellows: Fellow[];
  state: SharedAdversityState;
}

/**
 * Reads a shared-adversity test and the survivor's latest application of it, for the survivor's
 * player or a GM. Refuses a test already applied in full. With more than five fellow survivors,
 * `fellowIds` names the five the player bonds with (the rules check them). Shared by the read side
 * (the choices the bot offers) and the write side (applying them), so both see the same state.
 */
export async function loadAdversityProgress(
  tx: StoreTx,
  actor: Actor,
  testEventId: number,
  fellowIds?: readonly string[],
): Promise<AdversityProgress> {
  const found = await tx.events.readable(actor.guildId, THE_BOT, testEventId);
  const testEvent = found?.kind === "shared-adversity-test" ? found : undefined;
  const survivorId = testEvent ? (await tx.events.targets(testEvent.id))[0] : undefined;
  if (!testEvent || !survivorId) throw notFound("shared-adversity-test");
  const survivor = await loadProtagonist(tx, actor.guildId, survivorId);
  await assertCanActOn(tx, actor, survivor);
  const applied = await latestApplication(tx, actor.guildId, survivorId, testEventId);
  const previous = applied?.dice as SharedAdversityResult | undefined;
  if (applied && previous?.status !== "needs-choice") {
    throw conflict({ code: "adversity-applied" });
  }
  const stored = testEvent.input as StoredAdversityTest;
  const { test } = testEvent.dice as { test: PercentileTestResult };
  const resuming = previous?.status === "needs-choice";
  const toChoose = !resuming && fellowIds === undefined && mustChooseFellows(stored.fellows);
  const fellows = resuming
    ? previous.pendingFellows
    : toChoose
      ? []
      : chooseFellows(stored.fellows, fellowIds).chosen;
  return {
    survivor,
    test,
    resuming,
    candidates: stored.fellows,
    toChoose: toChoose ? MAX_SHARED_ADVERSITY_FELLOWS : 0,
    fellows,
    state: {
      cha: survivor.stats.CHA,
      bonds: sanityStateOf(survivor).bonds,
      sanTest: resuming && previous.resumeState ? previous.resumeState.sanTest : test,
      othersOnAdventure: othersThan(fellows, stored),
      ...(resuming
        ? { bondsToOthersOnAdventure: previous.resumeState?.bondsToOthersOnAdventure ?? [] }
        : {}),
    },
  };
}

/**
 * Everyone on the adventure but the fellows being handled: the survivors left out or already
 * handled (by id, so even Bonds saved under new ids are recognised) and the NPCs the GM named.
 */
function othersThan(fellows: readonly Fellow[], stored: StoredAdversityTest): OnAdventure[] {
  const handling = new Set(fellows.map((fellow) => fellow.id));
  return [
    ...stored.fellows.filter((fellow) => !handling.has(fellow.id)),
    ...(stored.others ?? []).map((name) => ({ name })),
  ];
}

/**
 * The survivor's latest standing application of this very test. Applications of later tests are
 * skipped: each offered menu applies at most once, however many adventures came after it.
 */
async function latestApplication(
  tx: StoreTx,
  guildId: string,
  survivorId: string,
  testEventId: number,
): Promise<{ dice: unknown } | undefined> {
  const applications = await tx.events.listChanges({
    guildId,
    viewer: THE_BOT,
    kind: "shared-adversity",
    notUndone: true,
    protagonistId: survivorId,
    above: testEventId,
    order: "newest",
  });
  return applications.find(
    (event) => (event.input as { testEventId?: number } | null)?.testEventId === testEventId,
  );
}
