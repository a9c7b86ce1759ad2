import type { ExtraModule } from "../module.js";
import { substancesCommand } from "./command.js";
import { SUBSTANCE_EVENTS } from "./events.js";
import {
  DEPENDENT_LABEL,
  SUBSTANCES_NAME,
  SUBSTANCES_SETTING_WORDS,
  SUBSTANCES_SUMMARY,
  substancesEventLine,
  substancesRefusalText,
  substancesSheet,
} from "./presentation.js";
import { dependencePenalty } from "./rules.js";
import { createSubstancesService, type SubstancesService } from "./service.js";
import { substanceStateOf, SUBSTANCES_ID, catalogueSchema } from "./state.js";

/** Substances (seed 002): effects by a CON × 5 test, and dependence that makes action checks hard. */
export const substancesExtra: ExtraModule<SubstancesService> = {
  id: SUBSTANCES_ID,
  name: SUBSTANCES_NAME,
  summary: SUBSTANCES_SUMMARY,
  campaignData: catalogueSchema,
  settings: SUBSTANCES_SETTING_WORDS,
  events: Object.values(SUBSTANCE_EVENTS),
  command: substancesCommand((services) => services.extras.of(substancesExtra)),
  sheet: substancesSheet,
  eventLine: substancesEventLine,
  refusalText: substancesRefusalText,
  hooks: {
    // Dependence makes action checks (skill and stat tests) hard; Luck is no action.
    testConditions: (protagonist, _settings, test) => {
      const modifier = dependencePenalty(substanceStateOf(protagonist));
      return modifier !== 0 && test.kind !== "luck"
        ? [{ kind: "extra", label: DEPENDENT_LABEL, modifier }]
        : [];
    },
  },
  createService: (deps) => createSubstancesService(deps, substancesExtra),
};
