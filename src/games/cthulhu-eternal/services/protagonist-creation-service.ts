import type { Campaign } from "../store/types.js";
import { fact } from "./event-facts.js";
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
import type { Actor } from "../../../core/access/actor.js";
import { assertGm, resolveCampaign, ruleOptionsOf } from "./campaign-access.js";
import { campaignEra, creationContextOf } from "./custom-content.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import { insertProtagonist } from "./protagonist-factory.js";
import { parseFriendly } from "./protagonist-input.js";
import {
  assertNameFree,
  campaignRef,
  selectIfNone,
  uniqueName,
} from "./protagonist-service-shared.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import type { StoreTx } from "../store/store.js";
import { THE_BOT } from "./event-visibility.js";
import { parseInput, snowflake } from "./validation.js";

const previewInput = campaignRef.extend({ draft: creationDraftSchema });

const createInput = campaignRef.extend({
  choices: creationDraftSchema,
  /** A GM creating a Protagonist for a player. */
  ownerId: snowflake.nullish(),
});

/** Violations listed in one reply; Discord messages are short. */

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

/** Creating a Protagonist: the catalog and preview of the guided flow, stat rolls, the creation. */
export function createProtagonistCreationService({ store, rng }: ServiceDeps) {
  return {
    /** What the guided creation flow offers in this campaign: archetypes, skills, limits. */
    creationCatalog(raw: { actor: Actor; campaignId?: string | null }): Promise<CreationCatalog> {
      return store.read(async (tx) => {
        const { actor, campaignId } = parseInput(campaignRef, raw);
        const campaign = await resolveCampaign(tx, actor, campaignId);
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
      return store.read(async (tx) => {
        const input = parseFriendly(previewInput, raw);
        const campaign = await resolveCampaign(tx, input.actor, input.campaignId);
        const draft = withEra(input.draft, campaign);
        const context = creationContextOf(campaign);
        const preview = rules(() => previewProtagonist(draft, ruleOptionsOf(campaign), context));
        return { ...preview, era: draft.era ?? campaignEra(campaign) };
      });
    },

    /** Six 4D6-drop-lowest rolls for the "rolled" stat method, logged so a GM can check them. */
    async rollStats(raw: { actor: Actor; campaignId?: string | null }): Promise<StatRollResult> {
      const { actor, campaignId } = parseInput(campaignRef, raw);
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        const rolls = rollStats(rng);
        const totals = rolls.map((r) => r.total);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("stat-roll", { totals }),
          sessionNumber: campaign.sessionNumber,
          input: {},
          dice: rolls,
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
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, input.campaignId);
        if (ownerId !== actor.userId) await assertGm(tx, actor, campaign);
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
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("protagonist-create", {
            protagonist: sheet.name,
            archetype: sheet.archetype.name,
            forUserId: ownerId === actor.userId ? null : ownerId,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { choices, ownerId, statRollEventId },
          dice: sheetSummary(sheet),
          concerns: [protagonist.id],
        });
        return { protagonist, sheet, selected, eventId };
      });
    },
  };
}

/** The campaign's era stands in for a draft that names none. */
function withEra(draft: CreationDraft, campaign: Campaign): CreationDraft {
  return draft.era === undefined ? { ...draft, era: campaignEra(campaign) } : draft;
}

/** Runs a rules call; its errors become `invalid` with their facts (every violation). */
function rules<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof CreationError) {
      throw invalid({
        code: "cannot-create-yet",
        violations: error.violations,
      });
    }
    // One without a refusal (dice, SAN-loss notation) goes on as it is: presentation words it.
    if (isRulesError(error) && error.refusal !== undefined)
      throw invalid({ code: "rules-refused", refusal: error.refusal });
    throw error;
  }
}

/**
 * For rolled stats, the logged stat roll they came from (same six totals, by the creator or the
 * player), so a GM can audit them; null when none matches. Not enforced: a table may roll real dice.
 */
async function matchingStatRoll(
  tx: StoreTx,
  campaign: Campaign,
  choices: CreationDraft,
  actorIds: string[],
): Promise<number | null> {
  if (choices.stats?.method !== "rolled") return null;
  const wanted = JSON.stringify([...choices.stats.rolls].sort((a, b) => a - b));
  const recent = await tx.events.listChanges({
    guildId: campaign.guildId,
    viewer: THE_BOT,
    kind: "stat-roll",
    campaignId: campaign.id,
    actorIds: [...new Set(actorIds)],
    order: "newest",
    limit: 20,
  });
  const match = recent.find((e) => {
    const rolls = e.dice as StatRoll[] | null;
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
