import type { Campaign } from "../generated/prisma/client.js";
import { resolveRuleOptions, type RuleOptions } from "../rules/options.js";
import type { Actor } from "./actor.js";
import { forbidden, invalid } from "./errors.js";
import { campaignNotFound, MAX_CANDIDATES } from "./lookups.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import type { Sql } from "../db/sql.js";
import { displayText } from "./display-text.js";
import { deepFreeze } from "../db/read-cache.js";

const CAMPAIGN_COLUMNS = `c."id", c."guildId", c."name", c."era", c."isDefault", c."ruleOptions",
  c."secretRollMode", c."gmChannelId", c."sessionNumber", c."customContent", c."extras", c."createdAt", c."updatedAt"`;
const CAMPAIGN_BY_ID = `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" c WHERE c."id" = ? AND c."guildId" = ?`;
/** The binding of the channel itself first, else its parent's (a thread's channel). */
const CAMPAIGN_OF_CHANNEL = `SELECT ${CAMPAIGN_COLUMNS} FROM "ChannelBinding" b
  JOIN "Campaign" c ON c."id" = b."campaignId" WHERE b."guildId" = ? AND b."channelId" IN (?, ?)
  ORDER BY b."channelId" = ? DESC LIMIT 1`;
const DEFAULT_CAMPAIGN = `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" c WHERE c."guildId" = ?
  ORDER BY c."isDefault" DESC, c."createdAt" ASC LIMIT 1`;
const GM_ENTRY = `SELECT 1 AS "found" FROM "CampaignGm" WHERE "campaignId" = ? AND (
  ("kind" = 'user' AND "discordId" = ?) OR
  ("kind" = 'role' AND "discordId" IN (SELECT "value" FROM json_each(?)))) LIMIT 1`;

type CampaignRow = Omit<
  Campaign,
  "isDefault" | "ruleOptions" | "customContent" | "extras" | "createdAt" | "updatedAt"
> & {
  isDefault: number;
  ruleOptions: string;
  customContent: string | null;
  extras: string | null;
  createdAt: string;
  updatedAt: string;
};

function toCampaign(row: CampaignRow): Campaign {
  return {
    ...row,
    isDefault: row.isDefault !== 0,
    ruleOptions: JSON.parse(row.ruleOptions) as Campaign["ruleOptions"],
    customContent:
      row.customContent === null
        ? null
        : (JSON.parse(row.customContent) as Campaign["customContent"]),
    extras: row.extras === null ? null : (JSON.parse(row.extras) as Campaign["extras"]),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

/** A campaign of the actor's guild: by id, else the channel's bound campaign, else the default. */
export function resolveCampaign(
  sql: Sql,
  actor: Pick<Actor, "guildId" | "channelId">,
  campaignId?: string | null,
): Campaign {
  if (campaignId) {
    const campaign = sql.cache.read(`campaign:${actor.guildId}:${campaignId}`, () =>
      mapDefined(sql.get<CampaignRow>(CAMPAIGN_BY_ID, campaignId, actor.guildId), toCampaign),
    );
    return campaign ?? campaignNamed(sql, actor.guildId, campaignId);
  }
  const campaign = campaignOfChannel(sql, actor);
  if (!campaign) {
    throw invalid("This server has no campaign yet. A GM can start one with `/campaign create`.");
  }
  return campaign;
}

/**
 * The channel's campaign: its own binding, else (in a thread) its parent channel's, else the
 * guild's default; none when the guild has none.
 */
export function campaignOfChannel(
  sql: Sql,
  actor: Pick<Actor, "guildId" | "channelId" | "threadParentId">,
): Campaign | undefined {
  return boundCampaign(sql, actor) ?? defaultCampaign(sql, actor.guildId);
}

/** The campaign the channel is bound to, by its own binding or its parent's; none when unbound. */
export function boundCampaign(
  sql: Sql,
  actor: Pick<Actor, "guildId" | "channelId" | "threadParentId">,
): Campaign | undefined {
  const { guildId, channelId } = actor;
  const parentId = actor.threadParentId ?? channelId;
  return sql.cache.read(`bound:${guildId}:${channelId}:${parentId}`, () =>
    mapDefined(
      sql.get<CampaignRow>(CAMPAIGN_OF_CHANNEL, guildId, channelId, parentId, channelId),
      toCampaign,
    ),
  );
}

/** The guild's default campaign (the oldest, when none is marked); none when it has none. */
export function defaultCampaign(sql: Sql, guildId: string): Campaign | undefined {
  return sql.cache.read(`default-campaign:${guildId}`, () =>
    mapDefined(sql.get<CampaignRow>(DEFAULT_CAMPAIGN, guildId), toCampaign),
  );
}

const CAMPAIGN_NAMES = `SELECT "id", "name" FROM "Campaign" WHERE "guildId" = ?
  ORDER BY "name" LIMIT ${MAX_CANDIDATES}`;

/** A campaign named in full (any letter case) by a player who typed it without picking it. */
function campaignNamed(sql: Sql, guildId: string, name: string): Campaign {
  const campaigns = sql.all<{ id: string; name: string }>(CAMPAIGN_NAMES, guildId);
  const wanted = name.trim().toLowerCase();
  const named = campaigns.find((c) => c.name.toLowerCase() === wanted);
  const row = named && sql.get<CampaignRow>(CAMPAIGN_BY_ID, named.id, guildId);
  if (row) return toCampaign(row);
  throw campaignNotFound(name, campaigns);
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

/** Campaign GMs are its GM users, members with a GM role, and anyone with Manage Server. */
export function isGm(sql: Sql, actor: Actor, campaignId: string): boolean {
  if (actor.canManageGuild) return true;
  const roles = JSON.stringify(actor.roleIds);
  return sql.cache.read(
    `gm:${campaignId}:${actor.userId}:${roles}`,
    () => sql.get<{ found: number }>(GM_ENTRY, campaignId, actor.userId, roles) !== undefined,
  );
}

export function assertGm(sql: Sql, actor: Actor, campaign: Campaign): void {
  assertRightsOver(
    sql,
    actor,
    campaign,
    `Only a GM of **${displayText(campaign.name)}** (or someone with Manage Server) can do that.`,
  );
}

/** Refuses, with `refusal`, anyone but a GM of the campaign (or someone with Manage Server). */
export function assertRightsOver(
  sql: Sql,
  actor: Actor,
  campaign: Pick<Campaign, "id">,
  refusal: string,
): void {
  if (!isGm(sql, actor, campaign.id)) throw forbidden(refusal);
}

/** Players act on their own Protagonists; GMs on any Protagonist of their campaign. */
export function assertCanActOn(sql: Sql, actor: Actor, protagonist: ProtagonistSnapshot): void {
  if (protagonist.ownerId === actor.userId) return;
  if (isGm(sql, actor, protagonist.campaignId)) return;
  throw forbidden(
    `**${displayText(protagonist.name)}** is not yours. Only the player or a GM can do that.`,
  );
}

/** Resolved once per campaign object: cached campaigns are the same object until they change. */
const resolvedOptions = new WeakMap<Pick<Campaign, "ruleOptions">, RuleOptions>();

export function ruleOptionsOf(campaign: Pick<Campaign, "ruleOptions">): RuleOptions {
  let options = resolvedOptions.get(campaign);
  if (options === undefined) {
    options = deepFreeze(resolveRuleOptions(campaign.ruleOptions));
    resolvedOptions.set(campaign, options);
  }
  return options;
}
