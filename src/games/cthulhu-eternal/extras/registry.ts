import type { ExtensionPoints } from "../services/extension-points.js";
import { campaignExtras } from "./campaign-extras.js";
import type { ExtraModule } from "./module.js";

/**
 * The modules a bot offers, checked once at start: ids unique, and each event kind carries its
 * module's id as prefix (`training-session`), so a kind in the log says whose it is and no two
 * modules can claim one.
 */
export function assertWellFormed(modules: readonly ExtraModule[]): void {
  const ids = new Set<string>();
  const kinds = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`two Extras modules have the id "${module.id}"`);
    ids.add(module.id);
    for (const { kind } of module.events) {
      if (!kind.startsWith(`${module.id}-`)) {
        throw new Error(`the event kind "${kind}" of Extra "${module.id}" lacks its prefix`);
      }
      if (kinds.has(kind)) throw new Error(`the event kind "${kind}" is declared twice`);
      kinds.add(kind);
    }
  }
}

/** What the modules add to the core game's services. */
export function extensionPointsOf(modules: readonly ExtraModule[]): ExtensionPoints {
  assertWellFormed(modules);
  return {
    rollKinds: new Set(
      modules.flatMap((module) => module.events.filter((e) => e.roll).map((e) => e.kind)),
    ),
    testConditions: (protagonist, campaign, test) =>
      campaignExtras(modules, campaign.extras)
        .filter((extra) => extra.enabled)
        .flatMap(
          (extra) => extra.module.hooks?.testConditions?.(protagonist, extra.settings, test) ?? [],
        ),
  };
}
