import { openDatabase, type Database } from "../../../store/database.js";
import { storeOn } from "../../../store/store.js";
import { botStateOn } from "../../../store/bot-state.js";
import type { Store } from "./store.js";
import { campaignsOn } from "./prisma/campaigns.js";
import { eventsOn } from "./prisma/events.js";
import { protagonistsOn } from "./prisma/protagonists.js";
import { selectionsOn } from "./prisma/selections.js";

/** Cthulhu Eternal's store: its repositories on the one database. */
export function eternalStore(db: Pick<Database, "transaction">): Store {
  return storeOn(db, (client) => ({
    protagonists: protagonistsOn(client),
    campaigns: campaignsOn(client),
    selections: selectionsOn(client),
    events: eventsOn(client),
    botState: botStateOn(client),
  }));
}

/** The database, with Cthulhu Eternal's store on it. */
export interface EternalDatabase extends Database {
  /** The way the game's services reach the data. */
  readonly store: Store;
}

/** `openDatabase`, then the game's store on it. */
export async function openEternalDatabase(
  ...args: Parameters<typeof openDatabase>
): Promise<EternalDatabase> {
  const db = await openDatabase(...args);
  return { ...db, store: eternalStore(db) };
}
