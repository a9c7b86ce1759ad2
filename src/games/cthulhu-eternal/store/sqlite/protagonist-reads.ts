import type { Sql } from "../../../../core/db/sql.js";
import type {
  ProtagonistListing,
  ProtagonistMatch,
  ProtagonistReads,
} from "../protagonist-reads.js";

const LISTING = `SELECT "id", "name", "ownerId", "status", "archetype", "hp", "hpMax", "wp", "wpMax",
  "san", "exhausted", "temporarilyInsane", "adaptedViolence", "adaptedHelplessness"
  FROM "Protagonist" WHERE "guildId" = ? AND "campaignId" = ?
  AND (? IS NULL OR "ownerId" = ?) AND (? OR "status" = 'active') ORDER BY "name"`;
/** The (campaignId, name) unique index serves the campaign filter and the name order. */
export const PROTAGONIST_SEARCH = `SELECT "id", "name", "ownerId", "status" FROM "Protagonist"
  WHERE "campaignId" = ? AND "guildId" = ? AND (? IS NULL OR "ownerId" = ?)
  AND "name" LIKE ? ESCAPE '\\' ORDER BY "name" LIMIT ?`;
/** `key` is the lower-cased name: matching it lower-cased is case-insensitive beyond ASCII. */
const SKILLS = `SELECT "id", "name", "rating", "failureMarked", "failureMarkVisibleTo" FROM "Skill"
  WHERE "protagonistId" = ? AND "key" LIKE ? ESCAPE '\\' ORDER BY "name" LIMIT ?`;
const BONDS = `SELECT "id", "name", "kind", "score", "crossedOff" FROM "Bond"
  WHERE "protagonistId" = ? AND (? OR "crossedOff" = 0) AND "name" LIKE ? ESCAPE '\\'
  ORDER BY "createdAt" LIMIT ?`;
const EXISTS = `SELECT 1 AS "found" FROM "Protagonist" WHERE "id" = ? AND "guildId" = ?`;

type Flags<T, K extends keyof T> = Omit<T, K> & Record<K, number>;
type ListingRow = Flags<
  ProtagonistListing,
  "exhausted" | "temporarilyInsane" | "adaptedViolence" | "adaptedHelplessness"
>;

/** `text` anywhere in a LIKE pattern: its own `%` and `_` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

export function sqliteProtagonistReads(sql: Sql): ProtagonistReads {
  return {
    listIn: (guildId, campaignId, { ownerId, includeInactive }) => {
      const owner = ownerId ?? null;
      const rows = sql.all<ListingRow>(
        LISTING,
        guildId,
        campaignId,
        owner,
        owner,
        includeInactive ? 1 : 0,
      );
      return Promise.resolve(
        rows.map((r) => ({
          ...r,
          exhausted: r.exhausted !== 0,
          temporarilyInsane: r.temporarilyInsane !== 0,
          adaptedViolence: r.adaptedViolence !== 0,
          adaptedHelplessness: r.adaptedHelplessness !== 0,
        })),
      );
    },
    search: (guildId, campaignId, text, { ownerId, limit }) => {
      const owner = ownerId ?? null;
      return Promise.resolve(
        sql.all<ProtagonistMatch>(
          PROTAGONIST_SEARCH,
          campaignId,
          guildId,
          owner,
          owner,
          containing(text),
          limit,
        ),
      );
    },
    skillsMatching: (protagonistId, text, limit) =>
      Promise.resolve(
        sql
          .all<{
            id: string;
            name: string;
            rating: number;
            failureMarked: number;
            failureMarkVisibleTo: string | null;
          }>(SKILLS, protagonistId, containing(text.toLowerCase()), limit)
          .map((s) => ({ ...s, failureMarked: s.failureMarked !== 0 })),
      ),
    bondsMatching: (protagonistId, text, { includeBroken, limit }) =>
      Promise.resolve(
        sql
          .all<{ id: string; name: string; kind: string; score: number; crossedOff: number }>(
            BONDS,
            protagonistId,
            includeBroken ? 1 : 0,
            containing(text),
            limit,
          )
          .map((b) => ({ ...b, crossedOff: b.crossedOff !== 0 })),
      ),
    exists: (guildId, id) => Promise.resolve(sql.get(EXISTS, id, guildId) !== undefined),
  };
}
