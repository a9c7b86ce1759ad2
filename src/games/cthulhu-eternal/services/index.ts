import { createBondService } from "./bond-service.js";
import { createCampaignService } from "./campaign-service.js";
import { createCampaignTransfer } from "./campaign-transfer.js";
import { createHarmService } from "./harm-service.js";
import { createResourceService } from "./resource-service.js";
import { createDowntimeService } from "./downtime-service.js";
import { createSessionService } from "./session-service.js";
import type { ServiceDeps } from "./deps.js";
import { createHistoryService } from "./history-service.js";
import { createHistoryBrowsing } from "./history-browse.js";
import { createProtagonistService } from "./protagonist-service.js";
import { createRollService, createUnloggedRolls } from "./roll-service.js";
import { createSanityService } from "./sanity-service.js";

/** Every service the commands call, built from the same database and RNG. */
export function createServices(deps: ServiceDeps) {
  return {
    campaigns: createCampaignService(deps),
    campaignTransfer: createCampaignTransfer(deps),
    protagonists: createProtagonistService(deps),
    rolls: createRollService(deps),
    unloggedRolls: createUnloggedRolls(deps),
    sanity: createSanityService(deps),
    history: createHistoryService(deps),
    historyBrowsing: createHistoryBrowsing(deps),
    bonds: createBondService(deps),
    resources: createResourceService(deps),
    harm: createHarmService(deps),
    session: createSessionService(deps),
    downtime: createDowntimeService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
export type { Actor } from "../../../core/access/actor.js";
export { ServiceError, isServiceError } from "./errors.js";
