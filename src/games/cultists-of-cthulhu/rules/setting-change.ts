import type { ActionOf } from "./actions.js";
import { emit, requireHost, type Ctx } from "./context.js";
import type { Fact } from "./facts.js";
import { refuse } from "./refusals.js";
import { OVERSIZED_POOL, settingsSchema, type Settings } from "./settings.js";
import { ABILITIES, COLOURS, RESULTS } from "./types.js";

/**
 * The settings a host may change before the deal, one at a time, as `key` and typed text. A
 * change is a fact in the game's log: the game's settings are its stored ones with every change
 * not undone applied in order, so undo takes a change back like any other action.
 */

export const SETTABLE_KEYS = [
  "dice.green",
  "dice.blue",
  "dice.red",
  "poolSize",
  "oversizedPool",
  "thresholds",
  "combatWeirds",
  "combatAbility",
  "steal.ability",
  "steal.difficulty",
  "starChartEnd",
  "duelGoalsToWin",
  "deathAt",
] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

export function isSettableKey(key: string): key is SettableKey {
  return (SETTABLE_KEYS as readonly string[]).includes(key);
}

/** Three counts in Good, Weird, Bad order: "3/2/1" (spaces or commas also separate). */
function triple(text: string, allowNone: boolean): (number | null)[] | undefined {
  const parts = text.split(/[\s/,]+/).filter((p) => p !== "");
  if (parts.length !== RESULTS.length) return undefined;
  const values = parts.map((p) =>
    allowNone && p === "-" ? null : /^\d+$/.test(p) ? Number(p) : NaN,
  );
  return values.some((v) => Number.isNaN(v)) ? undefined : values;
}

function byResult(values: readonly (number | null)[]): Record<string, number | null> {
  return Object.fromEntries(RESULTS.map((r, i) => [r, values[i] ?? null]));
}

function oneOf(text: string, allowed: readonly string[]): string | undefined {
  return allowed.find((a) => a === text.toLowerCase());
}

/** The typed text as the setting's value, or undefined when it cannot be one. */
function parsed(key: SettableKey, text: string): unknown {
  const value = text.trim();
  switch (key) {
    case "dice.green":
    case "dice.blue":
    case "dice.red": {
      const counts = triple(value, false);
      return counts && byResult(counts);
    }
    case "thresholds": {
      const counts = triple(value, true);
      return counts && byResult(counts);
    }
    case "poolSize":
    case "combatWeirds":
    case "starChartEnd":
    case "duelGoalsToWin":
      return /^\d+$/.test(value) ? Number(value) : undefined;
    case "oversizedPool":
      return oneOf(value, OVERSIZED_POOL);
    case "combatAbility":
    case "steal.ability":
      return oneOf(value, ABILITIES);
    case "steal.difficulty":
      return oneOf(value, COLOURS);
    case "deathAt":
      return oneOf(value, ["limit", "past-limit"]);
  }
}

/** `settings` with `key` set to `value`, if the result is valid settings. */
export function settingsWith(
  settings: Settings,
  key: SettableKey,
  value: unknown,
): Settings | undefined {
  const copy = structuredClone(settings) as unknown as Record<string, unknown>;
  const [head = "", tail] = key.split(".");
  if (tail === undefined) copy[head] = value;
  else copy[head] = { ...(copy[head] as Record<string, unknown>), [tail]: value };
  const result = settingsSchema.safeParse(copy);
  return result.success ? result.data : undefined;
}

/** The settings after the log's changes, in order (a change the schema refuses is skipped). */
export function settingsAfter(settings: Settings, facts: readonly Fact[]): Settings {
  let now = settings;
  for (const fact of facts) {
    if (fact.type !== "setting-changed") continue;
    now = settingsWith(now, fact.key, fact.value) ?? now;
  }
  return now;
}

export function changeSetting(ctx: Ctx, action: ActionOf<"change-setting">): void {
  requireHost(ctx);
  if (!isSettableKey(action.key)) {
    refuse({ code: "invalid-choice", field: "setting", allowed: [...SETTABLE_KEYS] });
  }
  const value = parsed(action.key, action.value);
  if (value === undefined || !settingsWith(ctx.settings, action.key, value)) {
    refuse({ code: "invalid-setting", key: action.key });
  }
  emit(ctx, { type: "setting-changed", key: action.key, value });
}
