import type { Sql } from "../../core/db/sql.js";
import type { SelectionRepository } from "../store.js";

const CHOSEN = `SELECT "protagonistId" FROM "ActiveProtagonist" WHERE "guildId" = ? AND "userId" = ?
  AND "campaignId" = ? AND "channelId" IN (?, ?, ?)
  ORDER BY CASE "channelId" WHEN ? THEN 0 WHEN ? THEN 1 ELSE 2 END LIMIT 1`;

/** Selections on a prepared statement, through the read cache. */
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
  };
}
