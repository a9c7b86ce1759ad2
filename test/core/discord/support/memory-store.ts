import type { BotStateStore } from "../../../../src/core/bot-state-service.js";

/** BotState in a Map, for tests that are not about the database. */
export function memoryStore(): BotStateStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => {
      values.set(key, value);
      return Promise.resolve();
    },
  };
}
