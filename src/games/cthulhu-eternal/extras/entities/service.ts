import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { assertGm, isGm, resolveCampaign } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import type { Campaign } from "../../store/types.js";
import { writeModuleData } from "../../services/campaign-module-data.js";
import { assertExtraOn } from "../extras-service.js";
import { ExtraRefusal, type ExtraEventKind, type ExtraModule } from "../module.js";
import { createEncounters } from "./encounter.js";
import { ENTITY_EVENTS } from "./events.js";
import { ENTITY_KINDS, parseSkillList, parseTags, type TagProblem } from "./rules.js";
import {
  bestiaryOf,
  entitiesSeenBy,
  ENTITIES_ID,
  findEntity,
  MAX_ENTITIES,
  SHOWN_TEXT_MAX,
  type Bestiary,
  type Entity,
} from "./state.js";
import { logModuleEvent } from "../module-log.js";

/** The tags a GM typed could not all be read: each problem, for the refusal to name. */
export class EntityTagsRefused extends ExtraRefusal {
  constructor(readonly problems: readonly TagProblem[]) {
    super(ENTITIES_ID, "bad-tags");
  }
}

const campaignRef = { actor: actorSchema, campaignId: recordId.nullish() };
const list = z.string().trim().max(500).default("");
const addInput = z.object({
  ...campaignRef,
  name: displayName,
  kind: z.enum(ENTITY_KINDS),
  hp: z.number().int().min(0).max(999).nullish(),
  tags: list,
  strengths: list,
  weaknesses: list,
});
const nameInput = z.object({ ...campaignRef, name: displayName });
const showInput = z.object({
  ...campaignRef,
  name: displayName,
  description: z.string().trim().max(SHOWN_TEXT_MAX).default(""),
});

export interface EntityOutcome {
  campaign: { id: string; name: string };
  entity: Entity;
  eventId: number;
}

export interface BestiaryView {
  campaign: { id: string; name: string };
  gm: boolean;
  /** What the viewer may know of: every entity for a GM, the shown ones for a player. */
  entities: Entity[];
}

export function createEntitiesService(deps: ServiceDeps, module: ExtraModule) {
  const { store } = deps;
  async function gmBestiary(tx: StoreTx, actor: Actor, campaignId?: string | null) {
    const campaign = await resolveCampaign(tx, actor, campaignId);
    assertExtraOn(module, campaign);
    await assertGm(tx, actor, campaign);
    return { campaign, bestiary: bestiaryOf(campaign.extras) };
  }

  function entityOf(bestiary: Bestiary, name: string): Entity {
    const entity = findEntity(bestiary, name);
    if (!entity) throw new ExtraRefusal(ENTITIES_ID, "no-such-entity", { entity: name });
    return entity;
  }

  async function save(
    tx: StoreTx,
    actor: Actor,
    campaign: Campaign,
    bestiary: Bestiary,
    kind: ExtraEventKind,
    entity: Entity,
  ): Promise<EntityOutcome> {
    const change = await writeModuleData(tx, campaign, ENTITIES_ID, bestiary);
    const eventId = await logModuleEvent(tx, actor, campaign, {
      kind,
      payload: { entity: entity.name },
      campaignData: [change],
      // A hidden entity's name is for the GMs: only its showing is the table's to read.
      visibility: kind === ENTITY_EVENTS.show ? "campaign" : "gms",
    });
    return { campaign: { id: campaign.id, name: campaign.name }, entity, eventId };
  }

  const replaced = (bestiary: Bestiary, entity: Entity, next: Entity): Bestiary => ({
    entities: bestiary.entities.map((e) => (e === entity ? next : e)),
  });

  return {
    ...createEncounters(deps, module),

    /** GM: an entity for the campaign's bestiary, hidden from the table until shown. */
    async add(raw: {
      actor: Actor;
      campaignId?: string | null;
      name: string;
      kind: (typeof ENTITY_KINDS)[number];
      hp?: number | null;
      tags?: string;
      strengths?: string;
      weaknesses?: string;
    }): Promise<EntityOutcome> {
      const input = parseInput(addInput, raw);
      const tags = parseTags(input.tags);
      if (!tags.ok) throw new EntityTagsRefused(tags.problems);
      return store.transaction(async (tx) => {
        const { campaign, bestiary } = await gmBestiary(tx, input.actor, input.campaignId);
        if (findEntity(bestiary, input.name)) {
          throw new ExtraRefusal(ENTITIES_ID, "entity-exists", { entity: input.name });
        }
        if (bestiary.entities.length >= MAX_ENTITIES) {
          throw new ExtraRefusal(ENTITIES_ID, "too-many-entities", { max: MAX_ENTITIES });
        }
        const entity: Entity = {
          name: input.name,
          kind: input.kind,
          hp: input.hp ?? null,
          tags: tags.tags,
          strengths: parseSkillList(input.strengths),
          weaknesses: parseSkillList(input.weaknesses),
          shown: null,
          metBy: [],
          wounds: 0,
        };
        return save(
          tx,
          input.actor,
          campaign,
          { entities: [...bestiary.entities, entity] },
          ENTITY_EVENTS.add,
          entity,
        );
      });
    },

    /** GM: an entity out of the bestiary. */
    async remove(raw: { actor: Actor; campaignId?: string | null; name: string }) {
      const input = parseInput(nameInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, bestiary } = await gmBestiary(tx, input.actor, input.campaignId);
        const entity = entityOf(bestiary, input.name);
        return save(
          tx,
          input.actor,
          campaign,
          { entities: bestiary.entities.filter((e) => e !== entity) },
          ENTITY_EVENTS.remove,
          entity,
        );
      });
    },

    /** GM: shows an entity to the table, with what the GM chooses to say (never its stats). */
    async show(raw: {
      actor: Actor;
      campaignId?: string | null;
      name: string;
      description?: string;
    }): Promise<EntityOutcome> {
      const input = parseInput(showInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, bestiary } = await gmBestiary(tx, input.actor, input.campaignId);
        const entity = entityOf(bestiary, input.name);
        const next: Entity = { ...entity, shown: { description: input.description } };
        return save(
          tx,
          input.actor,
          campaign,
          replaced(bestiary, entity, next),
          ENTITY_EVENTS.show,
          next,
        );
      });
    },

    /** GM: hides a shown entity again (the table's earlier messages stay). */
    async hide(raw: { actor: Actor; campaignId?: string | null; name: string }) {
      const input = parseInput(nameInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, bestiary } = await gmBestiary(tx, input.actor, input.campaignId);
        const entity = entityOf(bestiary, input.name);
        if (entity.shown === null) {
          throw new ExtraRefusal(ENTITIES_ID, "already-hidden", { entity: entity.name });
        }
        const next: Entity = { ...entity, shown: null };
        return save(
          tx,
          input.actor,
          campaign,
          replaced(bestiary, entity, next),
          ENTITY_EVENTS.hide,
          next,
        );
      });
    },

    /** The bestiary as the viewer may know it (autocomplete and `/entity list`). */
    async bestiary(raw: { actor: Actor; campaignId?: string | null }): Promise<BestiaryView> {
      const { actor, campaignId } = parseInput(z.object(campaignRef), raw);
      return store.read(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        assertExtraOn(module, campaign);
        const gm = await isGm(tx, actor, campaign.id);
        return {
          campaign: { id: campaign.id, name: campaign.name },
          gm,
          entities: entitiesSeenBy(bestiaryOf(campaign.extras), gm),
        };
      });
    },
  };
}

export type EntitiesService = ReturnType<typeof createEntitiesService>;
