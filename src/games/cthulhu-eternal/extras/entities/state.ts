import { z } from "zod";
import { moduleDataOf } from "../../services/campaign-module-data.js";
import { ENTITY_KINDS, MAX_TAG_RATING, PLAIN_TAGS, RATED_TAGS } from "./rules.js";

/** The module's id: its key in the campaign's `extras`. */
export const ENTITIES_ID = "entities";
export const MAX_ENTITIES = 100;
export const SHOWN_TEXT_MAX = 500;

const tagSchema = z.union([
  z.object({ tag: z.enum(RATED_TAGS), rating: z.number().int().min(1).max(MAX_TAG_RATING) }),
  z.object({ tag: z.enum(PLAIN_TAGS) }),
  z.object({ tag: z.literal("vulnerable"), type: z.string().min(1) }),
]);

const entitySchema = z.object({
  name: z.string().min(1),
  kind: z.enum(ENTITY_KINDS),
  /** Null for what takes no damage (a tome). */
  hp: z.number().int().min(0).nullable(),
  tags: z.array(tagSchema),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  /** Shown to the table by a GM, with what the GM chose to say; null while hidden. */
  shown: z.object({ description: z.string() }).nullable(),
  /** The Protagonists (by id) who have met it: Eldritch costs at once only at a first meeting. */
  metBy: z.array(z.string()).default([]),
  /** Damage taken so far (attacks): its HP left is `hp − wounds`. */
  wounds: z.number().int().min(0).default(0),
});
export const bestiarySchema = z.object({ entities: z.array(entitySchema).default([]) });

export type Entity = z.infer<typeof entitySchema>;
export type Bestiary = z.infer<typeof bestiarySchema>;

export function bestiaryOf(campaignExtras: unknown): Bestiary {
  const parsed = bestiarySchema.safeParse(moduleDataOf(campaignExtras, ENTITIES_ID) ?? {});
  return parsed.success ? parsed.data : { entities: [] };
}

export function findEntity(bestiary: Bestiary, name: string): Entity | undefined {
  const wanted = name.trim().toLowerCase();
  return bestiary.entities.find((e) => e.name.toLowerCase() === wanted);
}

/** The entities a viewer may know of: all of them for a GM, the shown ones for anyone else. */
export function entitiesSeenBy(bestiary: Bestiary, gm: boolean): Entity[] {
  return gm ? bestiary.entities : bestiary.entities.filter((e) => e.shown !== null);
}
