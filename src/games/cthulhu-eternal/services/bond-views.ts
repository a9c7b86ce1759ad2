import type { StoreTx } from "../store/store.js";
import { bondStatus, maxBondScore, type BondStatus } from "../rules/bonds.js";
import type { Bond } from "../rules/types.js";
import { invalid } from "./errors.js";
import {
  cloneSnapshot,
  rulesBond,
  type BondSnapshot,
  type ProtagonistSnapshot,
} from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";

/** The Bond service's reading of a sheet: its Bonds as shown, found and changed. */

/** A Bond as the bot shows it: broken and destroyed ones stay listed, flagged. */
export interface BondView {
  id: string;
  name: string;
  kind: "individual" | "community";
  score: number;
  /** CHA for an individual Bond, 20 for a community Bond. */
  max: number;
  status: BondStatus;
  crossedOff: boolean;
  fellowId: string | null;
}

export interface Who {
  id: string;
  name: string;
}

export function who(p: ProtagonistSnapshot): Who {
  return { id: p.id, name: p.name };
}

/**
 * The fellow Protagonist a new Bond is to: another Protagonist of the same campaign (an id from
 * another guild is not found).
 */
export async function fellowOf(
  tx: StoreTx,
  p: ProtagonistSnapshot,
  fellowId: string,
): Promise<ProtagonistSnapshot> {
  if (fellowId === p.id) {
    throw invalid({ code: "bond-to-self", protagonist: p.name });
  }
  const fellow = await loadProtagonist(tx, p.guildId, fellowId);
  if (fellow.campaignId !== p.campaignId) {
    throw invalid({ code: "bond-across-campaigns", fellow: fellow.name });
  }
  return fellow;
}

export function withBond(p: ProtagonistSnapshot, bond: Bond): ProtagonistSnapshot {
  const next = cloneSnapshot(p);
  const target = next.bonds.find((b) => b.id === bond.id);
  if (target) {
    target.score = bond.score;
    target.crossedOff = bond.crossedOff;
  }
  return next;
}

export function view(b: BondSnapshot, cha: number): BondView {
  return {
    id: b.id,
    name: b.name,
    kind: b.kind,
    score: b.score,
    max: maxBondScore(b.kind, cha),
    status: bondStatus(rulesBond(b)),
    crossedOff: b.crossedOff,
    fellowId: b.fellowId,
  };
}
