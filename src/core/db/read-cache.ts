import { isDeepStrictEqual } from "node:util";
import { deepFreeze } from "../deep-freeze.js";

/**
 * What the database looked like when the cache last agreed with it: SQLite's `data_version`
 * (moves when another connection commits) and `total_changes()` of our own connection (moves
 * with every row any statement of ours or Prisma's inserts, updates or deletes).
 */
export interface DatabaseStamp {
  readonly dataVersion: number;
  readonly totalChanges: number;
}

/** What a transaction had staged at one point of it (see ReadCache.mark). */
export interface StagedMark {
  readonly staged: ReadonlyMap<string, StagedEntry | undefined>;
  readonly dirty: boolean;
}

interface StagedEntry {
  value: unknown;
  large: boolean;
}

/** A map that forgets the entry used longest ago once it holds `capacity` entries. */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end marks it as the newest.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/**
 * Results of the hot reads (a channel's campaign, the active Protagonist, a Protagonist's sheet),
 * kept between transactions while nothing else has written to the database.
 *
 * It is only used inside our own transactions, which start by comparing the database's stamp with
 * the one the cache last agreed with: any commit by another connection, or any write on our
 * connection the cache was not told about (Prisma's), empties it. Writes made inside our
 * transactions either say which entry they replace (`stage`) or empty it at commit (`dirty`), and
 * nothing staged is kept unless the commit succeeds. Entries are deep-frozen.
 */
export class ReadCache {
  readonly #small: BoundedMap<string, unknown>;
  readonly #large: BoundedMap<string, unknown>;
  #agreedWith: DatabaseStamp | undefined;
  #open = false;
  #dirty = false;
  readonly #staged = new Map<string, StagedEntry | undefined>();

  constructor(
    capacity: { small: number; large: number },
    /** Under tests: every hit is read again from the database and must be equal. */
    private readonly verify = false,
  ) {
    this.#small = new BoundedMap(capacity.small);
    this.#large = new BoundedMap(capacity.large);
  }

  /** True inside a transaction whose start checked the cache against the database. */
  get open(): boolean {
    return this.#open;
  }

  get size(): number {
    return this.#small.size + this.#large.size;
  }

  /** Starts a transaction's use: keeps the entries only if the database is as last seen. */
  begin(stamp: DatabaseStamp): void {
    const agreed = this.#agreedWith;
    if (
      agreed === undefined ||
      agreed.dataVersion !== stamp.dataVersion ||
      agreed.totalChanges !== stamp.totalChanges
    ) {
      this.#small.clear();
      this.#large.clear();
    }
    this.#open = true;
    this.#dirty = false;
    this.#staged.clear();
  }

  /** The entry, else `load()`'s result (frozen and kept). `large` entries have a bound of their own. */
  read<T>(key: string, load: () => T, large = false): T {
    // After a write it cannot follow, the transaction reads the database itself.
    if (!this.#open || this.#dirty) return load();
    if (this.#staged.has(key)) {
      // Written earlier in this transaction: what it wrote, not what was committed before.
      const staged = this.#staged.get(key);
      if (staged !== undefined) return staged.value as T;
      const value = deepFreeze(load());
      this.#staged.set(key, { value, large });
      return value;
    }
    const map = large ? this.#large : this.#small;
    if (map.has(key)) {
      const cached = map.get(key) as T;
      if (this.verify && !isDeepStrictEqual(cached, load())) {
        throw new Error(`the read cache is out of date for ${key}`);
      }
      return cached;
    }
    const value = deepFreeze(load());
    map.set(key, value);
    return value;
  }

  /** After this transaction commits, `key` holds `value` (undefined: is forgotten). */
  stage(key: string, value: unknown, large = false): void {
    this.#staged.set(key, value === undefined ? undefined : { value: deepFreeze(value), large });
  }

  /** A write this cache cannot follow: everything is forgotten at commit. */
  markDirty(): void {
    this.#dirty = true;
  }

  /** Where the transaction's staged writes stand now, to go back to with `backTo`. */
  mark(): StagedMark {
    return { staged: new Map(this.#staged), dirty: this.#dirty };
  }

  /** Part of the transaction rolled back (a savepoint): its staged writes are forgotten. */
  backTo(mark: StagedMark): void {
    this.#staged.clear();
    for (const [key, entry] of mark.staged) this.#staged.set(key, entry);
    this.#dirty = mark.dirty;
  }

  /** The transaction committed; `stamp` is the database as it now is. */
  commit(stamp: DatabaseStamp): void {
    if (this.#dirty) {
      this.#small.clear();
      this.#large.clear();
    } else {
      for (const [key, entry] of this.#staged) {
        this.#small.delete(key);
        this.#large.delete(key);
        if (entry !== undefined) (entry.large ? this.#large : this.#small).set(key, entry.value);
      }
    }
    this.#agreedWith = stamp;
    this.#close();
  }

  /** The transaction rolled back: the database is as it was, and so are the entries. */
  rollback(): void {
    // Rolled-back statements still count in total_changes: the next begin() starts afresh.
    this.#agreedWith = undefined;
    this.#close();
  }

  #close(): void {
    this.#open = false;
    this.#dirty = false;
    this.#staged.clear();
  }
}
