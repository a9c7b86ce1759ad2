import type { ServiceDeps } from "./deps.js";
import { createProtagonistCreationService } from "./protagonist-creation-service.js";
import { createProtagonistLifecycleService } from "./protagonist-lifecycle-service.js";
import { createProtagonistQueries } from "./protagonist-queries.js";
import { createProtagonistTransferService } from "./protagonist-transfer-service.js";

/** Everything `services.protagonists` offers, composed from its reads, creation, lifecycle and transfer. */
export function createProtagonistService(deps: ServiceDeps) {
  return {
    ...createProtagonistQueries(deps),
    ...createProtagonistCreationService(deps),
    ...createProtagonistLifecycleService(deps),
    ...createProtagonistTransferService(deps),
  };
}

export type ProtagonistService = ReturnType<typeof createProtagonistService>;
