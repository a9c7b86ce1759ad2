import type { Actor } from "../../../core/access/actor.js";
import type { Rng } from "../../../core/rng.js";
import { newConditions, type Condition } from "../rules/conditions.js";
import { sanityTest, type SanityTestResult } from "../rules/sanity/index.js";
import type { ThreatType } from "../rules/types.js";
import { willTest, type WillTestResult } from "../rules/will-test.js";
import type { StoreTx } from "../store/store.js";
import type { BrokenBondRef } from "./broken-bond-test.js";
import { assertCanActOn, ruleOptionsOf } from "./campaign-access.js";
import { invalid } from "./errors.js";
import { fact } from "./event-facts.js";
import type { ExtensionPoints } from "./extension-points.js";
import type { Target } from "./protagonist-target.js";
import { testerConditions } from "./skill-test.js";
import { sanityStateOf, withSanityState } from "./sanity-state.js";
import { cloneSnapshot, storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import type { LoggedChange } from "../store/event-reads.js";
import { z } from "zod";

/**
 * A SAN test or a will test of one Protagonist, written with its event inside the caller's
 * transaction: `/san` tests one or the party this way, and a module's encounter tests several.
 */

export interface TestWriter {
  tx: StoreTx;
  actor: Actor;
  rng: Rng;
  extensions: ExtensionPoints;
  /** The caller has checked once that the actor is a GM of the campaign (a group's tests). */
  gmChecked?: boolean;
}

/** A test written: what it did, and the sheet after it (the next test of a group starts there). */
export interface Written<T> {
  outcome: T;
  after: ProtagonistSnapshot;
}

/**
 * Each test of a group summary carries the group's size (its tests have consecutive ids) and,
 * after the first, the first one's id, so a group cut short never takes in a later test.
 */
export interface GroupMark {
  size: number;
  first?: number;
}

export interface SanTestRequest {
  loss: string;
  threat: ThreatType;
  source: string | null;
  /** Set on each test of a group summary. */
  group?: GroupMark;
  /** A GM's Helplessness test for a broken Bond: once per broken Bond. */
  brokenBond?: BrokenBondRef;
  /** The loss lowers Max SAN too (a module must take it: Corruption). */
  corrupting: boolean;
}

export interface SanTestOutcome {
  protagonist: { id: string; name: string; ownerId: string };
  result: SanityTestResult;
  eventId: number;
  /** Conditions the test (or its projection) newly caused: WP 0 unconscious, insanity… */
  conditions: Condition[];
}

/** What a SAN test's event keeps of what was asked. */
export interface StoredSanInput {
  loss: string;
  threat: string;
  source: string | null;
  group?: GroupMark;
  brokenBond?: BrokenBondRef;
  /** The loss lowered Max SAN too; a projection of it does as well. */
  corrupting?: true;
}

async function assertTestable(writer: TestWriter, target: Target): Promise<void> {
  const { protagonist } = target;
  if (!writer.gmChecked) await assertCanActOn(writer.tx, writer.actor, protagonist);
  if (protagonist.status !== "active") {
    throw invalid({
      code: "no-more-san-tests",
      protagonist: protagonist.name,
      status: protagonist.status,
    });
  }
}

export async function writeSanTest(
  writer: TestWriter,
  target: Target,
  request: SanTestRequest,
): Promise<Written<SanTestOutcome>> {
  const { tx, actor, rng, extensions } = writer;
  const { campaign, protagonist: before } = target;
  await assertTestable(writer, target);
  const { source } = request;
  const result = sanityTest(
    sanityStateOf(before),
    { loss: request.loss, threat: request.threat, source },
    ruleOptionsOf(campaign),
    rng,
  );
  const tested = withSanityState(before, result.after, result.permanentInsanity, request.threat);
  // A new episode opens; one already open goes on (README, Sanity).
  tested.temporarilyInsane = before.temporarilyInsane || result.temporaryInsanity;
  const after = extensions.afterLoss({
    campaign,
    pool: "SAN",
    lost: result.lost,
    corrupting: request.corrupting,
    before,
    after: tested,
  });
  const changed = await tx.protagonists.write(before, after);
  // A test that cost nothing is logged as a roll is: no snapshots, not a change to undo.
  // One that can still be projected keeps them, since projecting starts from `before`.
  const logged = changed || result.projectable;
  const stored: StoredSanInput = {
    loss: result.sanLoss.notation,
    threat: request.threat,
    source,
    ...(request.group ? { group: request.group } : {}),
    ...(request.brokenBond ? { brokenBond: request.brokenBond } : {}),
    ...(request.corrupting ? { corrupting: true } : {}),
  };
  const eventId = await tx.events.append({
    guildId: actor.guildId,
    campaignId: campaign.id,
    actorId: actor.userId,
    ...fact("san-test", {
      protagonist: before.name,
      threat: request.threat,
      notation: result.sanLoss.notation,
      lost: result.lost,
      before: before.san,
      after: after.san,
    }),
    sessionNumber: campaign.sessionNumber,
    input: stored,
    ...(request.brokenBond ? { refersTo: request.brokenBond.bondId } : {}),
    dice: result,
    changes: logged ? [{ before, after }] : [],
    concerns: [before.id],
  });
  return {
    outcome: {
      protagonist: { id: before.id, name: before.name, ownerId: before.ownerId },
      result,
      eventId,
      conditions: newConditions(before, after),
    },
    after,
  };
}

export interface WillTestRequest {
  /** WP lost on a failure: dice or a number. */
  loss: string;
  panicOnFailure: boolean;
  source: string | null;
  group?: GroupMark;
  /** The loss lowers maximum WP too (a module must take it: Corruption). */
  corrupting?: boolean;
}

/** A will test as a group summary shows it. */
export interface WillTestOutcome {
  protagonist: { id: string; name: string };
  result: WillTestResult;
  source: string | null;
  eventId: number;
  conditions: Condition[];
}

const storedWillInput = z.object({
  loss: z.string(),
  source: z.string().nullable(),
  protagonist: z.object({ id: z.string(), name: z.string() }),
  group: z.object({ size: z.number(), first: z.number().optional() }).optional(),
});

/** A logged will test, read back for a group summary. */
export function loggedWillTest(event: LoggedChange): WillTestOutcome {
  const input = storedWillInput.parse(event.input);
  const before = storedSnapshots(event.before)[input.protagonist.id];
  const after = storedSnapshots(event.after)[input.protagonist.id];
  return {
    protagonist: input.protagonist,
    // Written by `writeWillTest` alone, from the rules' own result.
    result: event.dice as WillTestResult,
    source: input.source,
    eventId: event.id,
    conditions: before && after ? newConditions(before, after) : [],
  };
}

/** A will test: POW × 5, WP lost on a failure, with the tester's conditions on the roll. */
export async function writeWillTest(
  writer: TestWriter,
  target: Target,
  request: WillTestRequest,
): Promise<Written<WillTestOutcome>> {
  const { tx, actor, rng, extensions } = writer;
  const { campaign, protagonist: before } = target;
  await assertTestable(writer, target);
  const result = willTest(
    {
      pow: before.stats.POW,
      wp: before.wp,
      wpMax: before.wpMax,
      loss: request.loss,
      panicOnFailure: request.panicOnFailure,
      conditions: testerConditions(before, campaign, { kind: "stat", stat: "POW" }, extensions),
    },
    rng,
  );
  const changed = cloneSnapshot(before);
  changed.wp = result.change.after;
  const after = extensions.afterLoss({
    campaign,
    pool: "WP",
    lost: result.lost,
    corrupting: request.corrupting ?? false,
    before,
    after: changed,
  });
  const written = await tx.protagonists.write(before, after);
  const eventId = await tx.events.append({
    guildId: actor.guildId,
    campaignId: campaign.id,
    actorId: actor.userId,
    ...fact("will-test", {
      protagonist: before.name,
      notation: request.loss,
      outcome: result.test.outcome,
      lost: result.lost,
      before: before.wp,
      after: after.wp,
      panicked: result.panicked,
    }),
    sessionNumber: campaign.sessionNumber,
    input: {
      loss: request.loss,
      source: request.source,
      protagonist: { id: before.id, name: before.name },
      ...(request.group ? { group: request.group } : {}),
    },
    dice: result,
    changes: written ? [{ before, after }] : [],
    concerns: [before.id],
  });
  return {
    outcome: {
      protagonist: { id: before.id, name: before.name },
      result,
      source: request.source,
      eventId,
      conditions: newConditions(before, after),
    },
    after,
  };
}
