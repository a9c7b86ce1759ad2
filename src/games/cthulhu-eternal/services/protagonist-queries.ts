import type { StoreTx } from "../store/store.js";
import type { ProtagonistListing } from "../store/protagonist-reads.js";
import { z } from "zod";
import { conditionsOf, type Condition } from "../rules/conditions.js";
import { resourceCheckBoxes } from "../rules/resources.js";
import { damageBonus, recoverySanity } from "../rules/derived.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { resolveProtagonist } from "./active-protagonist.js";
import { isGm, resolveCampaign } from "./campaign-access.js";
import { EVERYONE, memberViewer } from "./event-visibility.js";
import { hiddenMarksSeenBy, markSeenBy, sheetSeenBy } from "./hidden-marks.js";
import type { ServiceDeps } from "./deps.js";
import { notFound } from "./errors.js";
import { maxSanOf } from "./protagonist-edit.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { readTarget } from "./protagonist-target.js";
import type { ProtagonistSnapshot, ProtagonistStatus } from "./snapshot.js";
import { parseInput, recordId, snowflake } from "./validation.js";

/** Discord shows at most 25 autocomplete choices. */
export const AUTOCOMPLETE_LIMIT = 25;

const query = z.string().trim().max(100).default("");

const listInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  ownerId: snowflake.nullish(),
  includeInactive: z.boolean().default(false),
});

const getInput = z.object({ actor: actorSchema, protagonistId: recordId.nullish() });

const searchInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  query,
  mine: z.boolean().default(false),
});

const skillsInput = z.object({ actor: actorSchema, protagonistId: recordId.nullish(), query });

const bondsInput = skillsInput.extend({ includeBroken: z.boolean().default(false) });

export interface ProtagonistSummary extends Pick<
  ProtagonistListing,
  "id" | "name" | "ownerId" | "archetype" | "hp" | "hpMax" | "wp" | "wpMax" | "san"
> {
  status: ProtagonistStatus;
  /** Unconscious, dead, insane, exhausted, adapted…, most serious first. */
  conditions: Condition[];
}

export interface ProtagonistChoice {
  id: string;
  name: string;
  ownerId: string;
  status: ProtagonistStatus;
}

export interface SkillOption {
  id: string;
  name: string;
  rating: number;
  failureMarked: boolean;
}

export interface BondOption {
  id: string;
  name: string;
  kind: "individual" | "community";
  score: number;
  crossedOff: boolean;
}

export interface ProtagonistView {
  /** The sheet as the whole table sees it (marks from secret rolls left out: hidden-marks.ts). */
  protagonist: ProtagonistSnapshot;
  /** Skills whose failure marks the viewer sees and the table does not (secret rolls). */
  hiddenMarks: string[];
  campaign: { id: string; name: string };
  /** What the sheet shows but does not store. */
  derived: {
    maxSan: number;
    recoverySan: number;
    damageBonus: number;
    resourceCheckBoxes: number;
  };
  /** Unconscious, dead, insane, exhausted, adapted…, most serious first. */
  conditions: Condition[];
  /** Whether the viewer may change it (its player or a GM). */
  canEdit: boolean;
}

const status = (s: string) => s as ProtagonistStatus;

/**
 * The read side: sheets, lists and autocomplete. Any member of the guild may read any sheet of
 * the guild's campaigns; every query carries the guild (and campaign) so nothing crosses guilds.
 */
export function createProtagonistQueries({
  store,
  extensions = NO_EXTENSIONS,
}: Pick<ServiceDeps, "store" | "extensions">) {
  return {
    /** The campaign's Protagonists (active ones unless asked), by name. */
    async list(raw: {
      actor: Actor;
      campaignId?: string | null;
      ownerId?: string | null;
      includeInactive?: boolean;
    }): Promise<ProtagonistSummary[]> {
      const input = parseInput(listInput, raw);
      return store.read(async (tx) => {
        const campaign = await resolveCampaign(tx, input.actor, input.campaignId);
        const rows = await tx.protagonists.listIn(input.actor.guildId, campaign.id, {
          ownerId: input.ownerId,
          includeInactive: input.includeInactive,
        });
        return rows.map(
          ({ exhausted, temporarilyInsane, adaptedViolence, adaptedHelplessness, ...r }) => ({
            ...r,
            status: status(r.status),
            conditions: conditionsOf({
              ...r,
              status: status(r.status),
              exhausted,
              temporarilyInsane,
              adaptation: {
                violence: { adapted: adaptedViolence },
                helplessness: { adapted: adaptedHelplessness },
              },
            }),
          }),
        );
      });
    },

    /** One sheet: the one named, else the actor's active Protagonist here. */
    async get(raw: { actor: Actor; protagonistId?: string | null }): Promise<ProtagonistView> {
      const { actor, protagonistId } = parseInput(getInput, raw);
      return store.read(async (tx) => {
        const { campaign, protagonist: sheet } = await readTarget(tx, actor, protagonistId);
        const owner = sheet.ownerId === actor.userId;
        const hidden = sheet.skills.some((s) => s.failureMarked && s.failureMarkVisibleTo !== null);
        // GM rights matter for editing someone else's sheet, and for marks hidden from the table.
        const gm = !owner || hidden ? await isGm(tx, actor, campaign.id) : false;
        const viewer = { kind: "member", userId: actor.userId, gm } as const;
        const protagonist = sheetSeenBy(sheet, EVERYONE);
        const unnatural = protagonist.skills.find((s) => s.key === "unnatural")?.rating ?? 0;
        const corrupted = extensions.maxSanReduction(protagonist, campaign);
        return {
          protagonist,
          hiddenMarks: hiddenMarksSeenBy(sheet, viewer),
          campaign: { id: campaign.id, name: campaign.name },
          derived: {
            maxSan: maxSanOf(protagonist, corrupted),
            recoverySan: recoverySanity(protagonist.stats.POW, unnatural, corrupted),
            damageBonus: damageBonus(protagonist.stats.STR),
            resourceCheckBoxes: resourceCheckBoxes(protagonist.resources.rating),
          },
          conditions: conditionsOf(protagonist),
          canEdit: owner || gm,
        };
      });
    },

    /**
     * Autocomplete: Protagonists of the current campaign whose name contains the query
     * (ASCII case aside), the filter and the limit run by the store.
     */
    async search(raw: {
      actor: Actor;
      campaignId?: string | null;
      query: string;
      mine?: boolean;
    }): Promise<ProtagonistChoice[]> {
      const input = parseInput(searchInput, raw);
      const { actor } = input;
      return store.read(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, input.campaignId);
        const rows = await tx.protagonists.search(actor.guildId, campaign.id, input.query, {
          ownerId: input.mine ? actor.userId : null,
          limit: AUTOCOMPLETE_LIMIT,
        });
        return rows.map((r) => ({ ...r, status: status(r.status) }));
      });
    },

    /** Autocomplete: a Protagonist's skills whose name contains the query. */
    async skillsOf(raw: {
      actor: Actor;
      protagonistId?: string | null;
      query: string;
    }): Promise<SkillOption[]> {
      const input = parseInput(skillsInput, raw);
      return store.read(async (tx) => {
        const protagonistId = await targetId(tx, input.actor, input.protagonistId);
        const skills = await tx.protagonists.skillsMatching(
          protagonistId,
          input.query,
          AUTOCOMPLETE_LIMIT,
        );
        const viewer = skills.some((s) => s.failureMarkVisibleTo !== null)
          ? await memberViewer(
              tx,
              input.actor,
              (await tx.protagonists.find(input.actor.guildId, protagonistId))?.campaignId ?? null,
            )
          : EVERYONE;
        return skills.map(({ failureMarkVisibleTo, ...skill }) => ({
          ...skill,
          failureMarked: markSeenBy({ ...skill, failureMarkVisibleTo }, viewer),
        }));
      });
    },

    /** Autocomplete: a Protagonist's Bonds (standing ones unless asked) matching the query. */
    async bondsOf(raw: {
      actor: Actor;
      protagonistId?: string | null;
      query: string;
      includeBroken?: boolean;
    }): Promise<BondOption[]> {
      const input = parseInput(bondsInput, raw);
      return store.read(async (tx) => {
        const protagonistId = await targetId(tx, input.actor, input.protagonistId);
        const rows = await tx.protagonists.bondsMatching(protagonistId, input.query, {
          includeBroken: input.includeBroken,
          limit: AUTOCOMPLETE_LIMIT,
        });
        return rows.map((b) => ({
          ...b,
          kind: b.kind === "community" ? "community" : "individual",
        }));
      });
    },
  };

  /** The Protagonist an autocomplete is for, checked to be of the actor's guild. */
  async function targetId(tx: StoreTx, actor: Actor, protagonistId: string | null | undefined) {
    if (protagonistId) {
      // Only the id is needed: skip loading the whole sheet, keep the guild check.
      if (!(await tx.protagonists.exists(actor.guildId, protagonistId))) {
        throw notFound("protagonist");
      }
      return protagonistId;
    }
    const campaign = await resolveCampaign(tx, actor);
    return (await resolveProtagonist(tx, actor, campaign)).id;
  }
}
