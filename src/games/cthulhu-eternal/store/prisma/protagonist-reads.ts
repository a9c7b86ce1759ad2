import type { Client } from "../../../../store/database.js";
import type { ProtagonistReads } from "../protagonist-reads.js";

/**
 * Name searches compare here, not in the engine: SQLite's LIKE ignores ASCII case and
 * PostgreSQL's does not, both read `%` and `_` in the text as wildcards, and the lists searched
 * (a campaign's Protagonists, one sheet's skills or Bonds) are small.
 */
const contains = (name: string, text: string) => name.toLowerCase().includes(text.toLowerCase());

/** Skills are listed by name, compared by code unit as SQLite does (PostgreSQL's collation may not). */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

export function protagonistReadsOn(client: Client): ProtagonistReads {
  return {
    listIn: (guildId, campaignId, { ownerId, includeInactive }) =>
      client.protagonist.findMany({
        where: {
          guildId,
          campaignId,
          ...(ownerId ? { ownerId } : {}),
          ...(includeInactive ? {} : { status: "active" }),
        },
        select: {
          id: true,
          name: true,
          ownerId: true,
          status: true,
          archetype: true,
          hp: true,
          hpMax: true,
          wp: true,
          wpMax: true,
          san: true,
          exhausted: true,
          temporarilyInsane: true,
          adaptedViolence: true,
          adaptedHelplessness: true,
        },
        orderBy: { name: "asc" },
      }),
    search: async (guildId, campaignId, text, { ownerId, limit }) => {
      const rows = await client.protagonist.findMany({
        where: { campaignId, guildId, ...(ownerId ? { ownerId } : {}) },
        select: { id: true, name: true, ownerId: true, status: true },
        orderBy: { name: "asc" },
      });
      return rows.filter((p) => contains(p.name, text)).slice(0, limit);
    },
    skillsMatching: async (protagonistId, text, limit) => {
      const rows = await client.skill.findMany({
        where: { protagonistId },
        select: {
          id: true,
          name: true,
          rating: true,
          failureMarked: true,
          failureMarkVisibleTo: true,
        },
      });
      return rows
        .filter((s) => contains(s.name, text))
        .sort(byName)
        .slice(0, limit);
    },
    bondsMatching: async (protagonistId, text, { includeBroken, limit }) => {
      const rows = await client.bond.findMany({
        where: { protagonistId, ...(includeBroken ? {} : { crossedOff: false }) },
        select: { id: true, name: true, kind: true, score: true, crossedOff: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return rows.filter((b) => contains(b.name, text)).slice(0, limit);
    },
    exists: async (guildId, id) => (await client.protagonist.count({ where: { id, guildId } })) > 0,
  };
}
