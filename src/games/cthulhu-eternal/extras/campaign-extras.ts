import { storedExtrasOf, type StoredExtras } from "../services/campaign-module-data.js";
import type { ExtraModule, ExtraSettingValue, ExtraSettingValues } from "./module.js";

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
