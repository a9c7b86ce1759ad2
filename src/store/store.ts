import type { Client } from "./database.js";

/**
 * The only way services reach stored data. Every read and write happens inside one transaction,
 * given as `tx` (a game's repositories): it commits when `work` settles and rolls back when it
 * throws. `work` uses `tx` and never opens another transaction (there is no need: `tx` sees
 * everything it wrote), and may run more than once (a write conflict runs it again), so it leaves
 * nothing behind but its writes. Each game's store is its repositories over the one database
 * (src/store/database.ts): `storeOn`.
 */
export interface Store<Tx> {
  /** A transaction that may write. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** A transaction that only reads: one consistent snapshot. */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Small values the bot keeps between runs. */
export interface BotStateRepository {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** A write refused by a unique index (a name already taken): nothing was written. */
export class UniqueConflict extends Error {
  override name = "UniqueConflict";
}

/**
 * The database could not serve the work, and nothing was written: `busy`, other work held it
 * longer than the store waits; `read-only`, it takes no writes; `unreachable`, the server did not
 * answer. The host's trouble, not a bug: the store turns its engine's codes into these, so
 * nothing above it reads them.
 */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
  constructor(
    readonly reason: "busy" | "read-only" | "unreachable",
    options?: ErrorOptions,
  ) {
    super(`the database is ${reason}`, options);
  }
}

/** A game's store: its repositories, made for each transaction's client. */
export function storeOn<Tx>(
  db: { transaction<T>(work: (client: Client) => Promise<T>): Promise<T> },
  repositories: (client: Client) => Tx,
): Store<Tx> {
  const run = <T>(work: (tx: Tx) => Promise<T>) =>
    db.transaction((client) => work(repositories(client)));
  return { transaction: run, read: run };
}
