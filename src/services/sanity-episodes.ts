import { z } from "zod";
import type { Sql } from "../db/sql.js";
import {
  INSANITY_REACTIONS,
  type InsanityReaction,
  type SanityTestResult,
} from "../rules/sanity/index.js";
import { actorSchema, type Actor } from "./actor.js";
import { assertCanActOn, assertGm, resolveCampaign } from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { notFound } from "./errors.js";
import { recordEvent } from "./event-log.js";
import { changesOf } from "./protagonist-target.js";
import { cloneSnapshot, storedSnapshots, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist, writeProtagonist } from "./store.js";
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

const SAN_TEST = `SELECT "id", "dice", "before", "undoneById" FROM "Event"
  WHERE "id" = ? AND "guildId" = ? AND "kind" = 'san-test'`;
const TEST_TARGET = `SELECT "protagonistId" FROM "EventTarget" WHERE "eventId" = ? LIMIT 1`;
/** The standing event of `kind` that refers to a SAN test (its input's `sanEventId`). */
const LATEST_FOR_TEST = `SELECT "id", "input", "dice" FROM "Event"
  WHERE "guildId" = ? AND "kind" = ? AND "id" > ? AND "undoneById" IS NULL
    AND json_extract("input", '$.sanEventId') = ?
  ORDER BY "id" DESC LIMIT 1`;

interface TestRow {
  id: number;
  dice: string | null;
  before: string | null;
  undoneById: number | null;
}

/** A SAN test of this guild, the Protagonist it tested, and the result that stands now. */
function standingTest(
  sql: Sql,
  actor: Actor,
  eventId: number,
): { protagonist: ProtagonistSnapshot; result: SanityTestResult | null } {
  const row = sql.get<TestRow>(SAN_TEST, eventId, actor.guildId);
  if (!row?.dice) throw notFound("That SAN test");
  const tested =
    Object.values(storedSnapshots(row.before ? JSON.parse(row.before) : null))[0]?.id ??
    sql.get<{ protagonistId: string }>(TEST_TARGET, eventId)?.protagonistId;
  if (tested === undefined) throw notFound("That SAN test");
  const protagonist = loadProtagonist(sql, actor.guildId, tested);
  if (row.undoneById !== null) return { protagonist, result: null };
  const projection = sql.get<{ dice: string | null }>(
    LATEST_FOR_TEST,
    actor.guildId,
    "san-projection",
    eventId,
    eventId,
  );
  const standing = projection?.dice ?? row.dice;
  return { protagonist, result: JSON.parse(standing) as SanityTestResult };
}

/** The reaction already chosen for a SAN test's episode, if any. */
export function chosenReaction(
  sql: Sql,
  guildId: string,
  eventId: number,
): InsanityReaction | null {
  const row = sql.get<{ input: string }>(
    LATEST_FOR_TEST,
    guildId,
    "san-reaction",
    eventId,
    eventId,
  );
  if (!row) return null;
  const { reaction } = JSON.parse(row.input) as { reaction?: string };
  return INSANITY_REACTIONS.find((r) => r === reaction) ?? null;
}

const who = (p: ProtagonistSnapshot): Who => ({ id: p.id, name: p.name, ownerId: p.ownerId });

/**
 * Episodes of temporary insanity: the player's one reaction (Flee, Struggle or Submit) and the
 * GM ending the episode. Each runs in one synchronous transaction, so of two presses at once
 * the second finds the first's choice.
 */
export function createSanityEpisodes({ sql }: Pick<ServiceDeps, "sql">) {
  return {
    /** The first reaction of an episode is logged and stands; later ones are told it. */
    async react(raw: {
      actor: Actor;
      eventId: number;
      reaction: InsanityReaction;
    }): Promise<ReactionOutcome> {
      const { actor, eventId, reaction } = parseInput(reactInput, raw);
      return sql.transaction(() => {
        const { protagonist, result } = standingTest(sql, actor, eventId);
        assertCanActOn(sql, actor, protagonist);
        if (!result?.temporaryInsanity)
          return { kind: "no-episode", protagonist: who(protagonist) };
        const already = chosenReaction(sql, actor.guildId, eventId);
        if (already) return { kind: "already", protagonist: who(protagonist), reaction: already };
        const campaign = resolveCampaign(sql, actor, protagonist.campaignId);
        const reactionEventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "san-reaction",
          sessionNumber: campaign.sessionNumber,
          input: { sanEventId: eventId, reaction },
          summary: `${protagonist.name}, temporarily insane, chose to ${reaction}`,
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
      return sql.transaction(() => {
        const { protagonist: before } = standingTest(sql, actor, eventId);
        const campaign = resolveCampaign(sql, actor, before.campaignId);
        assertGm(sql, actor, campaign);
        if (!before.temporarilyInsane) return { kind: "not-insane", protagonist: who(before) };
        const after = cloneSnapshot(before);
        after.temporarilyInsane = false;
        writeProtagonist(sql, before, after);
        const endEventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "insanity-end",
          sessionNumber: campaign.sessionNumber,
          input: { sanEventId: eventId },
          summary: `${before.name}: the episode of temporary insanity is over`,
          changes: changesOf(before, after),
        });
        return { kind: "ended", protagonist: who(before), eventId: endEventId };
      });
    },
  };
}
