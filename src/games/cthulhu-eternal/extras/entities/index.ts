import { entitiesCommand } from "./command.js";
import { ENTITY_EVENTS } from "./events.js";
import {
  EFFECT_LABEL,
  ENTITIES_NAME,
  ENTITIES_SUMMARY,
  entitiesEventLine,
  entitiesRefusalText,
  entitiesSheet,
} from "./presentation.js";
import { createEntitiesService, type EntitiesService } from "./service.js";
import { EFFECT_MODIFIER, opponentEffects } from "./rules.js";
import {
  bestiaryOf,
  bestiarySchema,
  entitiesSeenBy,
  ENTITIES_ID,
  findEntity,
  type Entity,
} from "./state.js";
import { defenceOf, woundEntity } from "./wounds.js";
import type { OpponentRef } from "../../services/extension-points.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";

/** The entity a tester or attacker names; a player can't name one not shown (as if none). */
function knownEntity(ref: OpponentRef): Entity {
  const entity = findEntity(bestiaryOf(ref.campaign.extras), ref.name);
  if (!entity || (entity.shown === null && !ref.gm)) {
    throw new ExtraRefusal(ENTITIES_ID, "no-such-entity", { entity: ref.name });
  }
  return entity;
}

/** Bestiary and Encounters (seed 002): a GM's entities with the seed's tags. */
export const entitiesExtra: ExtraModule<EntitiesService> = {
  id: ENTITIES_ID,
  name: ENTITIES_NAME,
  summary: ENTITIES_SUMMARY,
  campaignData: bestiarySchema,
  settings: [],
  events: Object.values(ENTITY_EVENTS),
  command: entitiesCommand((services) => services.extras.of(entitiesExtra)),
  sheet: entitiesSheet,
  eventLine: entitiesEventLine,
  refusalText: entitiesRefusalText,
  hooks: {
    opponentNames: ({ campaign, gm }) =>
      entitiesSeenBy(bestiaryOf(campaign.extras), gm).map((e) => e.name),
    opponentDefence: (ref) => defenceOf(knownEntity(ref)),
    woundOpponent: (ref, wound) => {
      const bestiary = bestiaryOf(ref.campaign.extras);
      const entity = knownEntity(ref);
      const after = woundEntity(entity, wound);
      return {
        name: entity.name,
        state: after.state,
        moduleId: ENTITIES_ID,
        data: {
          entities: bestiary.entities.map((e) => (e.name === entity.name ? after.entity : e)),
        },
      };
    },
    opponentConditions: (opponent) => {
      const entity = knownEntity(opponent);
      return opponentEffects(entity, opponent.test).map((effect) => ({
        kind: "extra",
        label: EFFECT_LABEL[effect],
        modifier: EFFECT_MODIFIER[effect],
      }));
    },
  },
  createService: (deps) => createEntitiesService(deps, entitiesExtra),
};
