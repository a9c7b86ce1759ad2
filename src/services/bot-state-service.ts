import type { PrismaClient } from "../generated/prisma/client.js";

/** Bot-level key/value state (not tied to any guild), e.g. the registered-commands hash. */
export interface BotStateStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export function createBotStateService(db: PrismaClient): BotStateStore {
  return {
    async get(key) {
      const row = await db.botState.findUnique({ where: { key } });
      return row?.value;
    },
    async set(key, value) {
      await db.botState.upsert({ where: { key }, create: { key, value }, update: { value } });
    },
  };
}
