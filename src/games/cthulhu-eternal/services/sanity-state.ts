import { roomOnSheet } from "../rules/sheet-limits.js";
import type { SanityState } from "../rules/types.js";
import { newId } from "./ids.js";
import { cloneAdaptation, cloneSnapshot, rulesBond, type ProtagonistSnapshot } from "./snapshot.js";

/**
 * The part of a Protagonist the Sanity rules read; `maxSanCorrupted` is what the campaign's
 * modules take off Max SAN (ExtensionPoints.maxSanReduction), where a cap matters.
 */
export function sanityStateOf(p: ProtagonistSnapshot, maxSanCorrupted = 0): SanityState {
  return {
    san: p.san,
    pow: p.stats.POW,
    cha: p.stats.CHA,
    wp: p.wp,
    breakingPoint: p.breakingPoint,
    unnatural: p.skills.find((s) => s.key === "unnatural")?.rating ?? 0,
    ...(maxSanCorrupted > 0 ? { maxSanCorrupted } : {}),
    adaptation: cloneAdaptation(p.adaptation),
    disorders: p.disorders.filter((d) => !d.cured).map((d) => d.name),
    bonds: p.bonds.map(rulesBond),
    disorderRoom: roomOnSheet("disorders", p.disorders.length),
  };
}

/**
 * Applies what the Sanity rules changed back onto a snapshot: SAN, WP (and WP max with POW), CHA,
 * breaking point, adaptation, new disorders, Bond scores, and permanent insanity.
 */
export function withSanityState(
  p: ProtagonistSnapshot,
  state: SanityState,
  permanentlyInsane: boolean,
  disorderThreat: string | null = null,
): ProtagonistSnapshot {
  const next = cloneSnapshot(p);
  next.san = state.san;
  next.wp = state.wp;
  if (state.pow !== p.stats.POW) {
    next.stats.POW = state.pow;
    // WP max follows POW's change (a corrupted maximum stays as far below POW as it was).
    next.wpMax = Math.max(0, p.wpMax + state.pow - p.stats.POW);
  }
  next.stats.CHA = state.cha;
  next.breakingPoint = state.breakingPoint;
  next.adaptation = cloneAdaptation(state.adaptation);
  const known = sanityStateOf(p).disorders.length;
  for (const name of state.disorders.slice(known)) {
    next.disorders.push({ id: newId(), name, threat: disorderThreat, cured: false });
  }
  for (const bond of state.bonds) {
    const target = next.bonds.find((b) => b.id === bond.id);
    if (target) {
      target.score = bond.score;
      target.crossedOff = bond.crossedOff;
    }
  }
  if (permanentlyInsane) next.status = "insane";
  return next;
}
