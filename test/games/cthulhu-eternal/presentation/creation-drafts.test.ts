import { describe, expect, it } from "vitest";
import { DraftStore, newDraftId } from "../../../../src/games/cthulhu-eternal/creation/drafts.js";

interface Draft {
  userId: string;
  guildId: string;
  label: string;
}

function store(maxEntries = 3) {
  let now = 0;
  let next = 0;
  const drafts = new DraftStore<Draft>({
    ttlMs: 1000,
    maxEntries,
    now: () => now,
    newId: () => `d${next++}`,
  });
  return {
    drafts,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const draft = (userId: string, label = userId, guildId = "g"): Draft => ({
  userId,
  guildId,
  label,
});

describe("DraftStore", () => {
  it("finds a draft by id until it has gone unused for the TTL", () => {
    const { drafts, advance } = store();
    const id = drafts.create(draft("a"));
    advance(900);
    expect(drafts.get(id)?.label).toBe("a");
    // Using it renewed its lifetime.
    advance(900);
    expect(drafts.get(id)?.label).toBe("a");
    advance(1000);
    expect(drafts.get(id)).toBeUndefined();
  });

  it("keeps one draft per user and guild: a new one replaces the old", () => {
    const { drafts } = store();
    const first = drafts.create(draft("a", "first"));
    const elsewhere = drafts.create(draft("a", "other guild", "h"));
    const second = drafts.create(draft("a", "second"));
    expect(drafts.get(first)).toBeUndefined();
    expect(drafts.get(second)?.label).toBe("second");
    expect(drafts.get(elsewhere)?.label).toBe("other guild");
  });

  it("never holds more than its bound, dropping the least recently used", () => {
    const { drafts } = store(2);
    const a = drafts.create(draft("a"));
    const b = drafts.create(draft("b"));
    drafts.get(a);
    const c = drafts.create(draft("c"));
    expect(drafts.size).toBe(2);
    expect(drafts.get(b)).toBeUndefined();
    expect(drafts.get(a)).toBeDefined();
    expect(drafts.get(c)).toBeDefined();
  });

  it("makes short ids that fit custom ids", () => {
    const id = newDraftId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });
});
