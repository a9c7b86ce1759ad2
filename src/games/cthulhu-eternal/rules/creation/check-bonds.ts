/** Creation checks for Resources, Bonds and the bonus-pick budget they trade against. */
import type { BondKind } from "../types.js";
import type { Archetype } from "./archetypes/index.js";
import { COMMUNITY_BOND_MAX, tradeInBonus } from "./choices.js";
import type { CreationDraft, PickBudget } from "./choices.js";
import type { Report } from "./check-context.js";
import type { BondLabel } from "./violations.js";

export interface ResourcesBreakdown {
  archetype: number;
  tradeInPicks: number;
  tradeInBonus: number;
  /** Set to 0 for an extra bonus pick. */
  zero: boolean;
  rating: number;
}

export interface BondBreakdown {
  index: number;
  name: string;
  kind: BondKind;
  /** What the starting score was taken from. */
  startsFrom: "cha" | "half-resources" | "set-to-one";
  /** Null while the CHA or Resources it needs is not known yet. */
  start: number | null;
  tradeInPicks: number;
  tradeInBonus: number;
  score: number | null;
}

export function checkResources(
  draft: CreationDraft,
  archetype: Archetype | undefined,
  report: Report,
): ResourcesBreakdown | undefined {
  const tradeInPicks = draft.resources?.tradeInPicks ?? 0;
  const zero = draft.resources?.zero ?? false;
  const validPicks = Number.isInteger(tradeInPicks) && tradeInPicks >= 0;
  if (!validPicks) {
    report({
      code: "resources-trade-in-invalid",
      path: "resources.tradeInPicks",
      picks: tradeInPicks,
    });
  }
  if (zero && validPicks && tradeInPicks > 0) {
    report({ code: "resources-conflict", path: "resources" });
  }
  if (archetype === undefined) return undefined;
  const picks = validPicks && !zero ? tradeInPicks : 0;
  const bonus = tradeInBonus(picks);
  return {
    archetype: archetype.resources,
    tradeInPicks: picks,
    tradeInBonus: bonus,
    zero,
    rating: zero ? 0 : archetype.resources + bonus,
  };
}

/** Picks to drop so a Community Bond starting at `start` stays within the maximum. */
function picksOver(start: number, picks: number): number {
  let over = 0;
  while (picks - over > 0 && start + tradeInBonus(picks - over) > COMMUNITY_BOND_MAX) over += 1;
  return over;
}

export function checkBonds(
  draft: CreationDraft,
  archetype: Archetype | undefined,
  cha: number | undefined,
  resources: number | undefined,
  partial: boolean,
  report: Report,
): BondBreakdown[] {
  const bonds = draft.bonds ?? [];
  if (archetype !== undefined) {
    const wanted = archetype.bonds;
    if (bonds.length > wanted || (!partial && bonds.length < wanted)) {
      report({
        code: "bond-count",
        path: "bonds",
        archetype: archetype.name,
        wanted,
        described: bonds.length,
      });
    }
  }
  return bonds.map((bond, index) => {
    const path = `bonds[${index}]`;
    const name = bond.name.trim();
    const label: BondLabel = { name: name === "" ? null : name, number: index + 1 };
    if (!partial && name === "") {
      report({ code: "bond-name-missing", path: `${path}.name`, number: index + 1 });
    }
    const rawPicks = bond.tradeInPicks ?? 0;
    const validPicks = Number.isInteger(rawPicks) && rawPicks >= 0;
    if (!validPicks) {
      report({
        code: "bond-trade-in-invalid",
        path: `${path}.tradeInPicks`,
        bond: label,
        picks: rawPicks,
      });
    }
    const picks = validPicks ? rawPicks : 0;
    const setToOne = bond.setToOne === true;
    if (bond.kind === "individual") {
      if (picks > 0 || setToOne) {
        report({ code: "bond-trade-in-individual", path, bond: label });
      }
      const score = cha ?? null;
      return {
        index,
        name: bond.name,
        kind: bond.kind,
        startsFrom: "cha",
        start: score,
        tradeInPicks: 0,
        tradeInBonus: 0,
        score,
      };
    }
    if (setToOne) {
      if (picks > 0) {
        report({ code: "bond-conflict", path, bond: label });
      }
      return {
        index,
        name: bond.name,
        kind: bond.kind,
        startsFrom: "set-to-one",
        start: 1,
        tradeInPicks: 0,
        tradeInBonus: 0,
        score: 1,
      };
    }
    // Half the final Resources, rounded up (within the 1–20 scale).
    const start =
      resources === undefined ? null : Math.min(COMMUNITY_BOND_MAX, Math.ceil(resources / 2));
    const bonus = tradeInBonus(picks);
    // Our default: never 0 (a 0 Bond is broken), so Resources 0 alone gives a Bond of 1.
    const score = start === null ? null : Math.max(1, start + bonus);
    if (start !== null && score !== null && picks > 0 && score > COMMUNITY_BOND_MAX) {
      report({
        code: "bond-above-max",
        path: `${path}.tradeInPicks`,
        bond: label,
        score,
        max: COMMUNITY_BOND_MAX,
        over: picksOver(start, picks),
      });
    }
    return {
      index,
      name: bond.name,
      kind: bond.kind,
      startsFrom: "half-resources",
      start,
      tradeInPicks: picks,
      tradeInBonus: bonus,
      score,
    };
  });
}

export function checkPickBudget(budget: PickBudget, partial: boolean, report: Report): void {
  if (budget.remaining === 0 || (partial && budget.remaining > 0)) return;
  report({ code: "bonus-count", path: "bonusSkills", budget });
}
