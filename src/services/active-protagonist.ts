import type { Campaign } from "../generated/prisma/client.js";
import type { Actor } from "./actor.js";
import { invalid } from "./errors.js";
import type { Sql } from "../db/sql.js";
import { loadChosenProtagonist } from "./lookups.js";
import { loadProtagonist } from "./store.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { displayText } from "./display-text.js";

/** The campaign-wide selection is stored with this channel id. */
export const CAMPAIGN_WIDE = "";

/**
 * The Protagonist a command acts on: the one named (by id, or by its name in `campaign`), else the user's choice for this channel
 * (in a thread: the thread's, else its parent channel's), else their choice for the campaign,
 * else their only active Protagonist in the campaign.
 */
export function resolveProtagonist(
  sql: Sql,
  actor: Actor,
  campaign: Campaign,
  protagonistId?: string | null,
): ProtagonistSnapshot {
  if (protagonistId) return loadChosenProtagonist(sql, actor, protagonistId, campaign);
  const parentId = actor.threadParentId ?? actor.channelId;
  const chosen = sql.cache.read(
    `active:${actor.guildId}:${actor.userId}:${campaign.id}:${actor.channelId}:${parentId}`,
    () =>
      sql.get<{ protagonistId: string }>(
        `SELECT "protagonistId" FROM "ActiveProtagonist" WHERE "guildId" = ? AND "userId" = ?
          AND "campaignId" = ? AND "channelId" IN (?, ?, ?)
          ORDER BY CASE "channelId" WHEN ? THEN 0 WHEN ? THEN 1 ELSE 2 END LIMIT 1`,
        actor.guildId,
        actor.userId,
        campaign.id,
        actor.channelId,
        parentId,
        CAMPAIGN_WIDE,
        actor.channelId,
        parentId,
      )?.protagonistId,
  );
  if (chosen) return loadProtagonist(sql, actor.guildId, chosen);
  const own = sql.all<{ id: string }>(
    `SELECT "id" FROM "Protagonist" WHERE "guildId" = ? AND "campaignId" = ? AND "ownerId" = ?
      AND "status" = 'active' LIMIT 2`,
    actor.guildId,
    campaign.id,
    actor.userId,
  );
  const only = own.length === 1 ? own[0] : undefined;
  if (only) return loadProtagonist(sql, actor.guildId, only.id);
  throw invalid(
    own.length === 0
      ? `You have no active Protagonist in **${displayText(campaign.name)}**. Create one with \`/protagonist create\`.`
      : "You play several Protagonists here: choose one with `/protagonist select` (or name it in the command).",
  );
}
