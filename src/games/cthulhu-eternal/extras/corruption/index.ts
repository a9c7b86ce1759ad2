import type { ExtraModule } from "../module.js";
import { corruptionCommand } from "./command.js";
import { CORRUPTION_EVENTS } from "./events.js";
import {
  CORRUPTION_NAME,
  CORRUPTION_SUMMARY,
  corruptionEventLine,
  corruptionRefusalText,
  corruptionSheet,
} from "./presentation.js";
import { corruptMaximum } from "./rules.js";
import { createCorruptionService, type CorruptionService } from "./service.js";
import {
  CORRUPTION_ID,
  corruptedOfSheet,
  corruptibleOf,
  reductionsOf,
  withCorruption,
} from "./state.js";

/** Corruption (seed 002): losses that lower the maximum too, until a GM restores it. */
export const corruptionExtra: ExtraModule<CorruptionService> = {
  id: CORRUPTION_ID,
  name: CORRUPTION_NAME,
  summary: CORRUPTION_SUMMARY,
  settings: [],
  events: Object.values(CORRUPTION_EVENTS),
  command: corruptionCommand((services) => services.extras.of(corruptionExtra)),
  sheet: corruptionSheet,
  eventLine: corruptionEventLine,
  refusalText: corruptionRefusalText,
  hooks: {
    takesCorruptingLosses: true,
    afterLoss: (loss) => {
      if (!loss.corrupting || loss.lost === 0) return loss.after;
      const result = corruptMaximum(
        corruptibleOf(loss.after),
        corruptedOfSheet(loss.after),
        loss.pool,
        loss.lost,
      );
      return withCorruption(loss.after, result);
    },
    maxSanReduction: (protagonist) => corruptedOfSheet(protagonist).SAN,
    reductions: reductionsOf,
  },
  createService: (deps) => createCorruptionService(deps, corruptionExtra),
};
