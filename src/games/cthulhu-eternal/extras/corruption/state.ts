import { z } from "zod";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { NO_REDUCTIONS, type Reductions } from "../../services/extension-points.js";
import { STAT_NAMES } from "../../rules/types.js";
import { NOTHING_CORRUPTED, type CorruptibleSheet, type Corrupted } from "./rules.js";

/** The module's id: its key in the campaign's and the Protagonist's `extras`. */
export const CORRUPTION_ID = "corruption";

const points = z.number().int().min(0);
const corruptedSchema = z.object({
  HP: points.default(0),
  WP: points.default(0),
  SAN: points.default(0),
  stats: z.partialRecord(z.enum(STAT_NAMES), points).default({}),
});

/** What an imported sheet's corruption part says was taken (nothing when unreadable). */
export function reductionsOf(data: unknown): Reductions {
  const parsed = corruptedSchema.safeParse(data);
  if (!parsed.success) return NO_REDUCTIONS;
  const { HP, WP, SAN, stats } = parsed.data;
  return { hpMax: HP, wpMax: WP, maxSan: SAN, stats };
}

/** What corruption took from the Protagonist (nothing when the module never touched them). */
export function corruptedOfSheet(protagonist: ProtagonistSnapshot): Corrupted {
  const parsed = corruptedSchema.safeParse(protagonist.extras?.[CORRUPTION_ID] ?? {});
  return parsed.success ? parsed.data : NOTHING_CORRUPTED;
}

export function corruptibleOf(p: ProtagonistSnapshot): CorruptibleSheet {
  return {
    stats: { ...p.stats },
    hp: p.hp,
    hpMax: p.hpMax,
    wp: p.wp,
    wpMax: p.wpMax,
    san: p.san,
    breakingPoint: p.breakingPoint,
    unnatural: p.skills.find((s) => s.key === "unnatural")?.rating ?? 0,
  };
}

/**
 * The snapshot with corruption's result written back: lost, status "lost" for good, unless the
 * same loss already killed the Protagonist (HP 0 is death first).
 */
export function withCorruption(
  p: ProtagonistSnapshot,
  result: { sheet: CorruptibleSheet; corrupted: Corrupted; lost: boolean },
): ProtagonistSnapshot {
  const { sheet } = result;
  return {
    ...p,
    stats: sheet.stats,
    hp: sheet.hp,
    hpMax: sheet.hpMax,
    wp: sheet.wp,
    wpMax: sheet.wpMax,
    san: sheet.san,
    breakingPoint: sheet.breakingPoint,
    status: result.lost && p.status === "active" ? "lost" : p.status,
    extras: { ...p.extras, [CORRUPTION_ID]: result.corrupted },
  };
}
