import type { ExtraModule } from "../module.js";
import { advancementCommand } from "./command.js";
import { ADVANCEMENT_EVENTS } from "./events.js";
import {
  ADVANCEMENT_NAME,
  ADVANCEMENT_SETTING_WORDS,
  ADVANCEMENT_SUMMARY,
  advancementEventLine,
  advancementRefusalText,
  advancementSheet,
} from "./presentation.js";
import { createAdvancementService, type AdvancementService } from "./service.js";
import { ADVANCEMENT_ID } from "./state.js";

/** Advancement in Downtime (seed 002): the improvement check at the player's choice. */
export const advancementExtra: ExtraModule<AdvancementService> = {
  id: ADVANCEMENT_ID,
  name: ADVANCEMENT_NAME,
  summary: ADVANCEMENT_SUMMARY,
  settings: ADVANCEMENT_SETTING_WORDS,
  events: Object.values(ADVANCEMENT_EVENTS),
  command: advancementCommand((services) => services.extras.of(advancementExtra)),
  sheet: advancementSheet,
  eventLine: advancementEventLine,
  refusalText: advancementRefusalText,
  createService: (deps) => createAdvancementService(deps, advancementExtra),
};
