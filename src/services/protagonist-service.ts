import { promised } from "../db/sql.js";
import { z } from "zod";
import { Prisma, type Campaign } from "../generated/prisma/client.js";
import {
  ADVERSITY_SKILLS,
  archetypesFor,
  buildProtagonist,
  CreationError,
  creationDraftSchema,
  previewProtagonist,
  rollStats,
  skillCatalog,
  type Archetype,
  type CreationDraft,
  type CreationPreview,
  type ProtagonistSheet,
  type SkillDefinition,
  type StatRoll,
} from "../rules/creation/index.js";
import { isRulesError } from "../rules/errors.js";
import type { Era } from "../rules/types.js";
import { actorSchema, type Actor } from "./actor.js";
import { CAMPAIGN_WIDE } from "./active-protagonist.js";
import {
  assertCanActOn,
  assertGm,
  isGm,
  resolveCampaign,
  ruleOptionsOf,
} from "./campaign-access.js";
import { campaignEra, creationContextOf } from "./custom-content.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, invalid } from "./errors.js";
import { recordEvent } from "./event-log.js";
import { insertProtagonist } from "./protagonist-factory.js";
import {
  applyPatch,
  protagonistPatchSchema,
  type ProtagonistPatchInput,
} from "./protagonist-edit.js";
import { parseFriendly } from "./protagonist-input.js";
import { createProtagonistQueries } from "./protagonist-queries.js";
import { readTarget } from "./protagonist-target.js";
import { parseImport } from "./protagonist-import.js";
import { insertImported, toExport, type ProtagonistExport } from "./protagonist-transfer.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist, writeProtagonist, type Tx } from "./store.js";
import { displayName, parseInput, recordId, snowflake } from "./validation.js";
import { displayText } from "./display-text.js";

const campaignRef = z.object({ actor: actorSchema, campaignId: recordId.nullish() });

const previewInput = campaignRef.extend({ draft: creationDraftSchema });

const createInput = campaignRef.extend({
  choices: creationDraftSchema,
  /** A GM creating a Protagonist for a player. */
  ownerId: snowflake.nullish(),
});

const selectInput = z.object({
  actor: actorSchema,
  protagonistId: recordId,
  scope: z.enum(["channel", "campaign"]),
});

// The patch is parsed on its own so messages name its fields as the player wrote them
// (`notes`, `stats.STR`), like the range checks made once the sheet is loaded.
const editInput = z.object({ actor: actorSchema, protagonistId: recordId, patch: z.unknown() });

const protagonistRef = z.object({ actor: actorSchema, protagonistId: recordId.nullish() });

const retireInput = z.object({ actor: actorSchema, protagonistId: recordId });

const importInput = campaignRef.extend({
  json: z.string(),
  /** Import under another name (e.g. when the campaign already has one of that name). */
  name: displayName.nullish(),
});

/** Violations listed in one reply; Discord messages are short. */
const MAX_LISTED_VIOLATIONS = 15;

export interface CreationCatalog {
  campaign: { id: string; name: string };
  era: Era;
  archetypes: readonly Archetype[];
  skills: readonly SkillDefinition[];
  adversitySkills: readonly string[];
  creationSkillCap: number;
}

export interface CreateResult {
  protagonist: ProtagonistSnapshot;
  sheet: ProtagonistSheet;
  /** True when it became its player's campaign-wide active Protagonist. */
  selected: boolean;
  eventId: number;
}

export interface StatRollResult {
  rolls: StatRoll[];
  /** The six totals, in the order rolled. */
  totals: number[];
  eventId: number;
}

export interface SelectResult {
  protagonist: { id: string; name: string };
  campaign: { id: string; name: string };
  scope: "channel" | "campaign";
  eventId: number;
}

export interface ChangeResult {
  protagonist: ProtagonistSnapshot;
  /** What changed, one short line each. */
  changes: string[];
  eventId: number;
}

export interface ImportResult {
  protagonist: ProtagonistSnapshot;
  selected: boolean;
  eventId: number;
}

export function createProtagonistService({ db, sql, rng }: ServiceDeps) {
  return {
    ...createProtagonistQueries({ db, sql }),

    /** What the guided creation flow offers in this campaign: archetypes, skills, limits. */
    creationCatalog(raw: { actor: Actor; campaignId?: string | null }): Promise<CreationCatalog> {
      return promised(() => {
        const { actor, campaignId } = parseInput(campaignRef, raw);
        const campaign = resolveCampaign(sql, actor, campaignId);
        const era = campaignEra(campaign);
        const context = creationContextOf(campaign);
        return rules(() => ({
          campaign: { id: campaign.id, name: campaign.name },
          era,
          archetypes: archetypesFor(era, context.customArchetypes, context.customSkills),
          skills: skillCatalog(era, context.customSkills).skills,
          adversitySkills: context.adversitySkills ?? ADVERSITY_SKILLS[era],
          creationSkillCap: ruleOptionsOf(campaign).creationSkillCap,
        }));
      });
    },

    /** The running preview of a draft under the campaign's rules; writes nothing. */
    preview(raw: {
      actor: Actor;
      campaignId?: string | null;
      draft: unknown;
    }): Promise<CreationPreview & { era: Era }> {
      return promised(() => {
        const input = parseFriendly(previewInput, raw);
        const campaign = resolveCampaign(sql, input.actor, input.campaignId);
        const draft = withEra(input.draft, campaign);
        const context = creationContextOf(campaign);
        const preview = rules(() => previewProtagonist(draft, ruleOptionsOf(campaign), context));
        return { ...preview, era: draft.era ?? campaignEra(campaign) };
      });
    },

    /** Six 4D6-drop-lowest rolls for the "rolled" stat method, logged so a GM can check them. */
    async rollStats(raw: { actor: Actor; campaignId?: string | null }): Promise<StatRollResult> {
      const { actor, campaignId } = parseInput(campaignRef, raw);
      return sql.transaction(() => {
        const campaign = resolveCampaign(sql, actor, campaignId);
        const rolls = rollStats(rng);
        const totals = rolls.map((r) => r.total);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "stat-roll",
          sessionNumber: campaign.sessionNumber,
          input: {},
          dice: rolls,
          summary: `rolled stats (4D6 drop lowest): ${totals.join(", ")}`,
        });
        return { rolls, totals, eventId };
      });
    },

    /**
     * Creates a Protagonist from complete choices: every rule violation is listed in one
     * `invalid` error, a name already used in the campaign is a conflict. It becomes its player's
     * campaign-wide active Protagonist when they have no active one selected.
     */
    async create(raw: {
      actor: Actor;
      campaignId?: string | null;
      choices: unknown;
      ownerId?: string | null;
    }): Promise<CreateResult> {
      const input = parseFriendly(createInput, raw);
      const { actor } = input;
      const ownerId = input.ownerId ?? actor.userId;
      return db.$transaction(async (tx) => {
        const campaign = resolveCampaign(sql, actor, input.campaignId);
        if (ownerId !== actor.userId) assertGm(sql, actor, campaign);
        const choices = withEra(input.choices, campaign);
        const context = creationContextOf(campaign);
        const sheet = rules(() => buildProtagonist(choices, ruleOptionsOf(campaign), context));
        await assertNameFree(tx, campaign, sheet.name);
        const protagonist = await uniqueName(campaign, sheet.name, () =>
          insertProtagonist(tx, {
            guildId: actor.guildId,
            campaignId: campaign.id,
            ownerId,
            sheet,
            creation: choices,
          }),
        );
        const selected = await selectIfNone(tx, protagonist);
        const statRollEventId = await matchingStatRoll(tx, campaign, choices, [
          actor.userId,
          ownerId,
        ]);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "protagonist-create",
          sessionNumber: campaign.sessionNumber,
          input: { choices, ownerId, statRollEventId },
          dice: sheetSummary(sheet),
          summary: `created ${sheet.name} (${sheet.archetype.name})${ownerId === actor.userId ? "" : ` for <@${ownerId}>`}`,
          concerns: [protagonist.id],
        });
        return { protagonist, sheet, selected, eventId };
      });
    },

    /**
     * Chooses the Protagonist the actor plays in this channel, or across its campaign. Players
     * choose among their own; GMs may choose any (to play an NPC Protagonist).
     */
    async select(raw: {
      actor: Actor;
      protagonistId: string;
      scope: "channel" | "campaign";
    }): Promise<SelectResult> {
      const { actor, protagonistId, scope } = parseInput(selectInput, raw);
      return db.$transaction(async (tx) => {
        const protagonist = loadProtagonist(sql, actor.guildId, protagonistId);
        assertCanActOn(sql, actor, protagonist);
        if (protagonist.status !== "active") {
          throw invalid(
            `**${displayText(protagonist.name)}** is ${protagonist.status} and can't be played.`,
          );
        }
        const campaign = resolveCampaign(sql, actor, protagonist.campaignId);
        if (scope === "channel") {
          const here = resolveCampaign(sql, actor);
          if (here.id !== campaign.id) {
            throw invalid(
              `This channel plays **${displayText(here.name)}**, but **${displayText(protagonist.name)}** belongs to **${displayText(campaign.name)}**. Select it for the whole campaign, or in one of its channels.`,
            );
          }
        }
        const channelId = scope === "channel" ? actor.channelId : CAMPAIGN_WIDE;
        const key = {
          guildId: actor.guildId,
          userId: actor.userId,
          campaignId: campaign.id,
          channelId,
        };
        await tx.activeProtagonist.upsert({
          where: { guildId_userId_campaignId_channelId: key },
          create: { ...key, protagonistId: protagonist.id },
          update: { protagonistId: protagonist.id },
        });
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "protagonist-select",
          sessionNumber: campaign.sessionNumber,
          input: { protagonistId: protagonist.id, scope, channelId },
          summary: `now plays ${protagonist.name} ${scope === "channel" ? "in this channel" : `across ${campaign.name}`}`,
          concerns: [protagonist.id],
        });
        return {
          protagonist: { id: protagonist.id, name: protagonist.name },
          campaign: { id: campaign.id, name: campaign.name },
          scope,
          eventId,
        };
      });
    },

    /** Changes a sheet (its player or a GM; status is GM only), logged with before and after. */
    async edit(raw: {
      actor: Actor;
      protagonistId: string;
      patch: ProtagonistPatchInput;
    }): Promise<ChangeResult> {
      const { actor, protagonistId, ...rest } = parseInput(editInput, raw);
      const patch = parseFriendly(protagonistPatchSchema, rest.patch, "patch");
      // A key passed as undefined is as good as absent.
      if (Object.values(patch).every((v: unknown) => v === undefined)) {
        throw invalid("Say what to change.");
      }
      return db.$transaction(async (tx) => {
        const before = loadProtagonist(sql, actor.guildId, protagonistId);
        assertCanActOn(sql, actor, before);
        const campaign = resolveCampaign(sql, actor, before.campaignId);
        const { after, changes } = applyPatch(before, patch, {
          catalog: () =>
            skillCatalog(campaignEra(campaign), creationContextOf(campaign).customSkills),
          isGm: isGm(sql, actor, campaign.id),
        });
        if (changes.length === 0) {
          throw invalid(`That changes nothing on **${displayText(before.name)}**'s sheet.`);
        }
        if (after.name !== before.name) await assertNameFree(tx, campaign, after.name, before.id);
        await uniqueName(campaign, after.name, () => {
          writeProtagonist(sql, before, after);
        });
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "protagonist-edit",
          sessionNumber: campaign.sessionNumber,
          input: { protagonistId, patch },
          summary: `${before.name}: ${changes.join(", ")}`,
          changes: [{ before, after }],
        });
        return { protagonist: after, changes, eventId };
      });
    },

    /**
     * Retires a Protagonist (its player or a GM). A state change with before/after, so `/undo`
     * brings it back. Selections of it are cleared so commands stop acting on it; undo does not
     * restore them (the player selects again).
     */
    async retire(raw: { actor: Actor; protagonistId: string }): Promise<ChangeResult> {
      const { actor, protagonistId } = parseInput(retireInput, raw);
      return db.$transaction(async (tx) => {
        const before = loadProtagonist(sql, actor.guildId, protagonistId);
        assertCanActOn(sql, actor, before);
        if (before.status !== "active") {
          throw invalid(`**${displayText(before.name)}** is already ${before.status}.`);
        }
        const campaign = resolveCampaign(sql, actor, before.campaignId);
        const after = cloneSnapshot(before);
        after.status = "retired";
        writeProtagonist(sql, before, after);
        await tx.activeProtagonist.deleteMany({
          where: { guildId: actor.guildId, protagonistId: before.id },
        });
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "protagonist-retire",
          sessionNumber: campaign.sessionNumber,
          input: { protagonistId },
          summary: `${before.name} retired`,
          changes: [{ before, after }],
        });
        return { protagonist: after, changes: ["status active → retired"], eventId };
      });
    },

    /** The sheet as a versioned JSON document (no database ids, guild or owner). */
    async exportJson(raw: {
      actor: Actor;
      protagonistId?: string | null;
    }): Promise<ProtagonistExport> {
      const { actor, protagonistId } = parseInput(protagonistRef, raw);
      return db.$transaction(async (tx) => {
        const { protagonist } = readTarget(sql, actor, protagonistId);
        const row = await tx.protagonist.findFirst({
          where: { id: protagonist.id, guildId: actor.guildId },
          select: { creation: true },
        });
        return toExport(protagonist, row?.creation ?? null);
      });
    },

    /** A new Protagonist of the actor, in the current campaign, from an exported document. */
    async importJson(raw: {
      actor: Actor;
      campaignId?: string | null;
      json: string;
      name?: string | null;
    }): Promise<ImportResult> {
      const input = parseInput(importInput, raw);
      const { actor } = input;
      return db.$transaction(async (tx) => {
        const campaign = resolveCampaign(sql, actor, input.campaignId);
        const { sheet, creation } = parseImport(input.json, {
          catalog: skillCatalog(campaignEra(campaign), creationContextOf(campaign).customSkills),
          name: input.name,
        });
        await assertNameFree(tx, campaign, sheet.name);
        const protagonist = await uniqueName(campaign, sheet.name, () =>
          insertImported(
            tx,
            { guildId: actor.guildId, campaignId: campaign.id, ownerId: actor.userId },
            sheet,
            creation,
          ),
        );
        const selected = await selectIfNone(tx, protagonist);
        const eventId = recordEvent(sql, {
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: "protagonist-import",
          sessionNumber: campaign.sessionNumber,
          // The document itself can be 100 kB; the new Protagonist holds it all anyway.
          input: { name: sheet.name, bytes: Buffer.byteLength(input.json, "utf8") },
          summary: `imported ${sheet.name} (${sheet.archetype})`,
          concerns: [protagonist.id],
        });
        return { protagonist, selected, eventId };
      });
    },
  };
}

export type ProtagonistService = ReturnType<typeof createProtagonistService>;

/** The campaign's era stands in for a draft that names none. */
function withEra(draft: CreationDraft, campaign: Campaign): CreationDraft {
  return draft.era === undefined ? { ...draft, era: campaignEra(campaign) } : draft;
}

/** Runs a rules call; its errors become `invalid` with the player-facing text (every violation). */
function rules<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof CreationError) {
      const listed = error.violations.slice(0, MAX_LISTED_VIOLATIONS).map((v) => `- ${v.message}`);
      const more = error.violations.length - listed.length;
      throw invalid(
        [
          "This Protagonist can't be created yet:",
          ...listed,
          ...(more > 0 ? [`…and ${more} more.`] : []),
        ].join("\n"),
      );
    }
    if (isRulesError(error)) throw invalid(error.message);
    throw error;
  }
}

/**
 * Names are unique per campaign. The database index is exact; this check also catches names that
 * differ only in letter case, which would be confusing in lists and autocomplete.
 */
async function assertNameFree(
  tx: Tx,
  campaign: Campaign,
  name: string,
  exceptId?: string,
): Promise<void> {
  const similar = await tx.protagonist.findMany({
    where: {
      campaignId: campaign.id,
      name: { contains: name },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { name: true },
  });
  const clash = similar.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (clash) throw nameTaken(campaign, clash.name);
}

function nameTaken(campaign: Campaign, name: string) {
  return conflict(
    `**${displayText(campaign.name)}** already has a Protagonist called **${displayText(name)}**. Choose another name.`,
  );
}

/** Maps the unique-index error of a concurrent write with the same name to the same conflict. */
async function uniqueName<T>(
  campaign: Campaign,
  name: string,
  write: () => T | Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw nameTaken(campaign, name);
    }
    throw error;
  }
}

/** A unique index refused the write: Prisma's P2002, or SQLite's own code from our statements. */
function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Makes a new Protagonist its player's campaign-wide choice unless an active one is chosen. */
async function selectIfNone(tx: Tx, protagonist: ProtagonistSnapshot): Promise<boolean> {
  if (protagonist.status !== "active") return false;
  const key = {
    guildId: protagonist.guildId,
    userId: protagonist.ownerId,
    campaignId: protagonist.campaignId,
    channelId: CAMPAIGN_WIDE,
  };
  const current = await tx.activeProtagonist.findUnique({
    where: { guildId_userId_campaignId_channelId: key },
    select: { protagonist: { select: { status: true } } },
  });
  if (current?.protagonist.status === "active") return false;
  await tx.activeProtagonist.upsert({
    where: { guildId_userId_campaignId_channelId: key },
    create: { ...key, protagonistId: protagonist.id },
    update: { protagonistId: protagonist.id },
  });
  return true;
}

/**
 * For rolled stats, the logged stat roll they came from (same six totals, by the creator or the
 * player), so a GM can audit them; null when none matches. Not enforced: a table may roll real dice.
 */
async function matchingStatRoll(
  tx: Tx,
  campaign: Campaign,
  choices: CreationDraft,
  actorIds: string[],
): Promise<number | null> {
  if (choices.stats?.method !== "rolled") return null;
  const wanted = JSON.stringify([...choices.stats.rolls].sort((a, b) => a - b));
  const recent = await tx.event.findMany({
    where: {
      guildId: campaign.guildId,
      kind: "stat-roll",
      campaignId: campaign.id,
      actorId: { in: [...new Set(actorIds)] },
    },
    orderBy: { id: "desc" },
    take: 20,
    select: { id: true, dice: true },
  });
  const match = recent.find((e) => {
    const rolls = e.dice as unknown as StatRoll[] | null;
    const totals = Array.isArray(rolls) ? rolls.map((r) => r.total).sort((a, b) => a - b) : [];
    return JSON.stringify(totals) === wanted;
  });
  return match?.id ?? null;
}

/** What the creation event's `dice` keeps: the finished sheet's numbers and where they came from. */
function sheetSummary(sheet: ProtagonistSheet) {
  return {
    name: sheet.name,
    era: sheet.era,
    archetype: sheet.archetype,
    harshness: sheet.harshness,
    stats: sheet.stats,
    derived: sheet.derived,
    skills: sheet.skills.map((s) => ({ name: s.name, rating: s.rating })),
    resources: sheet.resources,
    bonds: sheet.bonds.map((b) => ({ name: b.name, kind: b.kind, score: b.score })),
    breakdown: sheet.breakdown,
  };
}
