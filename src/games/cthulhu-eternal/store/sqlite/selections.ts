import { sqlNow, type Sql } from "../../../../core/db/sql.js";
import type { SelectionRepository } from "../store.js";

const CHOSEN = `SELECT "protagonistId" FROM "ActiveProtagonist" WHERE "guildId" = ? AND "userId" = ?
  AND "campaignId" = ? AND "channelId" IN (?, ?, ?)
  ORDER BY CASE "channelId" WHEN ? THEN 0 WHEN ? THEN 1 ELSE 2 END LIMIT 1`;

const CHOOSE = `INSERT INTO "ActiveProtagonist"
  ("guildId", "userId", "campaignId", "channelId", "protagonistId", "updatedAt")
  VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT ("guildId", "userId", "campaignId", "channelId")
  DO UPDATE SET "protagonistId" = excluded."protagonistId", "updatedAt" = excluded."updatedAt"`;
const CLEAR = `DELETE FROM "ActiveProtagonist" WHERE "guildId" = ? AND "protagonistId" = ?`;

/** Selections on prepared statements; the lookup goes through the read cache. */
export function sqliteSelections(sql: Sql): SelectionRepository {
  return {
    chosen: ({ guildId, userId, campaignId, channelIds }) => {
      const [first, second, third] = channelIds;
      return Promise.resolve(
        sql.cache.read(
          `active:${guildId}:${userId}:${campaignId}:${first}:${second}`,
          () =>
            sql.get<{ protagonistId: string }>(
              CHOSEN,
              guildId,
              userId,
              campaignId,
              first,
              second,
              third,
              first,
              second,
            )?.protagonistId,
        ),
      );
    },
    choose: ({ guildId, userId, campaignId, channelId }, protagonistId) => {
      sql.run(CHOOSE, guildId, userId, campaignId, channelId, protagonistId, sqlNow());
      return Promise.resolve();
    },
    clearFor: (guildId, protagonistId) => {
      sql.run(CLEAR, guildId, protagonistId);
      return Promise.resolve();
    },
  };
}
