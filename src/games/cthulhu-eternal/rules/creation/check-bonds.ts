/** Creation checks for Resources, Bonds and the bonus-pick budget they trade against. */
import type { BondKind } from "../types.js";
import type { Archetype } from "./archetypes/index.js";
import { COMMUNITY_BOND_MAX, tradeInBonus } from "./choices.js";
import type { CreationDraft, PickBudget } from "./choices.js";
import { plural } from "./check-context.js";
import type { Report } from "./check-context.js";

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
    report(
      "resources-trade-in-invalid",
      "resources.tradeInPicks",
      `Trade in a whole number of picks (0 or more) for Resources, not ${tradeInPicks}.`,
    );
  }
  if (zero && validPicks && tradeInPicks > 0) {
    report(
      "resources-conflict",
      "resources",
      "Resources cannot be both set to 0 (for an extra pick) and raised with traded picks; choose one.",
    );
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
      report(
        "bond-count",
        "bonds",
        `${archetype.name} has ${plural(wanted, "Bond")}; you have described ${bonds.length}.`,
      );
    }
  }
  return bonds.map((bond, index) => {
    const path = `bonds[${index}]`;
    const label = bond.name.trim() === "" ? `Bond ${index + 1}` : bond.name.trim();
    if (!partial && bond.name.trim() === "") {
      report(
        "bond-name-missing",
        `${path}.name`,
        `Give Bond ${index + 1} a name, such as "My sister Ana" or "St. Mary's congregation".`,
      );
    }
    const rawPicks = bond.tradeInPicks ?? 0;
    const validPicks = Number.isInteger(rawPicks) && rawPicks >= 0;
    if (!validPicks) {
      report(
        "bond-trade-in-invalid",
        `${path}.tradeInPicks`,
        `Trade in a whole number of picks (0 or more) for ${label}, not ${rawPicks}.`,
      );
    }
    const picks = validPicks ? rawPicks : 0;
    const setToOne = bond.setToOne === true;
    if (bond.kind === "individual") {
      if (picks > 0 || setToOne) {
        report(
          "bond-trade-in-individual",
          path,
          `${label} is an Individual Bond: it starts at your CHA, and only Community Bonds take trade-ins or start at 1.`,
        );
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
        report(
          "bond-conflict",
          path,
          `${label} cannot both start at 1 (for an extra pick) and be raised with traded picks; choose one.`,
        );
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
      report(
        "bond-above-max",
        `${path}.tradeInPicks`,
        `${label} would reach ${score}, but a Community Bond can be at most ${COMMUNITY_BOND_MAX}; trade in ${plural(picksOver(start, picks), "pick")} fewer.`,
      );
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
  const extras: string[] = [];
  if (budget.extraForZeroResources > 0) extras.push("1 for Resources 0");
  if (budget.extraForBondsAtOne > 0) {
    extras.push(`${budget.extraForBondsAtOne} for Community Bonds at 1`);
  }
  const allowance =
    extras.length === 0
      ? `${budget.allowance} bonus picks`
      : `${budget.allowance} bonus picks (${budget.standard} + ${extras.join(" + ")})`;
  const tradedIn = budget.resourcesTradeIns + budget.communityBondTradeIns;
  const spent = `${budget.skillPicks} on skills, ${tradedIn} traded in`;
  report(
    "bonus-count",
    "bonusSkills",
    budget.remaining > 0
      ? `You have ${allowance} and have used ${budget.used} (${spent}): ${budget.remaining} still to spend on skills or trade in before play.`
      : `You have ${allowance} but have used ${budget.used} (${spent}): ${-budget.remaining} too many.`,
  );
}
