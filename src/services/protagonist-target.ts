import type { Campaign } from "../generated/prisma/client.js";
import type { Actor } from "./actor.js";
import { resolveProtagonist } from "./active-protagonist.js";
import { assertCanActOn, campaignOfChannel, resolveCampaign } from "./campaign-access.js";
import { invalid } from "./errors.js";
import type { StateChange } from "./event-log.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import type { Sql } from "../db/sql.js";
import { loadChosenProtagonist } from "./lookups.js";
import { displayText } from "./display-text.js";

export interface Target {
  campaign: Campaign;
  protagonist: ProtagonistSnapshot;
}

/**
 * The Protagonist a command reads, and the campaign it belongs to: the one named by id (whose
 * events belong in its own campaign, whatever the channel), else the actor's active one here.
 */
export function readTarget(sql: Sql, actor: Actor, protagonistId?: string | null): Target {
  if (protagonistId) {
    // By id: the Protagonist's own campaign, and "not found" for another guild's id. By a name
    // typed in full: one of the channel's campaign.
    const protagonist = loadChosenProtagonist(sql, actor, protagonistId, () =>
      campaignOfChannel(sql, actor),
    );
    return { campaign: resolveCampaign(sql, actor, protagonist.campaignId), protagonist };
  }
  const campaign = resolveCampaign(sql, actor);
  return { campaign, protagonist: resolveProtagonist(sql, actor, campaign) };
}

/** As `readTarget`, for a change: only the owner or a GM, and only while the Protagonist is active. */
export function writeTarget(sql: Sql, actor: Actor, protagonistId?: string | null): Target {
  const target = readTarget(sql, actor, protagonistId);
  assertCanActOn(sql, actor, target.protagonist);
  assertActive(target.protagonist);
  return target;
}

/** Dead, insane or retired Protagonists are out of play; a mistaken change is reverted by undo. */
export function assertActive(p: ProtagonistSnapshot): void {
  if (p.status === "active") return;
  throw invalid(
    `**${displayText(p.name)}** is ${p.status} and out of play. If that was a mistake, undo the change that caused it.`,
  );
}

/** The change to log: empty when nothing moved, so the event is not offered for undo. */
export function changesOf(before: ProtagonistSnapshot, after: ProtagonistSnapshot): StateChange[] {
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ before, after }];
}
