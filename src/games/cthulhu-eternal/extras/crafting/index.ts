import type { ExtraModule } from "../module.js";
import { craftingCommand } from "./command.js";
import { CRAFTING_EVENTS } from "./events.js";
import {
  CRAFTING_NAME,
  CRAFTING_SETTING_WORDS,
  CRAFTING_SUMMARY,
  craftingEventLine,
  craftingRefusalText,
  craftingSheet,
} from "./presentation.js";
import { createCraftingService, type CraftingService } from "./service.js";
import { CRAFTING_ID } from "./state.js";

/** Crafting (seed 002): projects advanced by skill tests. */
export const craftingExtra: ExtraModule<CraftingService> = {
  id: CRAFTING_ID,
  name: CRAFTING_NAME,
  summary: CRAFTING_SUMMARY,
  settings: CRAFTING_SETTING_WORDS,
  events: Object.values(CRAFTING_EVENTS),
  command: craftingCommand((services) => services.extras.of(craftingExtra)),
  sheet: craftingSheet,
  eventLine: craftingEventLine,
  refusalText: craftingRefusalText,
  createService: (deps) => createCraftingService(deps, craftingExtra),
};
