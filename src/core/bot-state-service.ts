import type { BotStateRepository, Store } from "../store/store.js";

/** Bot-level key/value state (not tied to any guild), e.g. the registered-commands hash. */
export interface BotStateStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export function createBotStateService(
  store: Store<{ readonly botState: BotStateRepository }>,
): BotStateStore {
  return {
    get: (key) => store.read((tx) => tx.botState.get(key)),
    set: (key, value) => store.transaction((tx) => tx.botState.set(key, value)),
  };
}
