import { z } from "zod";
import { loggedSanTest } from "./logged-san-test.js";
import { fact } from "./event-facts.js";
import type { StoreTx } from "../store/store.js";
import {
  INSANITY_REACTIONS,
  type InsanityReaction,
  type SanityTestResult,
} from "../rules/sanity/index.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertCanActOn, assertGm, resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { notFound } from "./errors.js";
import { changesOf } from "./protagonist-target.js";
import { cloneSnapshot, storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";
import { parseInput } from "./validation.js";

const reactInput = z.object({
  actor: actorSchema,
  eventId: z.number().int().positive(),
  reaction: z.enum(INSANITY_REACTIONS),
});

const episodeInput = z.object({ actor: actorSchema, eventId: z.number().int().positive() });

type Who = Pick<ProtagonistSnapshot, "id" | "name" | "ownerId">;

export type ReactionOutcome =
  /** The first reaction of the episode: the table hears it. */
  | { kind: "chosen"; protagonist: Who; reaction: InsanityReaction; eventId: number }
  /** Someone already chose for this episode: that choice stands. */
  | { kind: "already"; protagonist: Who; reaction: InsanityReaction }
  /** The test's standing result is not temporary insanity (projected away, or undone). */
  | { kind: "no-episode"; protagonist: Who };

export type EpisodeEndOutcome =
  { kind: "ended"; protagonist: Who; eventId: number } | { kind: "not-insane"; protagonist: Who };

/** The standing event of `kind` that answers a SAN test. */
function forTest(guildId: string, kind: string, eventId: number) {
  return { guildId, kind, after: eventId, refersTo: String(eventId) };
}

/** A SAN test of this guild, the Protagonist it tested, and the result that stands now. */
async function standingTest(
  tx: StoreTx,
  actor: Actor,
  eventId: number,
): Promise<{ protagonist: ProtagonistSnapshot; result: SanityTestResult | null }> {
  const event = await tx.events.find(actor.guildId, eventId);
  if (event?.kind !== "san-test" || event.dice === null) throw notFound("san-test");
  const tested =
    Object.values(storedSnapshots(event.before))[0]?.id ?? (await tx.events.targets(eventId))[0];
  if (tested === undefined) throw notFound("san-test");
  const protagonist = await loadProtagonist(tx, actor.guildId, tested);
  if (event.undoneById !== null) return { protagonist, result: null };
  const projection = await tx.events.latestReferring(
    forTest(actor.guildId, "san-projection", eventId),
  );
  const standing = projection?.dice ?? event.dice;
  return { protagonist, result: loggedSanTest(standing) };
}

/** The reaction already chosen for a SAN test's episode, if any. */
export async function chosenReaction(
  tx: StoreTx,
  guildId: string,
  eventId: number,
): Promise<InsanityReaction | null> {
  const row = await tx.events.latestReferring(forTest(guildId, "san-reaction", eventId));
  if (!row) return null;
  const { reaction } = row.input as { reaction?: string };
  return INSANITY_REACTIONS.find((r) => r === reaction) ?? null;
}

const who = (p: ProtagonistSnapshot): Who => ({ id: p.id, name: p.name, ownerId: p.ownerId });

/**
 * Episodes of temporary insanity: the player's one reaction (Flee, Struggle or Submit) and the
 * GM ending the episode. Each runs in one synchronous transaction, so of two presses at once
 * the second finds the first's choice.
 */
export function createSanityEpisodes({ store }: Pick<ServiceDeps, "store">) {
  return {
    /** The first reaction of an episode is logged and stands; later ones are told it. */
    async react(raw: {
      actor: Actor;
      eventId: number;
      reaction: InsanityReaction;
    }): Promise<ReactionOutcome> {
      const { actor, eventId, reaction } = parseInput(reactInput, raw);
      return store.transaction(async (tx) => {
        const { protagonist, result } = await standingTest(tx, actor, eventId);
        await assertCanActOn(tx, actor, protagonist);
        if (!result?.temporaryInsanity)
          return { kind: "no-episode", protagonist: who(protagonist) };
        const already = await chosenReaction(tx, actor.guildId, eventId);
        if (already) return { kind: "already", protagonist: who(protagonist), reaction: already };
        const campaign = await resolveCampaign(tx, actor, protagonist.campaignId);
        const reactionEventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("san-reaction", { protagonist: protagonist.name, reaction }),
          sessionNumber: campaign.sessionNumber,
          input: { sanEventId: eventId, reaction },
          refersTo: String(eventId),
          concerns: [protagonist.id],
        });
        return {
          kind: "chosen",
          protagonist: who(protagonist),
          reaction,
          eventId: reactionEventId,
        };
      });
    },

    /** GM: the episode of temporary insanity is over; the badge goes. Undoable. */
    async endEpisode(raw: { actor: Actor; eventId: number }): Promise<EpisodeEndOutcome> {
      const { actor, eventId } = parseInput(episodeInput, raw);
      return store.transaction(async (tx) => {
        const { protagonist: before } = await standingTest(tx, actor, eventId);
        const campaign = await resolveCampaign(tx, actor, before.campaignId);
        await assertGm(tx, actor, campaign);
        if (!before.temporarilyInsane) return { kind: "not-insane", protagonist: who(before) };
        const after = cloneSnapshot(before);
        after.temporarilyInsane = false;
        await tx.protagonists.write(before, after);
        const endEventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("insanity-end", { protagonist: before.name }),
          sessionNumber: campaign.sessionNumber,
          input: { sanEventId: eventId },
          changes: changesOf(before, after),
        });
        return { kind: "ended", protagonist: who(before), eventId: endEventId };
      });
    },
  };
}
