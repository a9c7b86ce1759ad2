import { sqlNow, type Sql } from "../../core/db/sql.js";
import type { CampaignRepository } from "../store.js";
import type { Campaign, Named } from "../types.js";

const CAMPAIGN_COLUMNS = `c."id", c."guildId", c."name", c."era", c."isDefault", c."ruleOptions",
  c."secretRollMode", c."gmChannelId", c."sessionNumber", c."customContent", c."extras", c."createdAt", c."updatedAt"`;
const CAMPAIGN_BY_ID = `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" c WHERE c."id" = ? AND c."guildId" = ?`;
/** The binding of the channel itself first, else its parent's (a thread's channel). */
const CAMPAIGN_OF_CHANNEL = `SELECT ${CAMPAIGN_COLUMNS} FROM "ChannelBinding" b
  JOIN "Campaign" c ON c."id" = b."campaignId" WHERE b."guildId" = ? AND b."channelId" IN (?, ?)
  ORDER BY b."channelId" = ? DESC LIMIT 1`;
const DEFAULT_CAMPAIGN = `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" c WHERE c."guildId" = ?
  ORDER BY c."isDefault" DESC, c."createdAt" ASC LIMIT 1`;
const CAMPAIGN_NAMES = `SELECT "id", "name" FROM "Campaign" WHERE "guildId" = ? ORDER BY "name" LIMIT ?`;
const GM_ENTRY = `SELECT 1 AS "found" FROM "CampaignGm" WHERE "campaignId" = ? AND (
  ("kind" = 'user' AND "discordId" = ?) OR
  ("kind" = 'role' AND "discordId" IN (SELECT "value" FROM json_each(?)))) LIMIT 1`;

const SET_SESSION = `UPDATE "Campaign" SET "sessionNumber" = ?, "updatedAt" = ? WHERE "id" = ?`;
const SET_EXTRAS = `UPDATE "Campaign" SET "extras" = ?, "updatedAt" = ? WHERE "id" = ?`;

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

function toCampaign(row: CampaignRow | undefined): Campaign | undefined {
  if (row === undefined) return undefined;
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

/** Campaigns on prepared statements; the hot lookups go through the read cache. */
export function sqliteCampaigns(sql: Sql): CampaignRepository {
  const cached = <T>(key: string, load: () => T) => Promise.resolve(sql.cache.read(key, load));
  return {
    byId: (guildId, id) =>
      cached(`campaign:${guildId}:${id}`, () =>
        toCampaign(sql.get<CampaignRow>(CAMPAIGN_BY_ID, id, guildId)),
      ),
    boundTo: (guildId, channelId, parentId) =>
      cached(`bound:${guildId}:${channelId}:${parentId}`, () =>
        toCampaign(
          sql.get<CampaignRow>(CAMPAIGN_OF_CHANNEL, guildId, channelId, parentId, channelId),
        ),
      ),
    defaultOf: (guildId) =>
      cached(`default-campaign:${guildId}`, () =>
        toCampaign(sql.get<CampaignRow>(DEFAULT_CAMPAIGN, guildId)),
      ),
    names: (guildId, limit) => Promise.resolve(sql.all<Named>(CAMPAIGN_NAMES, guildId, limit)),
    listsGm: (campaignId, userId, roleIds) => {
      const roles = JSON.stringify(roleIds);
      return cached(
        `gm:${campaignId}:${userId}:${roles}`,
        () => sql.get<{ found: number }>(GM_ENTRY, campaignId, userId, roles) !== undefined,
      );
    },
    setSessionNumber: (campaignId, sessionNumber) => {
      sql.run(SET_SESSION, sessionNumber, sqlNow(), campaignId);
      return Promise.resolve();
    },
    setExtras: (campaignId, extras) => {
      sql.run(SET_EXTRAS, JSON.stringify(extras), sqlNow(), campaignId);
      return Promise.resolve();
    },
  };
}
