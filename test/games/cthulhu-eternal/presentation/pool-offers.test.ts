import { describe, expect, it } from "vitest";
import {
  acceptPoolOffer,
  createPoolOffers,
  mayCancelPoolOffer,
  POOL_OFFER_TTL_MS,
  type PoolOffer,
} from "../../../../src/games/cthulhu-eternal/discord/pool-offers.js";

function offer(awaiting: string[]): PoolOffer {
  return {
    userId: "1",
    guildId: "g",
    actor: { guildId: "g", userId: "1", channelId: "c", roleIds: [], canManageGuild: false },
    roller: "Ada",
    contributors: [],
    difficulty: "normal",
    view: {
      contributors: [],
      pool: { effectiveRating: 0, leadId: "", contributions: [] },
      awaiting,
    },
    awaiting,
    accepted: [],
    settled: false,
  };
}

describe("pool offers", () => {
  it("complete once every asked player accepted, and only once", () => {
    const store = createPoolOffers();
    const id = store.create(offer(["2", "3"]));
    expect(acceptPoolOffer(store, id, "1").kind).toBe("not-asked");
    expect(acceptPoolOffer(store, id, "2").kind).toBe("waiting");
    expect(acceptPoolOffer(store, id, "2").kind).toBe("already");
    expect(acceptPoolOffer(store, id, "3").kind).toBe("complete");
    expect(acceptPoolOffer(store, id, "3").kind).toBe("settled");
  });

  it("expire after the offer's lifetime without a press", () => {
    let now = 1_000;
    const store = createPoolOffers(() => now);
    const id = store.create(offer(["2"]));
    now += POOL_OFFER_TTL_MS;
    expect(acceptPoolOffer(store, id, "2").kind).toBe("gone");
  });

  it("may be called off by the proposer or an asked player, not by others", () => {
    const open = offer(["2"]);
    expect(mayCancelPoolOffer(open, "1")).toBe(true);
    expect(mayCancelPoolOffer(open, "2")).toBe(true);
    expect(mayCancelPoolOffer(open, "9")).toBe(false);
  });
});
