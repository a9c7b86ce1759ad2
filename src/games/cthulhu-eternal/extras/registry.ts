import type { ExtensionPoints } from "../services/extension-points.js";
import { z } from "zod";
import { STAT_NAMES } from "../rules/types.js";
import { invalid } from "../services/errors.js";
import { NO_REDUCTIONS } from "../services/extension-points.js";
import type { Campaign } from "../store/types.js";
import { campaignExtras } from "./campaign-extras.js";
import { readStoredExtras } from "../services/campaign-module-data.js";
import { extraOff } from "./extras-service.js";
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
  const on = (campaign: Campaign) =>
    campaignExtras(modules, campaign.extras).filter((extra) => extra.enabled);
  /** The module on in the campaign that keeps opponents; a refusal naming it when it is off. */
  const opponentKeeper = (campaign: Campaign) => {
    const keeper = on(campaign).find((e) => e.module.hooks?.opponentConditions !== undefined);
    if (keeper) return keeper;
    const off = modules.find((module) => module.hooks?.opponentConditions !== undefined);
    if (off) throw extraOff(off, campaign);
    throw invalid({ code: "opponents-unavailable" });
  };
  return {
    rollKinds: new Set(
      modules.flatMap((module) => module.events.filter((e) => e.roll).map((e) => e.kind)),
    ),
    testConditions: (protagonist, campaign, test) =>
      on(campaign).flatMap(
        (extra) => extra.module.hooks?.testConditions?.(protagonist, extra.settings, test) ?? [],
      ),
    checkCampaignExtras: (extras) => {
      const stored = readStoredExtras(extras);
      if (stored === null) {
        throw invalid({ code: "campaign-extras-invalid", module: "extras", problem: "data" });
      }
      for (const [id, part] of Object.entries(stored)) {
        const module = modules.find((m) => m.id === id);
        if (!module) {
          throw invalid({ code: "campaign-extras-invalid", module: id, problem: "unknown-module" });
        }
        for (const [key, value] of Object.entries(part.settings)) {
          const setting = module.settings.find((s) => s.key === key);
          if (!setting?.schema.safeParse(value).success) {
            throw invalid({ code: "campaign-extras-invalid", module: id, problem: "setting" });
          }
        }
        if (
          part.data !== undefined &&
          !(module.campaignData?.safeParse(part.data).success ?? false)
        ) {
          throw invalid({ code: "campaign-extras-invalid", module: id, problem: "data" });
        }
      }
      return stored;
    },
    takesCorruptingLosses: (campaign) =>
      on(campaign).some((e) => e.module.hooks?.takesCorruptingLosses),
    afterLoss: (loss) => {
      const extras = on(loss.campaign);
      if (loss.corrupting && !extras.some((e) => e.module.hooks?.takesCorruptingLosses)) {
        const taker = modules.find((module) => module.hooks?.takesCorruptingLosses);
        if (taker) throw extraOff(taker, loss.campaign);
        throw invalid({ code: "corruption-unavailable" });
      }
      return extras.reduce(
        (after, extra) =>
          extra.module.hooks?.afterLoss?.({ ...loss, after }, extra.settings) ?? after,
        loss.after,
      );
    },
    opponentConditions: (opponent) => {
      const keeper = opponentKeeper(opponent.campaign);
      return keeper.module.hooks?.opponentConditions?.(opponent, keeper.settings) ?? [];
    },
    opponentNames: (ref) => {
      const keeper = on(ref.campaign).find((e) => e.module.hooks?.opponentNames !== undefined);
      return keeper?.module.hooks?.opponentNames?.(ref) ?? [];
    },
    opponentDefence: (ref) => {
      const defence = opponentKeeper(ref.campaign).module.hooks?.opponentDefence?.(ref);
      if (!defence) throw invalid({ code: "opponents-unavailable" });
      return defence;
    },
    woundOpponent: (ref, wound) => {
      const after = opponentKeeper(ref.campaign).module.hooks?.woundOpponent?.(ref, wound);
      if (!after) throw invalid({ code: "opponents-unavailable" });
      return after;
    },
    importedReductions: (extras) => {
      const parts = z
        .record(z.string(), z.unknown())
        .catch({})
        .parse(extras ?? {});
      return modules.reduce((sum, module) => {
        const part = parts[module.id];
        const hooks = module.hooks;
        if (part === undefined || !hooks?.reductions) return sum;
        const taken = hooks.reductions(part);
        const stats = { ...sum.stats };
        for (const stat of STAT_NAMES) {
          const points = taken.stats[stat] ?? 0;
          if (points > 0) stats[stat] = (stats[stat] ?? 0) + points;
        }
        return {
          hpMax: sum.hpMax + taken.hpMax,
          wpMax: sum.wpMax + taken.wpMax,
          maxSan: sum.maxSan + taken.maxSan,
          stats,
        };
      }, NO_REDUCTIONS);
    },
    // Every module's part travels, on or off: switching a module off loses nothing.
    exportExtras: (protagonist) =>
      Object.fromEntries(
        Object.entries(protagonist.extras ?? {}).map(([id, data]) => {
          const hooks = modules.find((m) => m.id === id)?.hooks;
          return [id, hooks?.exportSheet ? hooks.exportSheet(protagonist) : data];
        }),
      ),
    importExtras: (extras, protagonist) =>
      Object.fromEntries(
        Object.entries(extras).map(([id, data]) => {
          const hooks = modules.find((m) => m.id === id)?.hooks;
          return [id, hooks?.importSheet ? hooks.importSheet(data, protagonist) : data];
        }),
      ),
    maxSanReduction: (protagonist, campaign) =>
      on(campaign).reduce(
        (sum, extra) =>
          sum + (extra.module.hooks?.maxSanReduction?.(protagonist, extra.settings) ?? 0),
        0,
      ),
  };
}
