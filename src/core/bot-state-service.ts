import { StoreUnavailable, type BotStateRepository, type Store } from "../store/store.js";

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

/**
 * The health check's database probe: a real write (the time of the last check, one row), so
 * that a read-only connection or mount, a full disk or an I/O error makes it fail. A busy
 * database is taking writes, only slowly.
 */
export async function databaseTakesWrites(botState: BotStateStore): Promise<boolean> {
  try {
    await botState.set(HEALTH_CHECK_KEY, new Date().toISOString());
    return true;
  } catch (error) {
    return error instanceof StoreUnavailable && error.reason === "busy";
  }
}

const HEALTH_CHECK_KEY = "health-check";
