/** The read cache forgets whatever the database may have changed, and holds a bounded number. */
import { describe, expect, it } from "vitest";
import { BoundedMap, ReadCache } from "../../src/core/db/read-cache.js";

const stamp = (dataVersion: number, totalChanges: number) => ({ dataVersion, totalChanges });

function cacheWith(key: string, value: unknown, at = stamp(1, 0)): ReadCache {
  const cache = new ReadCache({ small: 4, large: 2 });
  cache.begin(at);
  cache.read(key, () => value);
  cache.commit(at);
  return cache;
}

/** Reads `key` in a transaction begun at `at`; returns the value and whether it was loaded. */
function readAt(cache: ReadCache, key: string, at: ReturnType<typeof stamp>, fresh: unknown) {
  let loaded = false;
  cache.begin(at);
  const value = cache.read(key, () => {
    loaded = true;
    return fresh;
  });
  cache.commit(at);
  return { value, loaded };
}

describe("BoundedMap", () => {
  it("forgets the entry used longest ago", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.get("a");
    map.set("c", 3);
    expect([map.has("a"), map.has("b"), map.has("c")]).toEqual([true, false, true]);
    expect(map.size).toBe(2);
  });
});

describe("ReadCache", () => {
  it("keeps a result while the database is as it was", () => {
    const cache = cacheWith("k", { v: 1 });
    expect(readAt(cache, "k", stamp(1, 0), { v: 2 })).toEqual({ value: { v: 1 }, loaded: false });
  });

  it("forgets everything when another connection committed, or ours changed rows unseen", () => {
    expect(readAt(cacheWith("k", 1), "k", stamp(2, 0), 2)).toEqual({ value: 2, loaded: true });
    expect(readAt(cacheWith("k", 1), "k", stamp(1, 5), 2)).toEqual({ value: 2, loaded: true });
  });

  it("hands out frozen values", () => {
    const cache = cacheWith("k", { skills: [{ rating: 40 }] });
    cache.begin(stamp(1, 0));
    const value = cache.read("k", () => ({ skills: [{ rating: 0 }] }));
    const [skill] = value.skills;
    expect(() => {
      if (skill) skill.rating = 99;
    }).toThrow(TypeError);
    expect(value.skills).toEqual([{ rating: 40 }]);
    cache.commit(stamp(1, 0));
  });

  it("replaces a written entry only once the transaction commits", () => {
    const cache = cacheWith("k", "old");
    cache.begin(stamp(1, 0));
    cache.stage("k", "new");
    expect(cache.read("k", () => "db")).toBe("new");
    cache.rollback();
    expect(readAt(cache, "k", stamp(1, 1), "db")).toEqual({ value: "db", loaded: true });

    cache.begin(stamp(1, 1));
    cache.stage("k", "new");
    cache.commit(stamp(1, 2));
    expect(readAt(cache, "k", stamp(1, 2), "db")).toEqual({ value: "new", loaded: false });
  });

  it("reads the database itself after a write it cannot follow, and forgets all at commit", () => {
    const cache = cacheWith("k", "old");
    cache.begin(stamp(1, 0));
    cache.markDirty();
    expect(cache.read("k", () => "db")).toBe("db");
    cache.commit(stamp(1, 1));
    expect(cache.size).toBe(0);
  });

  it("is not used outside a transaction", () => {
    const cache = cacheWith("k", "old");
    expect(cache.read("k", () => "db")).toBe("db");
  });

  it("holds at most its capacity of small and of large entries", () => {
    const cache = new ReadCache({ small: 4, large: 2 });
    cache.begin(stamp(1, 0));
    for (let i = 0; i < 10; i += 1) {
      cache.read(`s${i}`, () => i);
      cache.read(`l${i}`, () => i, true);
    }
    cache.commit(stamp(1, 0));
    expect(cache.size).toBe(6);
  });

  it("under tests, refuses a kept value the database no longer holds", () => {
    const cache = new ReadCache({ small: 4, large: 2 }, true);
    cache.begin(stamp(1, 0));
    cache.read("k", () => ({ san: 50 }));
    expect(() => cache.read("k", () => ({ san: 49 }))).toThrow(/out of date for k/);
  });
});
