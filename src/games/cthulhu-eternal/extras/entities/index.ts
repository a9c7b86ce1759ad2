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
import { bestiaryOf, ENTITIES_ID, findEntity } from "./state.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";

/** Bestiary and Encounters (seed 002): a GM's entities with the seed's tags. */
export const entitiesExtra: ExtraModule<EntitiesService> = {
  id: ENTITIES_ID,
  name: ENTITIES_NAME,
  summary: ENTITIES_SUMMARY,
  settings: [],
  events: Object.values(ENTITY_EVENTS),
  command: entitiesCommand((services) => services.extras.of(entitiesExtra)),
  sheet: entitiesSheet,
  eventLine: entitiesEventLine,
  refusalText: entitiesRefusalText,
  hooks: {
    opponentConditions: (opponent) => {
      const entity = findEntity(bestiaryOf(opponent.campaign.extras), opponent.name);
      // A player can't name what has not been shown: as if there were no such entity.
      if (!entity || (entity.shown === null && !opponent.gm)) {
        throw new ExtraRefusal(ENTITIES_ID, "no-such-entity", { entity: opponent.name });
      }
      return opponentEffects(entity, opponent.test).map((effect) => ({
        kind: "extra",
        label: EFFECT_LABEL[effect],
        modifier: EFFECT_MODIFIER[effect],
      }));
    },
  },
  createService: (deps) => createEntitiesService(deps, entitiesExtra),
};
