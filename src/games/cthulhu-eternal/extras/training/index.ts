import type { ExtraModule } from "../module.js";
import { trainingCommand } from "./command.js";
import { TRAINING_EVENTS } from "./events.js";
import {
  TRAINING_NAME,
  TRAINING_SETTING_WORDS,
  TRAINING_SUMMARY,
  trainingEventLine,
  trainingRefusalText,
  trainingSheet,
} from "./presentation.js";
import { createTrainingService, type TrainingService } from "./service.js";
import { exportedTraining, importedTraining, TRAINING_ID } from "./state.js";

/** Training and Talents (seed 002), as one Extras module. */
export const trainingExtra: ExtraModule<TrainingService> = {
  id: TRAINING_ID,
  name: TRAINING_NAME,
  summary: TRAINING_SUMMARY,
  settings: TRAINING_SETTING_WORDS,
  events: Object.values(TRAINING_EVENTS),
  command: trainingCommand((services) => services.extras.of(trainingExtra)),
  sheet: trainingSheet,
  eventLine: trainingEventLine,
  refusalText: trainingRefusalText,
  hooks: { exportSheet: exportedTraining, importSheet: importedTraining },
  createService: (deps) => createTrainingService(deps, trainingExtra),
};
