/**
 * Fills a migrated database with many guilds of play, fast, on either engine (bulk-sinks.ts).
 * Rows are shaped like the services write them: ISO dates, JSON columns, a campaign with its GM
 * per guild, Protagonists with skills, Bonds and a selection per player, and an event log of
 * skill tests, dice rolls and state changes with before/after snapshots and EventTarget rows.
 */
import { migrationFolders } from "../src/core/discord/paths.js";
import { isPostgresUrl, openDatabase } from "../src/store/database.js";
import { continueNumbering } from "../src/store/postgres-database.js";
import type { ProtagonistSnapshot } from "../src/games/cthulhu-eternal/services/snapshot.js";
import { postgresSink, sqliteSink, type BulkRow, type BulkSink } from "./bulk-sinks.js";

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

const CREATION = {
  era: "modern",
  harshness: "normal",
  stats: { method: "set", set: "focused", assignment: STATS },
  archetypeId: "researcher-scientist",
  archetypeSpecialisations: { Science: "Biology" },
  optionalSkills: ["Archeology", "Natural World", "Science (Chemistry)"],
  bonusSkills: ["Search", "Persuade", "Occult", "Alertness"],
  resources: { tradeInPicks: 0, zero: false },
};

/** Parents before children: the order rows are written in. */
const TABLES = [
  "Guild",
  "Campaign",
  "CampaignGm",
  "Protagonist",
  "Skill",
  "Bond",
  "ActiveProtagonist",
  "Event",
  "EventTarget",
] as const;
type Table = (typeof TABLES)[number];

/** Rows held before they are written, across tables. */
const BATCH = 5_000;

/** The world `shape` describes, written into the database at `url` (migrated first). */
export async function generateBulkWorld(url: string, shape: BulkWorldShape): Promise<BulkWorld> {
  const started = performance.now();
  const db = await openDatabase(url, migrationFolders());
  const onPostgres = isPostgresUrl(url);
  if (!onPostgres) await db.close();
  const sink: BulkSink = onPostgres
    ? await postgresSink(url)
    : sqliteSink(url.replace(/^file:/, ""));
  const rows: Record<string, number> = {};
  let pending = new Map<Table, BulkRow[]>();
  let held = 0;
  const add = (table: Table, row: BulkRow): void => {
    const some = pending.get(table);
    if (some) some.push(row);
    else pending.set(table, [row]);
    rows[table] = (rows[table] ?? 0) + 1;
    held += 1;
  };
  const flush = async (): Promise<void> => {
    const batch = pending;
    pending = new Map();
    held = 0;
    for (const table of TABLES) {
      const some = batch.get(table);
      if (some?.length) await sink.insert(table, some);
    }
  };

  const campaignIds: string[] = [];
  let eventId = 0;
  for (let g = 0; g < shape.guilds; g += 1) {
    const guildId = shape.guildId(g);
    const campaignId = `cbenchcampaign${String(g).padStart(11, "0")}`;
    const createdAt = isoDate(START + g * 1000);
    campaignIds.push(campaignId);
    add("Guild", { id: guildId, createdAt });
    add("Campaign", {
      id: campaignId,
      guildId,
      name: "Night Floors",
      isDefault: true,
      ruleOptions: {},
      createdAt,
      updatedAt: createdAt,
    });
    add("CampaignGm", { campaignId, kind: "user", discordId: shape.gmId(g), createdAt });

    const protagonists: {
      id: string;
      ownerId: string;
      name: string;
      snapshot: [ProtagonistSnapshot, ProtagonistSnapshot];
    }[] = [];
    for (let i = 0; i < shape.protagonistsPerGuild; i += 1) {
      const player = i % shape.playersPerGuild;
      const ownerId = shape.playerId(g, player);
      const id = `cbenchprot${String(g).padStart(6, "0")}x${String(i).padStart(8, "0")}`;
      const name = `Agent ${g}-${i}`;
      add("Protagonist", {
        id,
        guildId,
        campaignId,
        ownerId,
        name,
        archetype: "Researcher / Scientist",
        str: STATS.STR,
        dex: STATS.DEX,
        con: STATS.CON,
        int: STATS.INT,
        pow: STATS.POW,
        cha: STATS.CHA,
        hpMax: 10,
        hp: 10,
        wpMax: 14,
        wp: 14,
        san: SAN,
        breakingPoint: BREAKING_POINT,
        resourcesRating: 5,
        resourcesAtHand: 5,
        creation: CREATION,
        createdAt,
        updatedAt: createdAt,
      });
      const skills = BULK_SKILLS.map((skill, k) => ({
        id: `${id}s${k}`,
        name: skill.name,
        key: skill.name.toLowerCase(),
        rating: skill.rating,
        failureMarked: false,
        failureMarkVisibleTo: null,
      }));
      for (const { id: skillId, name: skillName, key, rating } of skills) {
        add("Skill", { id: skillId, protagonistId: id, name: skillName, key, rating });
      }
      const bonds = [
        { id: `${id}b0`, name: "Her brother Tom", kind: "individual" as const, score: 12 },
        { id: `${id}b1`, name: "The night shift", kind: "community" as const, score: 5 },
      ];
      for (const bond of bonds) add("Bond", { ...bond, protagonistId: id, createdAt });
      if (i < shape.playersPerGuild) {
        add("ActiveProtagonist", {
          guildId,
          userId: ownerId,
          campaignId,
          channelId: "",
          protagonistId: id,
          updatedAt: createdAt,
        });
      }
      const snapshot = (san: number) =>
        snapshotOf({ id, guildId, campaignId, ownerId, name, san, skills, bonds });
      protagonists.push({ id, ownerId, name, snapshot: [snapshot(SAN), snapshot(SAN - 1)] });
    }

    for (let e = 0; e < shape.eventsPerGuild; e += 1) {
      eventId += 1;
      const at = isoDate(START + g * 1000 + e * 60_000);
      const subject = protagonists.length ? protagonists[e % protagonists.length] : undefined;
      const logged = { id: eventId, guildId, campaignId, sessionNumber: 1, createdAt: at };
      if (subject === undefined || e % 10 === 9) {
        const total = 1 + (e % 100);
        add("Event", {
          ...logged,
          actorId: shape.playerId(g, e % shape.playersPerGuild),
          kind: "roll",
          input: { expression: "1d100" },
          dice: {
            expression: "1d100",
            total,
            groups: [{ count: 1, sides: 100, dice: [{ value: total, kept: true }] }],
            text: `[${total}] = **${total}**`,
          },
          changed: false,
          summary: `rolled 1d100 = ${total}`,
        });
        continue;
      }
      if (e % 10 === 0) {
        const [before, after] = subject.snapshot;
        add("Event", {
          ...logged,
          actorId: subject.ownerId,
          kind: "san-test",
          input: { loss: "0/1", threat: "unnatural", source: null },
          dice: sanTestDice(),
          before: { [subject.id]: before },
          after: { [subject.id]: after },
          changed: true,
          summary: `${subject.name}: SAN test (unnatural, 0/1) lost 1, SAN ${SAN} → ${SAN - 1}`,
        });
      } else {
        const skill = BULK_SKILLS[e % BULK_SKILLS.length] ?? BULK_SKILLS[0];
        const roll = 1 + ((e * 37) % 100);
        const outcome = roll <= skill.rating ? "success" : "failure";
        add("Event", {
          ...logged,
          actorId: subject.ownerId,
          kind: "test",
          input: { subject: { kind: "skill", name: skill.name }, modifier: 0 },
          dice: {
            roll: { tens: Math.floor(roll / 10) % 10, ones: roll % 10, value: roll },
            rating: skill.rating,
            modifier: 0,
            target: skill.rating,
            outcome,
            success: outcome === "success",
            critical: false,
            reason: `${roll} vs ${skill.rating}: ${outcome}`,
            label: skill.name,
          },
          changed: false,
          summary: `${subject.name}: ${skill.name} ${roll} vs ${skill.rating}: ${outcome}`,
        });
      }
      add("EventTarget", { eventId, protagonistId: subject.id });
    }
    if (held >= BATCH) await flush();
  }
  await flush();
  await sink.close();
  if (onPostgres) {
    await continueNumbering(db.prisma);
    await db.close();
  }
  return { campaignIds, rows, seconds: (performance.now() - started) / 1000 };
}

function sanTestDice() {
  return {
    kind: "sanity-test",
    test: {
      automatic: false,
      threat: "unnatural",
      target: SAN,
      roll: 88,
      outcome: "failure",
      success: false,
      critical: false,
      reason: `88 is over ${SAN}: failure`,
    },
    lossRoll: { side: "failure", expression: "1", total: 1, dice: [] },
    threat: "unnatural",
    source: null,
    rolledLoss: 1,
    loss: 1,
    lost: 1,
    temporaryInsanity: false,
    breakingPointReached: false,
    permanentInsanity: false,
    projection: null,
    events: [{ type: "san-lost", amount: 1, loss: 1, san: { before: SAN, after: SAN - 1 } }],
    projectable: true,
  };
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
