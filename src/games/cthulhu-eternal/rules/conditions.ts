import { hpState, wpState } from "./harm.js";

/**
 * The conditions a Protagonist is in, read from the sheet (rules notes "Willpower, hit points,
 * harm" and "Sanity"; seed 000 for the HP and WP thresholds): HP 2 or less unconscious, HP 0
 * dead, WP 2 or less an emotional collapse, WP 0 unconscious, SAN 0 permanently insane, the
 * exhaustion and temporary-insanity flags, adaptation, and the status a GM set.
 */

/** Most serious first: the order badges are shown in. */
export const CONDITIONS = [
  "dead",
  "lost",
  "permanently-insane",
  "retired",
  "unconscious",
  "temporarily-insane",
  "emotional-collapse",
  "exhausted",
  "adapted-violence",
  "adapted-helplessness",
] as const;
export type ConditionCode = (typeof CONDITIONS)[number];

export type ConditionPool = "HP" | "WP" | "SAN";

export interface Condition {
  code: ConditionCode;
  /** The points it was read from, e.g. WP 0; null for the status, flags and adaptation. */
  by: { pool: ConditionPool; value: number } | null;
}

/** What conditions are read from: a Protagonist snapshot fits. */
export interface ConditionSheet {
  status: "active" | "dead" | "insane" | "retired" | "lost";
  hp: number;
  wp: number;
  san: number;
  exhausted: boolean;
  /** An episode of temporary insanity still open (see the README, Sanity). */
  temporarilyInsane: boolean;
  adaptation: { violence: { adapted: boolean }; helplessness: { adapted: boolean } };
}

const SAN_PERMANENT_INSANITY_AT = 0;

/** Every condition the sheet shows, most serious first. Dead outranks everything else. */
export function conditionsOf(sheet: ConditionSheet): Condition[] {
  const hp = hpState(Math.max(0, sheet.hp));
  const wp = wpState(Math.max(0, sheet.wp));
  if (sheet.status === "dead" || hp === "dead") {
    return [{ code: "dead", by: hp === "dead" ? { pool: "HP", value: sheet.hp } : null }];
  }
  // Lost to corruption: out of play for good, whatever the pools say.
  if (sheet.status === "lost") return [{ code: "lost", by: null }];
  const found = new Map<ConditionCode, Condition["by"]>();
  const permanentlyInsane = sheet.san <= SAN_PERMANENT_INSANITY_AT;
  if (sheet.status === "insane" || permanentlyInsane) {
    found.set("permanently-insane", permanentlyInsane ? { pool: "SAN", value: sheet.san } : null);
  }
  if (sheet.status === "retired") found.set("retired", null);
  if (hp === "unconscious") found.set("unconscious", { pool: "HP", value: sheet.hp });
  else if (wp === "unconscious") found.set("unconscious", { pool: "WP", value: sheet.wp });
  if (sheet.temporarilyInsane && !found.has("permanently-insane")) {
    found.set("temporarily-insane", null);
  }
  if (wp === "emotional-collapse") {
    found.set("emotional-collapse", { pool: "WP", value: sheet.wp });
  }
  if (sheet.exhausted) found.set("exhausted", null);
  if (sheet.adaptation.violence.adapted) found.set("adapted-violence", null);
  if (sheet.adaptation.helplessness.adapted) found.set("adapted-helplessness", null);
  return CONDITIONS.filter((code) => found.has(code)).map((code) => ({
    code,
    by: found.get(code) ?? null,
  }));
}

/** The conditions `after` is in that `before` was not: what a change newly caused. */
export function newConditions(before: ConditionSheet, after: ConditionSheet): Condition[] {
  const had = new Set(conditionsOf(before).map((c) => c.code));
  return conditionsOf(after).filter((c) => !had.has(c.code));
}
