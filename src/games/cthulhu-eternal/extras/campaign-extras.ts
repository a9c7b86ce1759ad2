import { z } from "zod";
import type { ExtraModule, ExtraSettingValue, ExtraSettingValues } from "./module.js";

/**
 * How a campaign stores its Extras (the Campaign's `extras` column): by module id, whether it is
 * on, the settings a GM changed, and the module's own campaign data (a catalogue), which only
 * the module reads, with its own schema. A module absent, or unknown to this version, is off.
 */
const storedModule = z.object({
  enabled: z.boolean().default(false),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  data: z.unknown().optional(),
});
const storedExtras = z.record(z.string(), storedModule);

export type StoredExtras = z.infer<typeof storedExtras>;

/** The stored JSON read strictly (an import): null when it can't be read. */
export function readStoredExtras(json: unknown): StoredExtras | null {
  const parsed = storedExtras.safeParse(json ?? {});
  return parsed.success ? parsed.data : null;
}

/** The stored JSON, or nothing switched on when it is missing or unreadable. */
export function storedExtrasOf(json: unknown): StoredExtras {
  const parsed = storedExtras.safeParse(json ?? {});
  return parsed.success ? parsed.data : {};
}

/** One module as a campaign has it. */
export interface CampaignExtra {
  readonly module: ExtraModule;
  readonly enabled: boolean;
  /** Every setting: the stored value when valid, else the default. */
  readonly settings: ExtraSettingValues;
}

export function settingsOf(module: ExtraModule, stored: StoredExtras): ExtraSettingValues {
  const saved = stored[module.id]?.settings ?? {};
  return Object.fromEntries(
    module.settings.map((setting): [string, ExtraSettingValue] => {
      const parsed = setting.schema.safeParse(saved[setting.key]);
      return [setting.key, parsed.success ? parsed.data : setting.defaultValue];
    }),
  );
}

/** Every module, in the registry's order, as the campaign has it. */
export function campaignExtras(
  modules: readonly ExtraModule[],
  json: unknown,
): readonly CampaignExtra[] {
  const stored = storedExtrasOf(json);
  return modules.map((module) => ({
    module,
    enabled: stored[module.id]?.enabled ?? false,
    settings: settingsOf(module, stored),
  }));
}

/** The stored JSON with one module switched and/or one setting changed. */
export function withChange(
  json: unknown,
  moduleId: string,
  change: { enabled?: boolean; setting?: { key: string; value: ExtraSettingValue } },
): StoredExtras {
  const stored = storedExtrasOf(json);
  const current = stored[moduleId] ?? { enabled: false, settings: {} };
  return {
    ...stored,
    [moduleId]: {
      ...current,
      enabled: change.enabled ?? current.enabled,
      settings: change.setting
        ? { ...current.settings, [change.setting.key]: change.setting.value }
        : current.settings,
    },
  };
}

/** A module's own campaign data, as stored (undefined when it has none yet). */
export function moduleDataOf(json: unknown, moduleId: string): unknown {
  return storedExtrasOf(json)[moduleId]?.data;
}

/** The stored JSON with a module's campaign data replaced (its switch and settings kept). */
export function withModuleData(json: unknown, moduleId: string, data: unknown): StoredExtras {
  const stored = storedExtrasOf(json);
  const current = stored[moduleId] ?? { enabled: false, settings: {} };
  return { ...stored, [moduleId]: { ...current, data } };
}
