import type { ExtraModule } from "../module.js";
import { gearCommand } from "./command.js";
import { GEAR_EVENTS } from "./events.js";
import {
  GEAR_NAME,
  GEAR_SUMMARY,
  gearEventLine,
  gearRefusalText,
  gearSheet,
  HEAVY_LABEL,
} from "./presentation.js";
import { carriesHeavy, HEAVY_MODIFIER, MOVEMENT_SKILLS } from "./rules.js";
import { createGearService, type GearService } from "./service.js";
import { gearOf, GEAR_ID, arsenalSchema } from "./state.js";

const movement = new Set(MOVEMENT_SKILLS.map((s) => s.toLowerCase()));

/** Gear and Attacks (seed 002's Equipment): weapons, armour, attacks, periodic wounds. */
export const gearExtra: ExtraModule<GearService> = {
  id: GEAR_ID,
  name: GEAR_NAME,
  summary: GEAR_SUMMARY,
  campaignData: arsenalSchema,
  settings: [],
  events: Object.values(GEAR_EVENTS),
  command: gearCommand((services) => services.extras.of(gearExtra)),
  sheet: gearSheet,
  eventLine: gearEventLine,
  refusalText: gearRefusalText,
  hooks: {
    // Heavy armour makes movement hard while it is carried.
    testConditions: (protagonist, _settings, test) =>
      test.kind === "skill" &&
      movement.has((test.skill ?? "").toLowerCase()) &&
      carriesHeavy(gearOf(protagonist).armour)
        ? [{ kind: "extra", label: HEAVY_LABEL, modifier: HEAVY_MODIFIER }]
        : [],
  },
  createService: (deps) => createGearService(deps, gearExtra),
};
