import { sqlNow, type Sql } from "../../core/db/sql.js";
import type { BotStateRepository } from "../store.js";

const GET = `SELECT "value" FROM "BotState" WHERE "key" = ?`;
const SET = `INSERT INTO "BotState" ("key", "value", "updatedAt") VALUES (?, ?, ?)
  ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updatedAt" = excluded."updatedAt"`;

export function sqliteBotState(sql: Sql): BotStateRepository {
  return {
    get: (key) => Promise.resolve(sql.get<{ value: string }>(GET, key)?.value),
    set: (key, value) => {
      sql.run(SET, key, value, sqlNow());
      return Promise.resolve();
    },
  };
}
