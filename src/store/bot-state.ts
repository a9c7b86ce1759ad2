import type { Client } from "./database.js";
import type { BotStateRepository } from "./store.js";

export function botStateOn(client: Client): BotStateRepository {
  return {
    get: async (key) => (await client.botState.findUnique({ where: { key } }))?.value,
    set: async (key, value) => {
      await client.botState.upsert({ where: { key }, create: { key, value }, update: { value } });
    },
  };
}
