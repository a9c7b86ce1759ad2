import { randomUUID } from "node:crypto";
import { sqlBool, sqlNow, type Sql } from "../../../../core/db/sql.js";
import type { CampaignGm, CampaignRepository } from "../store.js";
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

const COUNT_IN = `SELECT COUNT(*) AS "count" FROM "Campaign" WHERE "guildId" = ?`;
const BY_NAME = `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" c WHERE c."guildId" = ? AND c."name" = ?`;
const LIST_IN = `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" c WHERE c."guildId" = ?
  ORDER BY c."isDefault" DESC, c."name" ASC`;
const ADD_GUILD = `INSERT INTO "Guild" ("id", "createdAt") VALUES (?, ?) ON CONFLICT ("id") DO NOTHING`;
const INSERT_CAMPAIGN = `INSERT INTO "Campaign" ("id", "guildId", "name", "era", "isDefault",
  "ruleOptions", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, '{}', ?, ?)`;
const CLEAR_DEFAULT = `UPDATE "Campaign" SET "isDefault" = 0, "updatedAt" = ?
  WHERE "guildId" = ? AND "isDefault" = 1`;
const UPDATE_SETTINGS = `UPDATE "Campaign" SET "era" = ?, "secretRollMode" = ?, "gmChannelId" = ?,
  "ruleOptions" = ?, "isDefault" = ?, "updatedAt" = ? WHERE "id" = ?`;
const GMS_OF = `SELECT "kind", "discordId" FROM "CampaignGm" WHERE "campaignId" = ?
  ORDER BY "createdAt" ASC, rowid ASC`;
const ADD_GM = `INSERT INTO "CampaignGm" ("campaignId", "kind", "discordId", "createdAt")
  VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`;
const REMOVE_GM = `DELETE FROM "CampaignGm" WHERE "campaignId" = ? AND "kind" = ? AND "discordId" = ?`;
const CHANNELS_OF = `SELECT "channelId" FROM "ChannelBinding" WHERE "campaignId" = ?`;
const BIND_CHANNEL = `INSERT INTO "ChannelBinding" ("guildId", "channelId", "campaignId", "createdAt")
  VALUES (?, ?, ?, ?) ON CONFLICT ("guildId", "channelId") DO UPDATE SET "campaignId" = excluded."campaignId"`;

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
    countIn: (guildId) =>
      Promise.resolve(sql.get<{ count: number }>(COUNT_IN, guildId)?.count ?? 0),
    byName: (guildId, name) =>
      Promise.resolve(toCampaign(sql.get<CampaignRow>(BY_NAME, guildId, name))),
    listIn: (guildId) =>
      Promise.resolve(
        sql.all<CampaignRow>(LIST_IN, guildId).map((row) => toCampaign(row) as Campaign),
      ),
    create: ({ guildId, name, era, isDefault, creatorId }) => {
      const id = randomUUID();
      const now = sqlNow();
      sql.run(ADD_GUILD, guildId, now);
      sql.run(INSERT_CAMPAIGN, id, guildId, name, era, sqlBool(isDefault), now, now);
      sql.run(ADD_GM, id, "user", creatorId, now);
      return Promise.resolve(read(guildId, id));
    },
    updateSettings: (campaign, settings) => {
      const now = sqlNow();
      if (settings.isDefault) sql.run(CLEAR_DEFAULT, now, campaign.guildId);
      sql.run(
        UPDATE_SETTINGS,
        settings.era,
        settings.secretRollMode,
        settings.gmChannelId,
        JSON.stringify(settings.ruleOptions),
        sqlBool(settings.isDefault),
        now,
        campaign.id,
      );
      return Promise.resolve(read(campaign.guildId, campaign.id));
    },
    gmsOf: (campaignId) =>
      Promise.resolve(
        sql.all<CampaignGm>(GMS_OF, campaignId).map((gm) => ({
          kind: gm.kind === "role" ? "role" : "user",
          discordId: gm.discordId,
        })),
      ),
    addGm: (campaignId, gm) => {
      sql.run(ADD_GM, campaignId, gm.kind, gm.discordId, sqlNow());
      return Promise.resolve();
    },
    removeGm: (campaignId, gm) => {
      sql.run(REMOVE_GM, campaignId, gm.kind, gm.discordId);
      return Promise.resolve();
    },
    channelsOf: (campaignId) =>
      Promise.resolve(
        sql.all<{ channelId: string }>(CHANNELS_OF, campaignId).map((b) => b.channelId),
      ),
    bindChannel: (guildId, channelId, campaignId) => {
      sql.run(BIND_CHANNEL, guildId, channelId, campaignId, sqlNow());
      return Promise.resolve();
    },
  };

  /** A campaign just written, read back as stored (never from the cache). */
  function read(guildId: string, id: string): Campaign {
    const campaign = toCampaign(sql.get<CampaignRow>(CAMPAIGN_BY_ID, id, guildId));
    if (!campaign) throw new Error(`campaign ${id} vanished while being written`);
    return campaign;
  }
}
