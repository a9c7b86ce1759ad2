/**
 * Fills a migrated database with many guilds of play, fast: one transaction of raw better-sqlite3
 * prepared statements (Prisma would take minutes). Rows are shaped like the services write them:
 * ISO dates, JSON columns, a campaign with its GM per guild, Protagonists with skills, Bonds and
 * a selection per player, and an event log of skill tests, dice rolls and state changes with
 * before/after snapshots and EventTarget rows.
 */
import BetterSqlite3 from "better-sqlite3";
import type { ProtagonistSnapshot } from "../src/games/cthulhu-eternal/services/snapshot.js";

export interface BulkWorldShape {
  guilds: number;
  protagonistsPerGuild: number;
  /** Protagonists are dealt to the players in turn; each player selects their first one. */
  playersPerGuild: number;
  eventsPerGuild: number;
  guildId(guild: number): string;
  gmId(guild: number): string;
  playerId(guild: number, player: number): string;
}

export interface BulkWorld {
  campaignIds: string[];
  rows: Record<string, number>;
  seconds: number;
}

/** Every bulk Protagonist has these skills, so `/roll skill:` works on any of them. */
export const BULK_SKILLS = [
  { name: "Alertness", rating: 40 },
  { name: "Occult", rating: 50 },
  { name: "Search", rating: 40 },
  { name: "Persuade", rating: 30 },
] as const;

const STATS = { STR: 10, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 };
const SAN = 70;
const BREAKING_POINT = 56;
const START = Date.parse("2026-01-01T00:00:00Z");

/** Dates as the Prisma SQLite adapter stores them. */
function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

const CREATION_JSON = JSON.stringify({
  era: "modern",
  harshness: "normal",
  stats: { method: "set", set: "focused", assignment: STATS },
  archetypeId: "researcher-scientist",
  archetypeSpecialisations: { Science: "Biology" },
  optionalSkills: ["Archeology", "Natural World", "Science (Chemistry)"],
  bonusSkills: ["Search", "Persuade", "Occult", "Alertness"],
  resources: { tradeInPicks: 0, zero: false },
});

export function generateBulkWorld(file: string, shape: BulkWorldShape): BulkWorld {
  const started = performance.now();
  const db = new BetterSqlite3(file);
  // A throwaway file being filled: write pages once (no WAL copy, no fsync), checks off, big cache.
  // The rows are consistent by construction; the bot's own connections keep foreign keys on.
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("foreign_keys = OFF");
  db.pragma("cache_size = -262144");
  const rows: Record<string, number> = {};
  const count = (table: string): void => {
    rows[table] = (rows[table] ?? 0) + 1;
  };
  const insert = {
    guild: db.prepare('INSERT INTO "Guild" (id, createdAt) VALUES (?, ?)'),
    campaign: db.prepare(
      "INSERT INTO \"Campaign\" (id, guildId, name, isDefault, ruleOptions, createdAt, updatedAt) VALUES (?, ?, ?, 1, '{}', ?, ?)",
    ),
    gm: db.prepare(
      "INSERT INTO \"CampaignGm\" (campaignId, kind, discordId, createdAt) VALUES (?, 'user', ?, ?)",
    ),
    protagonist: db.prepare(
      `INSERT INTO "Protagonist" (id, guildId, campaignId, ownerId, name, archetype, str, dex, con, int, pow, cha,
        hpMax, hp, wpMax, wp, san, breakingPoint, resourcesRating, resourcesAtHand, creation, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, 'Researcher / Scientist', ${STATS.STR}, ${STATS.DEX}, ${STATS.CON}, ${STATS.INT},
        ${STATS.POW}, ${STATS.CHA}, 10, 10, 14, 14, ${SAN}, ${BREAKING_POINT}, 5, 5, ?, ?, ?)`,
    ),
    skill: db.prepare(
      'INSERT INTO "Skill" (id, protagonistId, name, key, rating) VALUES (?, ?, ?, ?, ?)',
    ),
    bond: db.prepare(
      'INSERT INTO "Bond" (id, protagonistId, name, kind, score, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    selection: db.prepare(
      "INSERT INTO \"ActiveProtagonist\" (guildId, userId, campaignId, channelId, protagonistId, updatedAt) VALUES (?, ?, ?, '', ?, ?)",
    ),
    event: db.prepare(
      `INSERT INTO "Event" (guildId, campaignId, actorId, kind, sessionNumber, input, dice, before, after, changed, summary, createdAt)
       VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    target: db.prepare('INSERT INTO "EventTarget" (eventId, protagonistId) VALUES (?, ?)'),
  };

  const campaignIds: string[] = [];
  db.transaction(() => {
    for (let g = 0; g < shape.guilds; g += 1) {
      const guildId = shape.guildId(g);
      const campaignId = `cbenchcampaign${String(g).padStart(11, "0")}`;
      const createdAt = isoDate(START + g * 1000);
      campaignIds.push(campaignId);
      insert.guild.run(guildId, createdAt);
      count("Guild");
      insert.campaign.run(campaignId, guildId, "Night Floors", createdAt, createdAt);
      count("Campaign");
      insert.gm.run(campaignId, shape.gmId(g), createdAt);
      count("CampaignGm");

      const protagonists: { id: string; ownerId: string; name: string; snapshot: string[] }[] = [];
      for (let i = 0; i < shape.protagonistsPerGuild; i += 1) {
        const player = i % shape.playersPerGuild;
        const ownerId = shape.playerId(g, player);
        const id = `cbenchprot${String(g).padStart(6, "0")}x${String(i).padStart(8, "0")}`;
        const name = `Agent ${g}-${i}`;
        insert.protagonist.run(
          id,
          guildId,
          campaignId,
          ownerId,
          name,
          CREATION_JSON,
          createdAt,
          createdAt,
        );
        count("Protagonist");
        const skills = BULK_SKILLS.map((skill, k) => ({
          id: `${id}s${k}`,
          name: skill.name,
          key: skill.name.toLowerCase(),
          rating: skill.rating,
          failureMarked: false,
          failureMarkVisibleTo: null,
        }));
        for (const skill of skills) {
          insert.skill.run(skill.id, id, skill.name, skill.key, skill.rating);
          count("Skill");
        }
        const bonds = [
          { id: `${id}b0`, name: "Her brother Tom", kind: "individual" as const, score: 12 },
          { id: `${id}b1`, name: "The night shift", kind: "community" as const, score: 5 },
        ];
        for (const bond of bonds) {
          insert.bond.run(bond.id, id, bond.name, bond.kind, bond.score, createdAt);
          count("Bond");
        }
        if (i < shape.playersPerGuild) {
          insert.selection.run(guildId, ownerId, campaignId, id, createdAt);
          count("ActiveProtagonist");
        }
        const snapshot = (san: number): string =>
          JSON.stringify({
            [id]: snapshotOf({ id, guildId, campaignId, ownerId, name, san, skills, bonds }),
          });
        protagonists.push({ id, ownerId, name, snapshot: [snapshot(SAN), snapshot(SAN - 1)] });
      }

      for (let e = 0; e < shape.eventsPerGuild; e += 1) {
        const at = isoDate(START + g * 1000 + e * 60_000);
        const subject = protagonists.length ? protagonists[e % protagonists.length] : undefined;
        const kind =
          subject === undefined || e % 10 === 9 ? "roll" : e % 10 === 0 ? "san-test" : "test";
        let eventId: number | bigint;
        if (kind === "roll" || subject === undefined) {
          const total = 1 + (e % 100);
          eventId = insert.event.run(
            guildId,
            campaignId,
            shape.playerId(g, e % shape.playersPerGuild),
            "roll",
            '{"expression":"1d100"}',
            `{"expression":"1d100","total":${total},"groups":[{"count":1,"sides":100,"dice":[{"value":${total},"kept":true}]}],"text":"[${total}] = **${total}**"}`,
            null,
            null,
            0,
            `rolled 1d100 = ${total}`,
            at,
          ).lastInsertRowid;
        } else if (kind === "san-test") {
          const [before, after] = subject.snapshot;
          eventId = insert.event.run(
            guildId,
            campaignId,
            subject.ownerId,
            kind,
            '{"loss":"0/1","threat":"unnatural","source":null}',
            `{"kind":"sanity-test","test":{"automatic":false,"threat":"unnatural","target":${SAN},"roll":88,"outcome":"failure","success":false,"critical":false,"reason":"88 is over ${SAN}: failure"},"lossRoll":{"side":"failure","expression":"1","total":1,"dice":[]},"threat":"unnatural","source":null,"rolledLoss":1,"loss":1,"lost":1,"temporaryInsanity":false,"breakingPointReached":false,"permanentInsanity":false,"projection":null,"events":[{"type":"san-lost","amount":1,"loss":1,"san":{"before":${SAN},"after":${SAN - 1}}}],"projectable":true}`,
            before ?? null,
            after ?? null,
            1,
            `${subject.name}: SAN test (unnatural, 0/1) lost 1, SAN ${SAN} → ${SAN - 1}`,
            at,
          ).lastInsertRowid;
        } else {
          const skill = BULK_SKILLS[e % BULK_SKILLS.length] ?? BULK_SKILLS[0];
          const roll = 1 + ((e * 37) % 100);
          const outcome = roll <= skill.rating ? "success" : "failure";
          eventId = insert.event.run(
            guildId,
            campaignId,
            subject.ownerId,
            kind,
            `{"subject":{"kind":"skill","name":"${skill.name}"},"modifier":0}`,
            `{"roll":{"tens":${Math.floor(roll / 10) % 10},"ones":${roll % 10},"value":${roll}},"rating":${skill.rating},"modifier":0,"target":${skill.rating},"outcome":"${outcome}","success":${outcome === "success"},"critical":false,"reason":"${roll} vs ${skill.rating}: ${outcome}","label":"${skill.name}"}`,
            null,
            null,
            0,
            `${subject.name}: ${skill.name} ${roll} vs ${skill.rating}: ${outcome}`,
            at,
          ).lastInsertRowid;
        }
        count("Event");
        if (kind !== "roll" && subject !== undefined) {
          insert.target.run(eventId, subject.id);
          count("EventTarget");
        }
      }
    }
  })();
  db.pragma("journal_mode = WAL");
  db.close();
  return { campaignIds, rows, seconds: (performance.now() - started) / 1000 };
}

function snapshotOf(p: {
  id: string;
  guildId: string;
  campaignId: string;
  ownerId: string;
  name: string;
  san: number;
  skills: ProtagonistSnapshot["skills"];
  bonds: { id: string; name: string; kind: "individual" | "community"; score: number }[];
}): ProtagonistSnapshot {
  return {
    id: p.id,
    guildId: p.guildId,
    campaignId: p.campaignId,
    ownerId: p.ownerId,
    name: p.name,
    status: "active",
    archetype: "Researcher / Scientist",
    harshness: "normal",
    stats: STATS,
    hpMax: 10,
    hp: 10,
    wpMax: 14,
    wp: 14,
    san: p.san,
    breakingPoint: BREAKING_POINT,
    adaptation: {
      violence: { boxes: 0, adapted: false },
      helplessness: { boxes: 0, adapted: false },
    },
    exhausted: false,
    temporarilyInsane: false,
    resources: { rating: 5, atHand: 5, stowed: 0, storage: 0, checked: 0 },
    notes: "",
    skills: p.skills,
    bonds: p.bonds.map((b) => ({ ...b, crossedOff: false, fellowId: null })),
    disorders: [],
  };
}
