import { randomBytes } from "node:crypto";

/**
 * Unfinished drafts of a multi-step flow (the guided Protagonist creation), kept in memory and
 * found again by a short id carried in the flow's custom ids. Entries expire after `ttlMs` without
 * use and the store never holds more than `maxEntries` (the least recently used goes first), so
 * abandoned flows cost nothing. A restart of the bot loses unfinished drafts: the player sees
 * "expired" and starts again.
 */
export interface DraftStoreOptions {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
  readonly newId?: () => string;
}

/** Who a draft belongs to: one open draft per user and guild. */
export interface DraftOwner {
  readonly userId: string;
  readonly guildId: string;
}

interface Entry<T> {
  readonly value: T;
  expiresAt: number;
}

/** 8 URL-safe characters: short enough for custom ids, never the custom-id separator ":". */
export function newDraftId(): string {
  return randomBytes(6).toString("base64url");
}

export class DraftStore<T extends DraftOwner> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: DraftStoreOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? newDraftId;
  }

  /** Stores a new draft and returns its id; the owner's previous draft in that guild is dropped. */
  create(value: T): string {
    this.dropExpired();
    for (const [id, entry] of this.entries) {
      if (entry.value.userId === value.userId && entry.value.guildId === value.guildId) {
        this.entries.delete(id);
      }
    }
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    let id = this.newId();
    while (this.entries.has(id)) id = this.newId();
    this.entries.set(id, { value, expiresAt: this.now() + this.options.ttlMs });
    return id;
  }

  /** The draft, its lifetime renewed; undefined when unknown or expired. */
  get(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    entry.expiresAt = this.now() + this.options.ttlMs;
    // Re-insert so Map order stays least-recently-used first.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(id);
    }
  }
}
