import type { ResourceDifficulty, ResourceLocation } from "../rules/resources.js";
import type { Actor } from "../../../core/access/actor.js";
import type { PoolOfferView } from "../services/resource-pool.js";
import { DraftStore, type DraftOwner } from "../creation/drafts.js";

/** An offer lasts this long without a press; then its buttons change nothing. */
export const POOL_OFFER_TTL_MS = 15 * 60_000;
/** Open offers kept at most, across all guilds; the least recently used go first. */
const POOL_OFFERS_KEPT = 1_000;

/**
 * A pool with another player's Protagonist, waiting for that player to accept. Kept in memory
 * (a restart drops it: its buttons then say it expired, and nothing is rolled). `userId` is
 * whoever proposed it; a new offer of theirs replaces the previous one.
 */
export interface PoolOffer extends DraftOwner {
  readonly actor: Actor;
  /** The proposer's display name, for the result. */
  readonly roller: string;
  readonly contributors: readonly { protagonistId: string; where: ResourceLocation }[];
  readonly difficulty: ResourceDifficulty;
  readonly view: PoolOfferView;
  /** Players who still have to accept. */
  awaiting: string[];
  accepted: string[];
  /** Rolled, being rolled or called off: later presses change nothing. */
  settled: boolean;
}

export function createPoolOffers(now?: () => number): DraftStore<PoolOffer> {
  return new DraftStore<PoolOffer>({
    ttlMs: POOL_OFFER_TTL_MS,
    maxEntries: POOL_OFFERS_KEPT,
    ...(now ? { now } : {}),
  });
}

/** Every open offer of this bot process. */
export const poolOffers = createPoolOffers();

export type PoolAcceptance =
  | { kind: "waiting"; offer: PoolOffer }
  /** The last acceptance: the caller rolls the pool (once; the offer is settled). */
  | { kind: "complete"; offer: PoolOffer }
  | { kind: "gone" }
  | { kind: "settled" }
  | { kind: "not-asked"; offer: PoolOffer }
  | { kind: "already"; offer: PoolOffer };

/**
 * A player accepts. Synchronous, so of two presses at once only one completes the offer and
 * rolls it.
 */
export function acceptPoolOffer(
  store: DraftStore<PoolOffer>,
  offerId: string,
  userId: string,
): PoolAcceptance {
  const offer = store.get(offerId);
  if (!offer) return { kind: "gone" };
  if (offer.settled) return { kind: "settled" };
  if (offer.accepted.includes(userId)) return { kind: "already", offer };
  if (!offer.awaiting.includes(userId)) return { kind: "not-asked", offer };
  offer.awaiting = offer.awaiting.filter((id) => id !== userId);
  offer.accepted = [...offer.accepted, userId];
  if (offer.awaiting.length > 0) return { kind: "waiting", offer };
  offer.settled = true;
  return { kind: "complete", offer };
}

/** Whether this user may call the offer off: its proposer, or a player it asks. */
export function mayCancelPoolOffer(offer: PoolOffer, userId: string): boolean {
  return (
    offer.userId === userId || offer.awaiting.includes(userId) || offer.accepted.includes(userId)
  );
}
