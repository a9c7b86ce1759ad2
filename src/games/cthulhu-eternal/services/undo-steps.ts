import type { Campaign } from "../store/types.js";
import type { Actor } from "../../../core/access/actor.js";
import { assertCanActOn, assertGm, resolveCampaign } from "./campaign-access.js";
import { conflict } from "./errors.js";
import { dependentChain } from "./event-dependencies.js";
import { asVisibility, EVERYONE, memberViewer } from "./event-visibility.js";
import {
  sameJson,
  storedCampaignData,
  storedSnapshots,
  type ProtagonistSnapshot,
} from "./snapshot.js";
import { moduleDataOf, writeModuleData, type CampaignDataChange } from "./campaign-module-data.js";
import { loadProtagonist } from "./lookups.js";
import {
  undoForbiddenReason,
  UndoRefusedError,
  type ChainLink,
  type UndoForbiddenReason,
} from "./undo-policy.js";
import type { StoreTx } from "../store/store.js";
import type { ExtensionPoints } from "./extension-points.js";
import { fact, loggedFact, type LoggedFact } from "./event-facts.js";

/** The stored event an undo reverts (as the log reads it). */
export interface UndoableEvent {
  id: number;
  campaignId: string | null;
  actorId: string;
  kind: string;
  summary: string;
  payload: string | null;
  payloadVersion: number | null;
  visibility: string;
  before: unknown;
  after: unknown;
}

export interface UndoResult {
  undoneEventId: number;
  undoEventId: number;
  /** The undone change. */
  fact: LoggedFact;
  protagonists: string[];
  /** Ids of the modules whose campaign data was put back. */
  campaignData: string[];
  /** The undone change as the whole table may read it; null when it is hidden from some. */
  publicFact: LoggedFact | null;
}

/** The later changes an undo of the event would have to undo first, and which the actor can't. */
export interface UndoChain {
  links: ChainLink[];
  /** The real ids, oldest first (hidden ones included). */
  ids: number[];
  notYours: { id: number | null; reason: UndoForbiddenReason }[];
}

export async function assertMayUndo(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  event: UndoableEvent,
  extensions: ExtensionPoints,
) {
  const reason = await undoForbiddenReason(tx, actor, campaign, event, extensions);
  if (reason) throw new UndoRefusedError({ kind: "forbidden", eventId: event.id, reason });
}

/** The dependent chain as the actor may read it: hidden changes keep no id or summary. */
export async function undoChain(
  tx: StoreTx,
  actor: Actor,
  event: UndoableEvent,
  extensions: ExtensionPoints,
): Promise<UndoChain> {
  const touched = Object.keys(storedSnapshots(event.before));
  const chain = await dependentChain(tx, actor.guildId, touched, event.id);
  const links: ChainLink[] = [];
  const ids = chain.map((change) => change.id);
  const notYours: UndoChain["notYours"] = [];
  for (const change of chain) {
    const viewer = await memberViewer(tx, actor, change.campaignId);
    const shown = await tx.events.readable(actor.guildId, viewer, change.id);
    if (!shown) {
      links.push({ id: null, fact: null });
      notYours.push({ id: null, reason: "someone-else" });
      continue;
    }
    links.push({ id: change.id, fact: loggedFact(shown) });
    const campaign = await resolveCampaign(tx, actor, change.campaignId);
    const reason = await undoForbiddenReason(tx, actor, campaign, change, extensions);
    if (reason) notYours.push({ id: change.id, reason });
  }
  return { links, ids, notYours };
}

/** Refuses, with the whole chain, when later standing changes depend on the event. */
export async function assertNoDependents(
  tx: StoreTx,
  actor: Actor,
  event: UndoableEvent,
  extensions: ExtensionPoints,
): Promise<void> {
  const chain = await undoChain(tx, actor, event, extensions);
  if (chain.links.length) throw blockedBy(event.id, chain);
}

export function blockedBy(eventId: number, chain: UndoChain): UndoRefusedError {
  return new UndoRefusedError({
    kind: "blocked",
    eventId,
    chain: chain.links,
    notYours: chain.notYours,
    newestId: chain.ids.at(-1) ?? eventId,
    size: chain.ids.length,
  });
}

/**
 * Writes the compensating event restoring the state before `event`, after checking that nothing
 * changed its Protagonists since (the caller has checked the actor may undo it).
 */
export async function revert(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  event: UndoableEvent,
): Promise<UndoResult> {
  const before = storedSnapshots(event.before);
  const after = storedSnapshots(event.after);
  const changes = [];
  for (const [id, snapshot] of Object.entries(before)) {
    const current = await loadProtagonist(tx, actor.guildId, id);
    // Someone else's change: a GM of its campaign, and of the Protagonist's.
    if (event.actorId === actor.userId) await assertCanActOn(tx, actor, current);
    else await assertGm(tx, actor, await resolveCampaign(tx, actor, current.campaignId));
    if (!sameJson(comparable(current), comparable(after[id]))) {
      throw conflict({ code: "changed-since", protagonist: current.name });
    }
    await tx.protagonists.write(current, snapshot);
    changes.push({ before: current, after: snapshot });
  }
  const campaignData = await revertCampaignData(tx, actor, event);
  const undoEventId = await tx.events.append({
    guildId: actor.guildId,
    campaignId: campaign.id,
    actorId: actor.userId,
    ...fact("undo", { eventId: event.id, undone: loggedFact(event) }),
    sessionNumber: campaign.sessionNumber,
    input: { eventId: event.id },
    changes,
    campaignData,
    // Undoing a secret roll's failure mark is as secret as the roll.
    visibility: asVisibility(event.visibility),
  });
  await tx.events.markUndone(event.id, undoEventId);
  const shown = await tx.events.readable(actor.guildId, EVERYONE, event.id);
  return {
    undoneEventId: event.id,
    undoEventId,
    fact: loggedFact(event),
    protagonists: changes.map((c) => c.after.name),
    campaignData: campaignData.map((c) => c.moduleId),
    publicFact: shown ? loggedFact(shown) : null,
  };
}

/**
 * Puts back each module's campaign data the event changed (an entity's wounds, a bestiary), after
 * checking nobody changed it since: only whoever made the change or a GM may.
 */
async function revertCampaignData(
  tx: StoreTx,
  actor: Actor,
  event: UndoableEvent,
): Promise<CampaignDataChange[]> {
  const before = storedCampaignData(event.before);
  const after = storedCampaignData(event.after);
  const modules = Object.keys(before);
  if (!modules.length || !event.campaignId) return [];
  // Read again: an earlier step of an "undo back to" may have just written it.
  let campaign = await resolveCampaign(tx, actor, event.campaignId);
  if (event.actorId !== actor.userId) await assertGm(tx, actor, campaign);
  const changes: CampaignDataChange[] = [];
  for (const moduleId of modules) {
    if (!sameJson(moduleDataOf(campaign.extras, moduleId) ?? null, after[moduleId] ?? null)) {
      throw conflict({ code: "campaign-data-changed-since", module: moduleId });
    }
    changes.push(await writeModuleData(tx, campaign, moduleId, before[moduleId] ?? null));
    campaign = await resolveCampaign(tx, actor, event.campaignId);
  }
  return changes;
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
