import type { ExtraModule } from "../module.js";
import { entitiesCommand } from "./command.js";
import { ENTITY_EVENTS } from "./events.js";
import {
  ENTITIES_NAME,
  ENTITIES_SUMMARY,
  entitiesEventLine,
  entitiesRefusalText,
  entitiesSheet,
} from "./presentation.js";
import { createEntitiesService, type EntitiesService } from "./service.js";
import { ENTITIES_ID } from "./state.js";

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
  createService: (deps) => createEntitiesService(deps, entitiesExtra),
};
